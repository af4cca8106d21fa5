import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEvent } from '@clubtix/contract';
import { downloadAttendees, seedAttendees } from '../../../test/attendee-data';
import { addTicket, publishEvent } from '../../../test/catalogue';
import { createClubWithAdmin, createTestApp, type TestApp } from '../../../test/helpers';

const ATTENDEES = 20_000;
const MB = 1024 * 1024;

/**
 * A quick guard on the export's memory: 20,000 attendees must not cost the process more than a
 * bounded amount, as they would if they were read or written all at once. The full measurement, on
 * a real server with 100,000 attendees and a slow client, is bench/export-memory.mjs.
 */
describe('the export of 20,000 attendees', () => {
  let t: TestApp;
  let token: string;
  let event: TEvent;

  beforeAll(async () => {
    t = await createTestApp();
    const { club, admin } = await createClubWithAdmin(t);
    token = admin.token;
    event = await publishEvent(t, token);
    const ticket = await addTicket(t, token, event.id, { quantity: null });
    await seedAttendees(t, { clubId: club.id, eventId: event.id, ticketId: ticket.id }, ATTENDEES);
  });
  afterAll(async () => t.close());

  it('streams in bounded memory', async () => {
    // Loads exceljs and warms the code paths, so that only the export itself is measured.
    expect((await downloadAttendees(t, token, (await publishEvent(t, token)).id)).status).toBe(200);
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    try {
      const response = await downloadAttendees(t, token, event.id);
      expect(response.status).toBe(200);
      expect(response.body.length).toBeGreaterThan(500 * 1024);
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    // Measured at about 20 MB; 100 MB leaves room for a busy machine's garbage collector.
    expect((peak - before) / MB).toBeLessThan(100);
  });
});
