import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  endpoints,
  EMAIL_MESSAGE,
  IMPORT_FILE_MESSAGE,
  MAX_IMPORT_ROWS,
  type TEvent,
  type TTicket,
} from '@clubtix/contract';
import { counters, csvOf, importAttendees, xlsxOf, type ImportRequest } from '../../../test/attendee-data';
import { addTicket, publishEvent, saveForm } from '../../../test/catalogue';
import { createAdminApp, expectError, multipartBody, type TestApp } from '../../../test/helpers';
import { deflated, deflatedZeros, excelLikeXlsx, zipOf } from '../../../test/zip';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';

const MB = 1024 * 1024;

describe('POST /registration/bulkImportAttendee refuses', () => {
  let t: TestApp;
  let token: string;
  let event: TEvent;
  let ticket: TTicket;

  beforeAll(async () => {
    ({ t, token } = await createAdminApp());
    event = await publishEvent(t, token);
    ticket = await addTicket(t, token, event.id, { quantity: null });
    await saveForm(t, token, event.id, [
      { type: 4, label: 'Shirt size', options: ['S', 'M', 'L'], required: true },
      { type: 3, label: 'Workshops', options: ['Knots', 'Sails'] },
      { type: 1, label: 'Notes' },
    ]);
  });
  afterAll(async () => t.close());

  const send = (file: Pick<ImportRequest, 'filename' | 'data' | 'language'> & { dryRun?: boolean }) =>
    importAttendees(t, token, { eventId: event.id, ticketId: ticket.id, ...file });
  const soldNow = async () => (await counters(t, ticket.id, event.id)).ticketSold;

  it('every bad row, numbered as the spreadsheet shows it, and imports none', async () => {
    const file = await xlsxOf([
      ['firstName', 'lastName', 'email', 'Shirt size', 'Workshops'],
      ['Ana', 'Silva', 'ana@example.org', 'S', ''],
      ['', 'Okafor', 'ben@example.org', 'M', ''],
      ['Cleo', 'Ngata', 'cleo at example.org', 'L', ''],
      [],
      ['Dev', 'Patel', 'dev@example.org', 'XL', ''],
      ['Eve', 'Moreau', 'eve@example.org', '', 'Knots, Cooking'],
      ['Fay', 'Lind', 'fay@example.org', 'M', 'Sails'],
    ]);
    const before = await soldNow();
    const result = expectPayload(await send({ filename: 'guests.xlsx', data: file }));
    expect(result).toEqual({
      imported: 0,
      skipped: 0,
      errors: [
        { row: 3, message: 'First name is required' },
        { row: 4, message: EMAIL_MESSAGE },
        { row: 6, message: 'Shirt size: choose one of the listed options' },
        { row: 7, message: 'Shirt size is required; Workshops: choose from the listed options' },
      ],
      errorsNotListed: 0,
    });
    expect(await soldNow()).toBe(before);

    const csv = Buffer.from('firstName,lastName,email,Shirt size\nAna,Silva,ana@example.org,S\n\nBen,Okafor,,M\n');
    expect(expectPayload(await send({ filename: 'guests.csv', data: csv })).errors).toEqual([
      { row: 4, message: 'E-mail is required' },
    ]);

    // The report is said in the admin's language (docs/decisions/0047-server-messages.md).
    const german = expectPayload(await send({ filename: 'guests.xlsx', data: file, language: 'de' }));
    expect(german.errors).toEqual([
      { row: 3, message: 'Vorname ist erforderlich' },
      { row: 4, message: 'Geben Sie eine gültige E-Mail-Adresse ein, etwa name@example.org, ohne Leerzeichen' },
      { row: 6, message: 'Shirt size: Wählen Sie eine der angebotenen Optionen' },
      { row: 7, message: 'Shirt size: Antwort erforderlich; Workshops: Wählen Sie aus den angebotenen Optionen' },
    ]);
  });

  it('a header row it cannot place', async () => {
    const rows = [['Ana', 'Silva', 'ana@example.org', 'S', 'x']];
    const cases: [string[], string][] = [
      [
        ['firstName', 'lastName', 'email', 'Shirt size', 'Phone'],
        `Unknown column "Phone": the header row takes firstName, lastName, email and the labels of the form's questions`,
      ],
      [
        ['firstName', 'lastName', 'mail', 'Shirt size'],
        'The header row must name the columns firstName, lastName and email (missing: email)',
      ],
      [['firstName', 'lastName', 'email', 'Notes'], 'The file has no column for the required question "Shirt size"'],
      [
        ['firstName', 'lastName', 'email', 'Shirt size', 'shirt size'],
        'The column "shirt size" appears twice in the header row',
      ],
    ];
    for (const [header, message] of cases) {
      expectError(await send({ filename: 'h.csv', data: csvOf([header, ...rows]) }), 400, 'BAD_INPUT', message);
    }
  });

  it('an empty file, or one with nothing under its header', async () => {
    expectError(
      await send({ filename: 'empty.csv', data: Buffer.alloc(0) }),
      400,
      'BAD_INPUT',
      `The file is empty. ${IMPORT_FILE_MESSAGE}`,
    );
    expectError(await send({ filename: 'blank.xlsx', data: await xlsxOf([]) }), 400, 'BAD_INPUT', /^The file is empty/);
    const headerOnly = csvOf([['firstName', 'lastName', 'email', 'Shirt size']]);
    expectError(
      await send({ filename: 'h.csv', data: headerOnly }),
      400,
      'BAD_INPUT',
      'The file has no attendee rows under its header row',
    );
  });

  it('a file that is not what its name says', async () => {
    const xlsx = await xlsxOf([['firstName', 'lastName', 'email']]);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const notAWorkbook = zipOf([await deflated('hello.txt', 'hello')]);
    const header = ['firstName', 'lastName', 'email'].map(
      (text, i) => `<c r="${'ABC'[i]}1" t="inlineStr"><is><t>${text}</t></is></c>`,
    );
    const brokenSheet = await excelLikeXlsx([], {
      sheetXml: `<worksheet><sheetData><row r="1">${header.join('')}</row><row r="2"><c r="A2"></row></c></sheetData>`,
    });
    const files: [string, Buffer][] = [
      ['guests.xlsx', Buffer.from('firstName,lastName,email\nAna,Silva,ana@example.org\n')],
      ['guests.csv', xlsx],
      ['photo.csv', png],
      ['guests.txt', Buffer.from('firstName,lastName,email\n')],
      ['guests.xlsx', Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(200, 7)])],
      ['guests.xlsx', notAWorkbook],
      ['guests.xlsx', brokenSheet],
    ];
    for (const [filename, data] of files) {
      expectError(await send({ filename, data }), 400, 'BAD_INPUT', IMPORT_FILE_MESSAGE);
    }
    const noFile = multipartBody([
      { field: 'eventId', value: event.id },
      { field: 'ticketId', value: ticket.id },
    ]);
    const response = await callEndpoint(t, endpoints.attendees.bulkImportAttendee, {
      token,
      raw: noFile.payload,
      headers: { 'content-type': noFile.contentType },
    });
    expectError(response, 400, 'BAD_INPUT', 'Choose an .xlsx or .csv file to import');
  });

  it('a zip bomb: a small .xlsx that unpacks past 100 MB', async () => {
    const bomb = zipOf([
      await deflated('[Content_Types].xml', '<Types/>'),
      await deflatedZeros('xl/worksheets/sheet1.xml', 120 * MB),
    ]);
    expect(bomb.length).toBeLessThan(MB);
    expectError(await send({ filename: 'bomb.xlsx', data: bomb }), 413, 'TOO_LARGE', /unpacks to more than 100 MB/);
  });

  it('a file past the size limit (10 MB), and takes one under it', async () => {
    const note = 'n'.repeat(4300);
    const rows = Array.from({ length: 1500 }, (_, i) => [`Big${i}`, 'Row', `big${i}@example.org`, 'S', note]);
    const six = csvOf([['firstName', 'lastName', 'email', 'Shirt size', 'Notes'], ...rows]);
    expect(six.length).toBeGreaterThan(6 * MB);
    const before = await soldNow();
    expect(expectPayload(await send({ filename: 'six.csv', data: six })).imported).toBe(1500);
    expect(await soldNow()).toBe(before + 1500);

    const eleven = Buffer.concat([six, six.subarray(0, 5 * MB)]);
    expect(eleven.length).toBeGreaterThan(11 * MB);
    expectError(
      await send({ filename: 'eleven.csv', data: eleven }),
      413,
      'TOO_LARGE',
      'The file is too large: the limit is 10 MB',
    );
    expect(await soldNow()).toBe(before + 1500);
  });

  it(`more than ${MAX_IMPORT_ROWS} rows`, async () => {
    const rows = Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => [`M${i}`, 'Many', `m${i}@example.org`, 'S']);
    const file = csvOf([['firstName', 'lastName', 'email', 'Shirt size'], ...rows]);
    expectError(
      await send({ filename: 'many.csv', data: file, dryRun: true }),
      413,
      'TOO_LARGE',
      /more than 20,000 attendee rows/,
    );
  });
});
