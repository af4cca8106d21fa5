import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TEvent, type TFormQuestion, type TRegistration, type TTicket } from '@clubtix/contract';
import { downloadAttendees, readSheet, seedAttendees } from '../../../test/attendee-data';
import { payFor } from '../../../test/buying';
import { addTicket, publishEvent, saveForm } from '../../../test/catalogue';
import { checkIn } from '../../../test/door';
import { createClubWithAdmin, createTestApp, expectError, type TestApp } from '../../../test/helpers';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const SEEDED = 1200;

/** A purchase with answers, as the attendee form sends it. */
async function buyWithAnswers(
  t: TestApp,
  event: TEvent,
  ticket: TTicket,
  buyer: string,
  people: { firstName: string; lastName: string; email: string; answers: Record<string, string | string[]> }[],
  answers: Record<string, string | string[]>,
): Promise<TRegistration> {
  const init = expectPayload(
    await callEndpoint(t, endpoints.registration.initRegistration, {
      body: { eventId: event.id, email: buyer, tickets: [{ ticketId: ticket.id, quantity: people.length }] },
    }),
  );
  const saved = expectPayload(
    await callEndpoint(t, endpoints.registration.save, {
      body: {
        registrationId: init.registration.registrationId,
        qrUuid: init.registration.qrUuid,
        attendees: init.registration.attendees.map((slot, i) => ({ attendeeId: slot.attendeeId, ...people[i]! })),
        answers,
      },
    }),
  );
  await payFor(t, saved);
  return saved;
}

/** dd/mm/yyyy hh:mm on the event's clock, worked out here independently of the server's code. */
function onEventClock(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

describe('GET /registration/downloadAttendees', () => {
  let t: TestApp;
  let token: string;
  let event: TEvent;
  let questions: TFormQuestion[];
  let first: TRegistration;
  let checkinTime: string;

  beforeAll(async () => {
    t = await createTestApp();
    const { club, admin } = await createClubWithAdmin(t);
    token = admin.token;
    event = await publishEvent(t, token, { timezone: 'Asia/Bangkok', currency: 'thb' });
    const ticket = await addTicket(t, token, event.id, { name: 'Deck', price: 2550, quantity: 5000 });
    questions = await saveForm(t, token, event.id, [
      { type: 0, label: 'Diet', perAttendee: true },
      { type: 4, label: 'Shirt size', options: ['S', 'M', 'L'], perAttendee: true },
      { type: 3, label: 'Workshops', options: ['Knots', 'Sails', 'Radio'], perAttendee: true },
      { type: 0, label: 'Company', perAttendee: false },
    ]);
    const [diet, shirt, workshops, company] = questions.map((q) => q.id) as [string, string, string, string];
    first = await buyWithAnswers(
      t,
      event,
      ticket,
      'ana@example.org',
      [
        {
          firstName: 'Ana',
          lastName: 'Silva',
          email: 'ana@example.org',
          answers: { [diet]: 'Vegan', [shirt]: 'M', [workshops]: ['Knots', 'Radio'] },
        },
        { firstName: 'Ben', lastName: 'Okafor', email: 'ben@example.org', answers: { [shirt]: 'L' } },
      ],
      { [company]: 'Harbour Ltd' },
    );
    await buyWithAnswers(
      t,
      event,
      ticket,
      'mallory@example.org',
      [
        {
          firstName: '=HYPERLINK("http://evil.example")',
          lastName: '@SUM(A1)',
          email: 'mallory@example.org',
          answers: { [diet]: '+1 cake' },
        },
      ],
      {},
    );
    const checked = await checkIn(t, token, event.id, first.registrationId, first.attendees[0]!.attendeeId);
    checkinTime = expectPayload(checked).createdAt;
    await seedAttendees(t, { clubId: club.id, eventId: event.id, ticketId: ticket.id }, SEEDED);
  });
  afterAll(async () => t.close());

  it("streams an .xlsx named after the event and the time on the event's clock, colon-free", async () => {
    const before = new Date();
    const response = await downloadAttendees(t, token, event.id);
    const after = new Date();
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX);
    const disposition = String(response.headers['content-disposition']);
    // ISO 8601 basic format with the offset, Bangkok being +0700 all year (docs/decisions/0021).
    const match = new RegExp(
      `^attachment; filename="Attendee-report-event-${event.id}-(\\d{4})(\\d\\d)(\\d\\d)T(\\d\\d)(\\d\\d)(\\d\\d)\\+0700\\.xlsx"`,
    ).exec(disposition);
    expect(match, disposition).not.toBeNull();
    const [y, mo, d, h, mi, s] = match!.slice(1).map(Number) as [number, number, number, number, number, number];
    const stamped = Date.UTC(y, mo - 1, d, h, mi, s) - 7 * 60 * 60 * 1000;
    expect(stamped).toBeGreaterThanOrEqual(Math.floor(before.getTime() / 1000) * 1000);
    expect(stamped).toBeLessThanOrEqual(after.getTime());
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('has one row per confirmed attendee with a column per question', async () => {
    const rows = await readSheet((await downloadAttendees(t, token, event.id)).body);
    expect(rows[0]).toEqual([
      'Registration ID',
      'Ticket',
      'First name',
      'Last name',
      'E-mail',
      'Buyer e-mail',
      'Diet',
      'Shirt size',
      'Workshops',
      'Company',
      'Paid amount (THB)',
      'Payment method',
      'Checked in at',
    ]);
    expect(rows).toHaveLength(1 + 3 + SEEDED);
    const [ana, ben, mallory] = rows.slice(1, 4);
    expect(ana).toEqual([
      first.registrationId,
      'Deck',
      'Ana',
      'Silva',
      'ana@example.org',
      'ana@example.org',
      'Vegan',
      'M',
      'Knots, Radio',
      'Harbour Ltd',
      25.5,
      'Online',
      onEventClock(checkinTime, 'Asia/Bangkok'),
    ]);
    // Empty cells read back as missing values.
    expect(ben?.slice(0, 11)).toEqual([
      first.registrationId,
      'Deck',
      'Ben',
      'Okafor',
      'ben@example.org',
      'ana@example.org',
      undefined,
      'L',
      undefined,
      'Harbour Ltd',
      25.5,
    ]);
    expect(ben?.[11]).toBe('Online');
    expect(ben?.[12] ?? '').toBe('');
    // Exactly as typed: kept inert by the cells' Text format, not by an apostrophe (docs/decisions/0021).
    expect(mallory?.slice(2, 7)).toEqual([
      '=HYPERLINK("http://evil.example")',
      '@SUM(A1)',
      'mallory@example.org',
      'mallory@example.org',
      '+1 cake',
    ]);
  });

  it('writes every text cell as a string in the Text format, and the paid amount as a number', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await downloadAttendees(t, token, event.id)).body as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const mallory = sheet.getRow(4);
    for (const column of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13]) {
      expect(mallory.getCell(column).numFmt, `column ${column}`).toBe('@');
      expect(mallory.getCell(column).type, `column ${column}`).not.toBe(ExcelJS.ValueType.Formula);
    }
    expect(mallory.getCell(3).value).toBe('=HYPERLINK("http://evil.example")');
    expect(mallory.getCell(3).type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getRow(1).getCell(3).numFmt).toBe('@');
    expect(mallory.getCell(11).type).toBe(ExcelJS.ValueType.Number);
    expect(mallory.getCell(11).numFmt ?? 'General').not.toBe('@');
  });

  it('reads every attendee once, in the order they registered, across pages', async () => {
    const rows = (await readSheet((await downloadAttendees(t, token, event.id)).body)).slice(4);
    expect(rows.map((row) => row[2])).toEqual(Array.from({ length: SEEDED }, (_, i) => `First${i + 1}`));
    expect(rows[0]?.slice(3, 6)).toEqual(['Last1', 'person1@example.org', 'person1@example.org']);
    expect(rows.every((row) => row[10] === 0)).toBe(true);
  });

  it('exports an event with no attendees as the header row alone', async () => {
    const empty = await publishEvent(t, token);
    const response = await downloadAttendees(t, token, empty.id);
    expect(response.status).toBe(200);
    const rows = await readSheet(response.body);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.[0]).toBe('Registration ID');
    expect(rows[0]?.at(-3)).toBe('Paid amount (GBP)');
    expect(rows[0]?.at(-2)).toBe('Payment method');
  });

  it('answers JSON errors before streaming: 401 without a token, 400 without an event, 404 for none', async () => {
    const anonymous = await downloadAttendees(t, undefined, event.id);
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.code).toBe('UNAUTHENTICATED');
    const missing = await callEndpoint(t, endpoints.attendees.downloadAttendees, { token });
    expectError(missing, 400, 'BAD_INPUT');
    expectError(
      await callEndpoint(t, endpoints.attendees.downloadAttendees, { token, query: { eventId: 'nope' } }),
      404,
      'NOT_FOUND',
    );
  });
});
