import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TEvent, type TTicket } from '@clubtix/contract';
import { csvOf, importAttendees } from '../../../test/attendee-data';
import { addTicket, publishEvent } from '../../../test/catalogue';
import { createAdminApp, type TestApp } from '../../../test/helpers';
import { expectPayload } from '../../../test/call-endpoint';

/**
 * A door may open right after an import: the planner must see the imported rows then, not when
 * autovacuum comes by (docs/decisions/0050-door-under-load-and-after-import.md).
 */
describe('POST /registration/bulkImportAttendee: the planner sees the imported attendees', () => {
  let t: TestApp;
  let token: string;
  let event: TEvent;
  let ticket: TTicket;

  beforeAll(async () => {
    ({ t, token } = await createAdminApp());
    event = await publishEvent(t, token);
    ticket = await addTicket(t, token, event.id, { quantity: null });
  });
  afterAll(async () => t.close());

  /** What the planner believes the tables hold (pg_class.reltuples, -1 before any ANALYZE). */
  const plannerRows = async () => {
    const result = await t.db.execute(sql`
      SELECT relname, reltuples::int AS rows FROM pg_class
       WHERE relname IN ('attendees', 'registrations') AND relkind = 'r' ORDER BY relname`);
    return Object.fromEntries(result.rows.map((row) => [row.relname, row.rows])) as Record<string, number>;
  };
  const file = (count: number, tag: string) =>
    csvOf([
      ['firstName', 'lastName', 'email'],
      ...Array.from({ length: count }, (_, i) => ['Guest', `No ${i}`, `${tag}${i}@example.org`]),
    ]);

  it('counts nothing new after a dry run, and every imported row as soon as a real import answers', async () => {
    const before = await plannerRows();
    const dry = await importAttendees(t, token, {
      eventId: event.id,
      ticketId: ticket.id,
      filename: 'guests.csv',
      data: file(300, 'dry'),
      dryRun: true,
    });
    expect(expectPayload(dry).imported).toBe(300);
    expect(await plannerRows()).toEqual(before);

    const response = await importAttendees(t, token, {
      eventId: event.id,
      ticketId: ticket.id,
      filename: 'guests.csv',
      data: file(300, 'guest'),
    });
    expect(expectPayload(response).imported).toBe(300);
    // The import answers once its ANALYZE has run, not when autovacuum comes by a minute later.
    expect(await plannerRows()).toEqual({ attendees: 300, registrations: 300 });
  });
});
