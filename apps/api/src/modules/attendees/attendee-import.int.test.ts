import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, ticketQrText, type TEvent, type TFormQuestion, type TTicket } from '@clubtix/contract';
import { counters, csvOf, importAttendees, xlsxOf } from '../../../test/attendee-data';
import { addTicket, publishEvent, saveForm } from '../../../test/catalogue';
import { scan } from '../../../test/door';
import { excelLikeXlsx } from '../../../test/zip';
import { call, createAdminApp, expectError, type TestApp } from '../../../test/helpers';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';

const HEADER = ['firstName', 'lastName', 'email', 'Shirt size', 'workshops', ' COMPANY '];

describe('POST /registration/bulkImportAttendee', () => {
  let t: TestApp;
  let token: string;
  let event: TEvent;
  let ticket: TTicket;
  let questions: TFormQuestion[];

  beforeAll(async () => {
    ({ t, token } = await createAdminApp());
    event = await publishEvent(t, token);
    ticket = await addTicket(t, token, event.id, { name: 'Guest', quantity: 50 });
    questions = await saveForm(t, token, event.id, [
      { type: 4, label: 'Shirt size', options: ['S', 'M', 'L'], required: true, perAttendee: true },
      { type: 3, label: 'Workshops', options: ['Knots', 'Sails', 'Radio'], perAttendee: true },
      { type: 0, label: 'Company', perAttendee: false },
    ]);
  });
  afterAll(async () => t.close());

  const attendees = async (searchKeyword?: string) =>
    expectPayload(
      await callEndpoint(t, endpoints.attendees.getAttendees, {
        token,
        query: { eventId: event.id, pageSize: 500, searchKeyword },
      }),
    );
  const available = async () =>
    expectPayload(await callEndpoint(t, endpoints.ticket.getTicketById, { token, query: { ticketId: ticket.id } }))
      .available;

  it('imports an .xlsx: confirmed registrations with their answers, seats taken, no mail', async () => {
    const file = await xlsxOf([
      HEADER,
      ['Ana', 'Silva', 'Ana@Example.org', 'm', 'Knots, radio', 'Harbour Ltd'],
      ['Ben', 'Okafor', 'ben@example.org', 'L', '', ''],
    ]);
    const before = await available();
    const response = await importAttendees(t, token, {
      eventId: event.id,
      ticketId: ticket.id,
      filename: 'guests.xlsx',
      data: file,
    });
    expect(expectPayload(response)).toEqual({ imported: 2, skipped: 0, errors: [], errorsNotListed: 0 });
    expect(response.body.msg).toBe('Imported 2 attendees');
    expect(await available()).toBe(before! - 2);

    const [shirt, workshops, company] = questions.map((q) => q.id) as [string, string, string];
    const ana = (await attendees('ana')).attendees[0]!;
    expect(ana).toMatchObject({
      firstName: 'Ana',
      lastName: 'Silva',
      email: 'ana@example.org',
      // Imported, not bought: nothing was paid, nothing to refund.
      paidAmount: null,
      refundableOrderId: null,
      buyerEmail: 'ana@example.org',
      ticketName: 'Guest',
      answers: { [shirt]: 'M', [workshops]: ['Knots', 'Radio'] },
    });
    const registration = expectPayload(
      await callEndpoint(t, endpoints.registration.getRegistrationById, {
        token,
        query: { registrationId: ana.registrationId },
      }),
    );
    expect(registration).toMatchObject({ status: 'confirmed', answers: { [company]: 'Harbour Ltd' } });
    const stored = await t.db.execute(
      sql`SELECT source, count(DISTINCT qr_uuid)::int AS codes FROM registrations WHERE event_id = ${event.id} GROUP BY source`,
    );
    expect(stored.rows).toEqual([{ source: 'import', codes: 2 }]);
    const mail = await t.db.execute(sql`SELECT count(*)::int AS n FROM mail_outbox WHERE "to" LIKE '%@example.org'`);
    expect(mail.rows[0]).toEqual({ n: 0 });

    // An imported attendee's QR opens the door like any other.
    const qr = ticketQrText({
      registrationId: registration.registrationId,
      attendeeId: ana.attendeeId,
      qrUuid: registration.qrUuid,
    });
    expect((await scan(t, token, event.id, qr)).status).toBe(200);
  });

  it('reads an .xlsx laid out as Excel writes it, straight from the upload, no temporary files left', async () => {
    const ownTemporaryFiles = async () =>
      (await readdir(tmpdir())).filter((name) => name.startsWith(`tmp-${process.pid}-`));
    const before = await ownTemporaryFiles();
    for (const [inline, name] of [
      [false, 'Kai'],
      [true, 'Lou'],
    ] as const) {
      const file = await excelLikeXlsx(
        [HEADER.slice(0, 4), [name, 'Excel', `${name.toLowerCase()}@example.org`, 'S']],
        { inline },
      );
      const response = await importAttendees(t, token, {
        eventId: event.id,
        ticketId: ticket.id,
        filename: 'excel.xlsx',
        data: file,
      });
      expect(expectPayload(response)).toEqual({ imported: 1, skipped: 0, errors: [], errorsNotListed: 0 });
      expect((await attendees(`${name.toLowerCase()}@`)).attendees[0]).toMatchObject({
        firstName: name,
        lastName: 'Excel',
      });
    }
    expect(await ownTemporaryFiles()).toEqual(before);
  });

  it('imports a .csv, with the separator Excel uses where it writes ";"', async () => {
    const comma = csvOf([
      ['First name', 'Last name', 'E-mail', 'Shirt size'],
      ['Cleo', 'Ngata', 'cleo@example.org', 'S'],
    ]);
    const semicolon = csvOf(
      [
        ['firstName', 'lastName', 'email', 'Shirt size', 'Workshops'],
        ['Dev', 'Patel', 'dev@example.org', 'M', 'Sails, Knots'],
      ],
      ';',
    );
    for (const [name, data] of [
      ['comma.csv', comma],
      ['semicolon.csv', semicolon],
    ] as const) {
      const response = await importAttendees(t, token, {
        eventId: event.id,
        ticketId: ticket.id,
        filename: name,
        data,
      });
      expect(expectPayload(response)).toEqual({ imported: 1, skipped: 0, errors: [], errorsNotListed: 0 });
    }
    const dev = (await attendees('dev@')).attendees[0]!;
    expect(dev.answers[questions[1]!.id]).toEqual(['Sails', 'Knots']);
  });

  it('skips, not duplicates, what the same file brings again', async () => {
    const file = csvOf([
      ['firstName', 'lastName', 'email', 'Shirt size'],
      ['Eve', 'Moreau', 'eve@example.org', 'S'],
      ['Fay', 'Lind', 'fay@example.org', 'M'],
      ['EVE', 'moreau', 'EVE@example.org', 'L'],
    ]);
    const request = { eventId: event.id, ticketId: ticket.id, filename: 'again.csv', data: file };
    expect(expectPayload(await importAttendees(t, token, request))).toEqual({
      imported: 2,
      skipped: 1,
      errors: [],
      errorsNotListed: 0,
    });
    const total = (await attendees()).total;
    const before = await available();
    const second = await importAttendees(t, token, request);
    expect(expectPayload(second)).toEqual({ imported: 0, skipped: 3, errors: [], errorsNotListed: 0 });
    expect(second.body.msg).toBe('Imported 0 attendees (3 rows already there skipped)');
    expect((await attendees()).total).toBe(total);
    expect(await available()).toBe(before);
  });

  it('previews with dryRun: the same answer, nothing written', async () => {
    const file = csvOf([
      ['firstName', 'lastName', 'email', 'Shirt size'],
      ['Gus', 'Hale', 'gus@example.org', 'S'],
      ['Eve', 'Moreau', 'eve@example.org', 'S'],
    ]);
    const before = await counters(t, ticket.id, event.id);
    const total = (await attendees()).total;
    const preview = await importAttendees(t, token, {
      eventId: event.id,
      ticketId: ticket.id,
      filename: 'p.csv',
      data: file,
      dryRun: true,
    });
    expect(expectPayload(preview)).toEqual({ imported: 1, skipped: 1, errors: [], errorsNotListed: 0 });
    expect(preview.body.msg).toBe('Ready to import 1 attendee (1 row already there skipped)');
    expect((await attendees()).total).toBe(total);
    expect(await counters(t, ticket.id, event.id)).toEqual(before);
  });

  it('refuses with 409 and imports nothing when the seats run short', async () => {
    const small = await addTicket(t, token, event.id, { name: 'Small', quantity: 2 });
    const rows = ['Hal', 'Ida', 'Jon'].map((name) => [name, 'Short', `${name.toLowerCase()}@example.org`, 'M']);
    const file = csvOf([['firstName', 'lastName', 'email', 'Shirt size'], ...rows]);
    const before = await counters(t, small.id, event.id);
    const total = (await attendees()).total;
    const response = await importAttendees(t, token, {
      eventId: event.id,
      ticketId: small.id,
      filename: 'x.csv',
      data: file,
    });
    expectError(
      response,
      409,
      'SOLD_OUT',
      'Not enough seats: the file has 3 new attendees and 2 seats are left for Small. Nothing was imported.',
    );
    expect(await counters(t, small.id, event.id)).toEqual(before);
    expect((await attendees()).total).toBe(total);

    // The event's capacity counts too.
    const capped = await publishEvent(t, token, { capacity: 1 });
    const open = await addTicket(t, token, capped.id, { quantity: null });
    const plain = csvOf([['firstName', 'lastName', 'email'], ...rows.map((row) => row.slice(0, 3))]);
    const refused = await importAttendees(t, token, {
      eventId: capped.id,
      ticketId: open.id,
      filename: 'x.csv',
      data: plain,
    });
    expectError(refused, 409, 'SOLD_OUT');
  });

  it('answers 400 for missing fields and 404 for a ticket of another event', async () => {
    const file = csvOf([
      ['firstName', 'lastName', 'email'],
      ['Kim', 'Lee', 'kim@example.org'],
    ]);
    const other = await publishEvent(t, token);
    const elsewhere = await addTicket(t, token, other.id);
    expectError(
      await importAttendees(t, token, { eventId: event.id, ticketId: elsewhere.id, filename: 'a.csv', data: file }),
      404,
      'NOT_FOUND',
      'Ticket not found',
    );
    expectError(
      await importAttendees(t, token, { eventId: event.id, ticketId: '', filename: 'a.csv', data: file }),
      400,
      'BAD_INPUT',
      /^ticketId: /,
    );
    expectError(
      await importAttendees(t, undefined, { eventId: event.id, ticketId: ticket.id, filename: 'a.csv', data: file }),
      401,
      'UNAUTHENTICATED',
    );
    const json = await call(t, 'POST', '/registration/bulkImportAttendee', { token, body: { eventId: event.id } });
    expectError(json, 400, 'BAD_INPUT');
  });
});
