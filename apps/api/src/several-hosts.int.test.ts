import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TEvent, type TRegistration, type TTicket } from '@clubtix/contract';
import { purchaseKit } from '@clubtix/seed-kit';
import { runMigrations } from './db/migrate';
import { attendees, checkins, mailOutbox, registrations } from './db/schema';
import { addTicket, publishEvent } from '../test/catalogue';
import { buyTickets, doorEvent, holdGuests, qrOf, scanAndCheckIn } from '../test/door';
import { multipartBody, type TestApp } from '../test/helpers';
import { noisePng } from '../test/images';
import { startNginx, type Nginx } from '../test/nginx';
import { startPgBouncer, type PgBouncer } from '../test/pgbouncer';
import { startProcessRig, type ProcessRig } from '../test/process-rig';
import { type ServerProcess } from '../test/server-process';
import { appTransport, callEndpoint, expectPayload } from '../test/call-endpoint';
import { eventDueForReminders } from '../test/mail';
import { offerTokenIn, waitlistOf } from '../test/waitlist';

const HOUR = 3_600_000;
/** The processes' sweeps run every 15 seconds (app.ts); a poll waits for a few of them. */
const SWEEPS = { timeout: 90_000, interval: 500 };
const METRICS_TOKEN = 'several-hosts-scrape-token';

/** One counter's value in a Prometheus scrape (core/metrics.ts), 0 when it has not been counted yet. */
function counter(scrape: string, name: string, labels = ''): number {
  const line = scrape.split('\n').find((row) => row.startsWith(`${name}${labels} `));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * ClubTix on several hosts (docs/deploy.md, "Several hosts"): three processes of the product, each
 * with a data directory of its own, reach PostgreSQL through a real PgBouncer in transaction pooling
 * mode (four server connections for their thirty clients, so consecutive transactions of one client
 * land on different server connections; docs/decisions/0078-through-pgbouncer.md), with the
 * migrations on the direct URL, behind a real nginx balancing round-robin. Nothing may lean on a
 * host's disk or on session state: every image any host stored is served by all, a flash sale
 * through the balancer never oversells, each process's metrics sum to the database's count, and the
 * door, the reminder sweep and the waiting list answer as on one process. Needs Debian's pgbouncer
 * and nginx (installed by .ci/run); without them the test fails, it never skips.
 */
describe('three hosts through PgBouncer in transaction pooling, behind nginx', () => {
  let pooler: PgBouncer | undefined;
  let rig: ProcessRig | undefined;
  let balancer: Nginx | undefined;
  let t: TestApp;
  let token: string;
  let servers: ServerProcess[] = [];
  const server = (i: number) => servers[i % servers.length]!.baseUrl;
  const scrapes = () =>
    Promise.all(
      servers.map(async ({ baseUrl }) => {
        const response = await fetch(`${baseUrl}/api/metrics`, {
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        });
        expect(response.status).toBe(200);
        return response.text();
      }),
    );

  beforeAll(async () => {
    rig = await startProcessRig(
      3,
      async (app) => {
        pooler = await startPgBouncer(app.databaseUrl, 4);
        return {
          DATABASE_URL: pooler.url,
          DATABASE_MIGRATION_URL: app.databaseUrl,
          DATABASE_POOLING: 'transaction',
          METRICS_TOKEN,
          TRUST_PROXY: '127.0.0.1',
        };
      },
      150_000,
      // The sweeps are the processes' alone: this app only seeds and reads the rows.
      { holdSweepMs: 24 * HOUR },
    );
    ({ t, token, servers } = rig);
    balancer = await startNginx(servers.map((one) => one.baseUrl));
  }, 480_000);
  afterAll(async () => {
    await balancer?.stop();
    await rig?.stop();
    await pooler?.stop();
  });

  it('serves every image any host stored, from every host and through the balancer', { timeout: 120_000 }, async () => {
    // Each host stores one upload of its own.
    const urls = await Promise.all(
      servers.map(async (_, i) => {
        const { payload, contentType } = multipartBody([
          { filename: `banner-${i}.png`, contentType: 'image/png', data: await noisePng(520, 60 + i * 40) },
        ]);
        const uploaded = await callEndpoint(server(i), endpoints.system.uploadImage, {
          token,
          raw: payload,
          headers: { 'content-type': contentType },
        });
        return expectPayload(uploaded).url;
      }),
    );
    expect(new Set(urls).size).toBe(3);

    for (const [i, url] of urls.entries()) {
      // The full image, and a narrower copy first asked of the next host, which makes and keeps it.
      for (const variant of [url, `${url}?w=480`]) {
        const first = variant === url ? i : i + 1;
        const answers = [];
        for (const base of [...[0, 1, 2].map((k) => server(first + k)), ...[0, 1, 2].map(() => balancer!.url)]) {
          const response = await fetch(`${base}${variant}`);
          expect(response.status, `${base}${variant}`).toBe(200);
          answers.push({ etag: response.headers.get('etag'), bytes: Buffer.from(await response.arrayBuffer()) });
        }
        // The same bytes everywhere, named by their hash, and a revalidation answered without them.
        const etag = `"${sha256(answers[0]!.bytes)}"`;
        for (const answer of answers)
          expect({ etag: answer.etag, hash: sha256(answer.bytes) }).toEqual({ etag, hash: etag.slice(1, -1) });
        for (const base of [server(0), server(1), server(2)]) {
          expect((await fetch(`${base}${variant}`, { headers: { 'if-none-match': etag } })).status).toBe(304);
        }
      }
    }
    // Nothing of it on any host's disk: each host's data directory holds no media.
    for (const one of servers) {
      expect(one.dataDir).not.toBe('');
      expect(existsSync(path.join(one.dataDir, 'media')), one.dataDir).toBe(false);
    }
    expect(new Set(servers.map((one) => one.dataDir)).size).toBe(3);
  });

  it(
    'sells exactly the quantity to a crowd through the balancer, and the hosts count what they sold',
    { timeout: 180_000 },
    async () => {
      const event = await publishEvent(t, token);
      const ticket = await addTicket(t, token, event.id, { name: 'General', quantity: 40 });
      const before = await scrapes();
      const responses = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          callEndpoint(balancer!.url, endpoints.registration.initRegistration, {
            body: {
              eventId: event.id,
              email: `crowd${i}@example.org`,
              tickets: [{ ticketId: ticket.id, quantity: 1 }],
            },
          }),
        ),
      );
      const won = responses.filter((r) => r.status === 200);
      expect(won).toHaveLength(40);
      expect(responses.filter((r) => r.status === 409 && r.body.code === 'SOLD_OUT')).toHaveLength(160);

      // Every winner fills in, prices and pays through the balancer: each step may reach another host.
      const kit = purchaseKit(appTransport(balancer!.url));
      const paid = await Promise.all(
        won.map(async (r, i) => {
          const { registrationId, qrUuid, attendees: slots } = r.body.payload!.registration;
          await kit.fillIn({
            registrationId,
            qrUuid,
            attendees: slots.map((slot) => ({
              attendeeId: slot.attendeeId,
              firstName: 'Crowd',
              lastName: `Member${i}`,
              email: `crowd-member${i}@example.org`,
            })),
            answers: {},
          });
          const { order } = await kit.price({ registrationId, qrUuid });
          const intent = await kit.startPayment({ orderId: order.id });
          return callEndpoint(balancer!.url, endpoints.stripe.confirmPayment, {
            body: { paymentIntentId: intent.paymentIntentId, testCard: '4242 4242 4242 4242' },
          });
        }),
      );
      for (const response of paid) expect(response.status, response.body.msg).toBe(200);

      const { rows } = await t.db.execute<{ attendees: number; confirmed: number; sold: number; reserved: number }>(sql`
      SELECT (SELECT count(*)::int FROM attendees WHERE event_id = ${event.id}) AS attendees,
             (SELECT count(*)::int FROM registrations WHERE event_id = ${event.id} AND status = 'confirmed') AS confirmed,
             (SELECT count(*)::int FROM attendees a JOIN registrations r ON r.id = a.registration_id
               WHERE r.event_id = ${event.id} AND r.status = 'confirmed') AS sold,
             (SELECT reserved_count FROM tickets WHERE id = ${ticket.id}) AS reserved`);
      expect(rows[0]).toEqual({ attendees: 40, confirmed: 40, sold: 40, reserved: 40 });

      // Each host counted its own share (the balancer spread the crowd over all three), and the
      // shares add up to what the database holds, as Prometheus sums them (docs/deploy.md).
      const after = await scrapes();
      const delta = (name: string, labels?: string) =>
        after.map((scrape, k) => counter(scrape, name, labels) - counter(before[k]!, name, labels));
      const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
      const answered = delta('clubtix_tickets_held_total').map(
        (held, k) => held + delta('clubtix_tickets_refused_total', '{reason="sold_out"}')[k]!,
      );
      expect(
        answered.every((count) => count > 0),
        answered.join(', '),
      ).toBe(true);
      expect(sum(delta('clubtix_tickets_held_total'))).toBe(40);
      expect(sum(delta('clubtix_tickets_refused_total', '{reason="sold_out"}'))).toBe(160);
      expect(delta('clubtix_tickets_sold_total').every((count) => count > 0)).toBe(true);
      expect(sum(delta('clubtix_tickets_sold_total'))).toBe(rows[0]!.sold);
    },
  );

  it('checks each attendee in once at a door syncing through two processes and scanning on all three', async () => {
    const door = await doorEvent(t, token, { title: 'Pooled Regatta' });
    const synced = await buyTickets(t, door.event.id, door.ticket.id, 20, 'synced@example.org');
    const scanned = await buyTickets(t, door.event.id, door.ticket.id, 6, 'scanned@example.org');
    // Bought yesterday: the admissions of the last hour are after the tickets became valid.
    await t.db
      .update(registrations)
      .set({ confirmedAt: new Date(Date.now() - 86_400_000) })
      .where(eq(registrations.eventId, door.event.id));

    const base = Date.now() - HOUR;
    const sync = (device: number) =>
      callEndpoint(server(device), endpoints.checkin.sync, {
        token,
        body: {
          eventId: door.event.id,
          deviceId: `gate-${device}`,
          checkins: synced.attendees.map((a, k) => ({
            attendeeId: a.attendeeId,
            at: new Date(base + k * 1000 + device * 500).toISOString(),
          })),
        },
      });
    // Each scanned ticket is scanned twice at once, on two processes: one of the two checks it in.
    const scans = scanned.attendees.flatMap((a, k) =>
      [0, 1].map((twice) => scanAndCheckIn(server(k + twice), token, door.event.id, qrOf(scanned, a))),
    );
    const [first, second, ...scanAnswers] = await Promise.all([sync(0), sync(1), ...scans]);

    expect(first.status, first.body.msg).toBe(200);
    expect(second.status, second.body.msg).toBe(200);
    const results = [...first.body.payload!.results, ...second.body.payload!.results];
    expect(results.filter((r) => r.status === 'stored')).toHaveLength(20);
    expect(results.filter((r) => r.status === 'duplicate')).toHaveLength(20);
    expect(scanAnswers.map((r) => r.status)).toEqual(scanAnswers.map(() => 200));
    expect(scanAnswers.filter((r) => r.body.payload!.justCheckedIn)).toHaveLength(6);

    const rows = await t.db.select().from(checkins).where(eq(checkins.eventId, door.event.id));
    expect(rows).toHaveLength(26);
    expect(new Set(rows.map((row) => row.attendeeId)).size).toBe(26);
    // The earlier of the two devices' times is kept: gate-0's.
    const synchronised = rows.filter((row) => row.deviceId !== null && row.deviceId.startsWith('gate-'));
    expect(synchronised.every((row) => row.deviceId === 'gate-0')).toBe(true);
  });

  it('mails each attendee one reminder, whichever process sweeps', { timeout: 120_000 }, async () => {
    const event = await eventDueForReminders(t, token, 'Pooled Night Regatta', 10, (i) => `night${i}@example.org`);

    const unreminded = () =>
      t.db
        .select({ id: attendees.id })
        .from(attendees)
        .where(and(eq(attendees.eventId, event.id), isNull(attendees.remindedAt)));
    await expect.poll(async () => (await unreminded()).length, SWEEPS).toBe(0);
    const queued = await t.db
      .select({ to: mailOutbox.to })
      .from(mailOutbox)
      .where(like(mailOutbox.subject, 'Reminder: Pooled Night Regatta%'));
    expect(queued.map((row) => row.to).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `night${i}@example.org`).sort(),
    );
  });

  it('offers a freed seat once, to the first in line', { timeout: 150_000 }, async () => {
    const event: TEvent = await publishEvent(t, token, { title: 'Pooled Waiting List' });
    const ticket: TTicket = await addTicket(t, token, event.id, { quantity: 2, maxPerOrder: 2 });
    await buyTickets(t, event.id, ticket.id, 1, 'kept@example.org');
    const hold: TRegistration = await holdGuests(t, event.id, ticket.id, 1, 'lapsing@example.org');
    const line = ['first@example.org', 'second@example.org'];
    for (const [i, email] of line.entries()) {
      const joined = await callEndpoint(server(i), endpoints.waitlist.join, {
        body: { eventId: event.id, ticketId: ticket.id, email, quantity: 1 },
      });
      expect(joined.status, joined.body.msg).toBe(200);
    }

    // The hold's time runs out: a process's sweep frees the seat, and a sweep offers it.
    await t.db
      .update(registrations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(registrations.id, hold.registrationId));
    const statuses = async () =>
      Object.fromEntries((await waitlistOf(t, token, event.id)).map((entry) => [entry.email, entry.status]));
    await expect.poll(statuses, SWEEPS).toEqual({ 'first@example.org': 'offered', 'second@example.org': 'waiting' });
    // Another round of every process's sweeps changes nothing: the seat is offered once.
    await new Promise((resolve) => setTimeout(resolve, 16_000));
    expect(await statuses()).toEqual({ 'first@example.org': 'offered', 'second@example.org': 'waiting' });
    const mails = await t.db
      .select({ to: mailOutbox.to, text: mailOutbox.text })
      .from(mailOutbox)
      .where(inArray(mailOutbox.to, line));
    expect(mails.filter((mail) => offerTokenIn(mail.text)).map((mail) => mail.to)).toEqual(['first@example.org']);
  });

  it(
    'migrates through the pooler too, three runs at once, and leaves no lock behind',
    { timeout: 60_000 },
    async () => {
      // Without DATABASE_MIGRATION_URL: each run is one transaction under a transaction-scoped lock,
      // which ends with it on whichever server connection the pooler lent (db/migrate.ts).
      await Promise.all([0, 1, 2].map(() => runMigrations(pooler!.url)));
      const { rows } = await t.db.execute<{ held: number }>(
        sql`SELECT count(*)::int AS held FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      );
      expect(rows[0]!.held).toBe(0);
    },
  );
});
