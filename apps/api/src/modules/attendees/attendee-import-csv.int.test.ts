import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  endpoints,
  IMPORT_EXAMPLE,
  IMPORT_EXAMPLE_MESSAGE,
  type TEvent,
  type TFormQuestion,
  type TTicket,
} from '@clubtix/contract';
import { counters, csvOf, importAttendees, xlsxOf } from '../../../test/attendee-data';
import { addTicket, publishEvent, saveForm } from '../../../test/catalogue';
import { createAdminApp, expectError, type TestApp } from '../../../test/helpers';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';

const HEADER = 'firstName,lastName,email,Workshops,Notes';

/** Lines of a CSV file as a person types them, `\n` between. */
const csvText = (lines: string[]) => Buffer.from(`${lines.join('\n')}\n`);

describe('POST /registration/bulkImportAttendee: choices, the example row and quotes', () => {
  let t: TestApp;
  let token: string;
  let event: TEvent;
  let ticket: TTicket;
  let workshops: TFormQuestion;
  let notes: TFormQuestion;

  beforeAll(async () => {
    ({ t, token } = await createAdminApp());
    event = await publishEvent(t, token);
    ticket = await addTicket(t, token, event.id, { quantity: null });
    const saved = await saveForm(t, token, event.id, [
      { type: 3, label: 'Workshops', options: ['Knots', 'Sails', 'Size, adult'], perAttendee: true },
      { type: 1, label: 'Notes', perAttendee: true },
    ]);
    [workshops, notes] = saved as [TFormQuestion, TFormQuestion];
  });
  afterAll(async () => t.close());

  const send = (filename: string, data: Buffer) =>
    importAttendees(t, token, { eventId: event.id, ticketId: ticket.id, filename, data });
  const answersOf = async (email: string) => {
    const listed = expectPayload(
      await callEndpoint(t, endpoints.attendees.getAttendees, {
        token,
        query: { eventId: event.id, searchKeyword: email },
      }),
    );
    return listed.attendees.map((attendee) => attendee.answers[workshops.id]);
  };

  it('reads several checkbox answers separated by ";" or ",", in .csv and .xlsx, an option with a comma whole', async () => {
    const csv = csvText([
      HEADER,
      'Ana,Silva,ana.choices@example.org,Knots; Sails,',
      'Ben,Okafor,ben.choices@example.org,"sails,knots",',
      'Cleo,Ngata,cleo.choices@example.org,"Size, adult; Knots",',
    ]);
    expect(expectPayload(await send('choices.csv', csv))).toEqual({
      imported: 3,
      skipped: 0,
      errors: [],
      errorsNotListed: 0,
    });
    const xlsx = await xlsxOf([
      ['firstName', 'lastName', 'email', 'Workshops'],
      ['Dev', 'Patel', 'dev.choices@example.org', 'Sails;Size, adult'],
    ]);
    expect(expectPayload(await send('choices.xlsx', xlsx)).imported).toBe(1);

    expect(await answersOf('ana.choices@')).toEqual([['Knots', 'Sails']]);
    expect(await answersOf('ben.choices@')).toEqual([['Sails', 'Knots']]);
    expect(await answersOf('cleo.choices@')).toEqual([['Size, adult', 'Knots']]);
    expect(await answersOf('dev.choices@')).toEqual([['Sails', 'Size, adult']]);
  });

  it('refuses a choice the form does not offer, whichever separator the cell uses', async () => {
    const csv = csvText([
      HEADER,
      'Eve,Moreau,eve.choices@example.org,Knots; Cooking,',
      'Fay,Lind,fay.choices@example.org,"Sails, Cooking",',
    ]);
    const result = expectPayload(await send('unknown.csv', csv));
    expect(result.imported).toBe(0);
    expect(result.errors).toEqual([
      { row: 2, message: 'Workshops: choose from the listed options' },
      { row: 3, message: 'Workshops: choose from the listed options' },
    ]);
  });

  it('refuses the template example row left in the file, and imports nothing of that file', async () => {
    const before = (await counters(t, ticket.id, event.id)).ticketSold;
    const csv = csvOf([
      ['firstName', 'lastName', 'email', 'Workshops', 'Notes'],
      [IMPORT_EXAMPLE.firstName, IMPORT_EXAMPLE.lastName, IMPORT_EXAMPLE.email, 'Knots; Sails', 'A longer answer'],
      ['Fay', 'Lind', 'fay.example@example.org', 'Sails', ''],
    ]);
    const result = expectPayload(await send('template.csv', csv));
    expect(result).toEqual({
      imported: 0,
      skipped: 0,
      errors: [{ row: 2, message: IMPORT_EXAMPLE_MESSAGE }],
      errorsNotListed: 0,
    });
    expect((await counters(t, ticket.id, event.id)).ticketSold).toBe(before);
  });

  it('takes quotes inside a cell as spreadsheet programs do', async () => {
    const csv = csvText([
      HEADER,
      'Gus,Grant,gus.quotes@example.org,Knots,Ann "the boss" said 5" tall',
      'Hal,"O""Hara",hal.quotes@example.org,Sails,"quoted, with a comma"',
    ]);
    expect(expectPayload(await send('quotes.csv', csv)).imported).toBe(2);
    const listed = expectPayload(
      await callEndpoint(t, endpoints.attendees.getAttendees, {
        token,
        query: { eventId: event.id, searchKeyword: 'quotes@' },
      }),
    );
    const read = listed.attendees
      .map((a) => [a.firstName, a.lastName, a.answers[notes.id]])
      .sort((x, y) => String(x[0]).localeCompare(String(y[0])));
    expect(read).toEqual([
      ['Gus', 'Grant', 'Ann "the boss" said 5" tall'],
      ['Hal', 'O"Hara', 'quoted, with a comma'],
    ]);
  });

  it('names the line of a quote that is never closed, not the end of the file', async () => {
    const lines = [HEADER];
    for (let n = 2; n <= 40; n++) {
      lines.push(
        n === 32 ? `Ivy,Unclosed,ivy.quote@example.org,Knots,"she said hi` : `P${n},Row,p${n}.quote@example.org,Sails,`,
      );
    }
    expectError(
      await send('stray.csv', csvText(lines)),
      400,
      'BAD_INPUT',
      'The .csv file cannot be read: the quote opened on line 32 is never closed',
    );
  });

  it('names the line a row starts on when an open quote swallows more than a row may hold', async () => {
    const filler = Array.from({ length: 30_000 }, (_, n) => `P${n},Row,p${n}.long@example.org,Sails,`);
    const lines = [
      HEADER,
      'Jo,Row,jo.long@example.org,Knots,',
      'Kit,Row,kit.long@example.org,Sails,"never closed',
      ...filler,
    ];
    expectError(
      await send('long.csv', csvText(lines)),
      400,
      'BAD_INPUT',
      'The .csv file cannot be read: the row that starts on line 3 is longer than 1 MB (a quote that is never closed makes one)',
    );
  });
});
