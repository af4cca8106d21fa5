import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@clubtix/contract';
import { buyTickets, doorEvent, holdGuests, qrOf, scanAndCheckIn } from '../../../test/door';
import { addTicket } from '../../../test/catalogue';
import { callEndpoint } from '../../../test/call-endpoint';
import { createClubWithAdmin, createTestApp, type TestApp } from '../../../test/helpers';

const TOKEN = 'metrics-token-for-the-test-0123456789';

/** One sample's value in Prometheus text, 0 when the series is not there yet. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

describe('GET /api/metrics', () => {
  let t: TestApp;
  let token: string;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(
      { METRICS_TOKEN: TOKEN, LOG_LEVEL: 'info' },
      { logDestination: { write: (line) => lines.push(line) } },
    );
    token = (await createClubWithAdmin(t)).admin.token;
  });
  afterAll(async () => t.close());

  const scrape = async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };

  it('counts holds, sales, refusals and door scans where they happen', async () => {
    const { event, ticket } = await doorEvent(t, token);
    const scarce = await addTicket(t, token, event.id, { quantity: 1, maxPerOrder: 5 });
    const before = await scrape();

    await holdGuests(t, event.id, ticket.id, 2, 'held@example.org');
    const bought = await buyTickets(t, event.id, ticket.id, 3);
    const refused = await callEndpoint(t, endpoints.registration.initRegistration, {
      body: { eventId: event.id, email: 'late@example.org', tickets: [{ ticketId: scarce.id, quantity: 2 }] },
    });
    expect(refused.status).toBe(409);
    expect((await scanAndCheckIn(t, token, event.id, qrOf(bought))).status).toBe(200);
    expect((await scanAndCheckIn(t, token, event.id, qrOf(bought))).status).toBe(200);
    // Sold and let in at the box office; two offline admissions synced, one already let in online.
    const sold = await callEndpoint(t, endpoints.boxoffice.sell, {
      token,
      body: {
        eventId: event.id,
        tickets: [{ ticketId: ticket.id, quantity: 2 }],
        paymentMethod: 'cash',
        checkIn: true,
      },
    });
    expect(sold.status, sold.body.msg).toBe(200);
    const synced = await callEndpoint(t, endpoints.checkin.sync, {
      token,
      body: {
        eventId: event.id,
        deviceId: 'offline-gate',
        checkins: bought.attendees.slice(0, 3).map((a) => ({ attendeeId: a.attendeeId, at: new Date().toISOString() })),
      },
    });
    expect(synced.status, synced.body.msg).toBe(200);

    const after = await scrape();
    const moved = (series: string) => sample(after, series) - sample(before, series);
    expect(moved('clubtix_tickets_held_total')).toBe(5);
    expect(moved('clubtix_tickets_sold_total')).toBe(5);
    expect(moved('clubtix_tickets_refused_total{reason="sold_out"}')).toBe(2);
    expect(moved('clubtix_door_scans_total{result="admitted"}')).toBe(1);
    expect(moved('clubtix_door_scans_total{result="already_checked_in"}')).toBe(1);
    expect(moved('clubtix_door_scans_total{result="admitted_at_sale"}')).toBe(2);
    expect(moved('clubtix_door_scans_total{result="synced_stored"}')).toBe(2);
    expect(moved('clubtix_door_scans_total{result="synced_duplicate"}')).toBe(1);
    // Durations by route pattern, never the raw URL; the pool and the event loop read at scrape time.
    expect(after).toContain(
      'http_request_duration_seconds_count{method="POST",route="/api/checkin/scanByRegistrationId",status="200"} 2',
    );
    expect(after).not.toContain(event.id);
    expect(after).toMatch(/^clubtix_db_pool_connections\{state="in_use"\} \d+$/m);
    expect(after).toMatch(/^clubtix_db_pool_waiting \d+$/m);
    expect(after).toMatch(/^nodejs_eventloop_lag_p99_seconds [\d.e-]+$/m);
  });

  it('answers 401 to a wrong or missing token, and no log line holds the token', async () => {
    for (const authorization of [`Bearer ${TOKEN}x`, 'Bearer ', TOKEN, undefined]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
      expect(response.headers['www-authenticate']).toBe('Bearer');
    }
    t.app.log.info({ metricsToken: TOKEN, authorization: `Bearer ${TOKEN}` }, `scraped with Bearer ${TOKEN}`);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('')).not.toContain(TOKEN);
  });

  it('is not there without METRICS_TOKEN', async () => {
    const bare = await createTestApp();
    try {
      const response = await bare.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    } finally {
      await bare.close();
    }
  });
});
