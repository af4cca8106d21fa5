import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMAIL_MESSAGE,
  IMPORT_ERRORS_BUDGET_BYTES,
  IMPORT_MESSAGE_MAX_CHARS,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
} from '@clubtix/contract';
import { counters, csvOf, importAttendees } from '../../../test/attendee-data';
import { addTicket, publishEvent, saveForm } from '../../../test/catalogue';
import { createAdminApp, expectError, type TestApp } from '../../../test/helpers';
import { excelLikeXlsx } from '../../../test/zip';
import { expectPayload } from '../../../test/call-endpoint';

const QUESTIONS = 97;
const COLUMNS = 3 + QUESTIONS;

/** A1-style column letters: 0 is A, 26 is AA. */
const column = (index: number): string =>
  (index >= 26 ? column(Math.floor(index / 26) - 1) : '') + String.fromCharCode(65 + (index % 26));

const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

/**
 * The amplifier of docs/decisions/0020-bounded-lists-and-quotas.md ("The import's answer budget"): one
 * shared string ("XL", not an e-mail and not an option) referenced by every cell of MAX_IMPORT_ROWS
 * rows × 100 columns. The file is a few megabytes; with a message per bad cell per row, its answer
 * would be some 700 MB of JSON.
 */
async function amplifyingXlsx(labels: string[]): Promise<Buffer> {
  const header = ['firstName', 'lastName', 'email', ...labels].map((text, c) => inline(`${column(c)}1`, text));
  const rows = [`<row r="1">${header.join('')}</row>`];
  const refs = Array.from({ length: COLUMNS }, (_, c) => column(c));
  for (let r = 2; r <= MAX_IMPORT_ROWS + 1; r++) {
    rows.push(`<row r="${r}">${refs.map((ref) => `<c r="${ref}${r}" t="s"><v>0</v></c>`).join('')}</row>`);
  }
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  return excelLikeXlsx([['XL']], {
    sheetXml: `<worksheet xmlns="${main}"><sheetData>${rows.join('')}</sheetData></worksheet>`,
  });
}

describe('POST /registration/bulkImportAttendee answers within its budget', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    ({ t, token } = await createAdminApp());
  });
  afterAll(async () => t.close());

  it('however many bad cells a small file repeats: the first rows listed, the rest counted, nothing imported', async () => {
    const event = await publishEvent(t, token);
    const ticket = await addTicket(t, token, event.id, { quantity: null });
    // Labels as long as the form takes (300), so each bad answer names a long question.
    const labels = Array.from({ length: QUESTIONS }, (_, i) => `Q${String(i).padStart(2, '0')} ${'w'.repeat(296)}`);
    await saveForm(
      t,
      token,
      event.id,
      labels.map((label) => ({ type: 4 as const, label, options: ['S', 'M', 'L'] })),
    );
    const file = await amplifyingXlsx(labels);
    expect(file.length).toBeLessThan(MAX_IMPORT_BYTES);

    const response = await importAttendees(t, token, {
      eventId: event.id,
      ticketId: ticket.id,
      filename: 'amp.xlsx',
      data: file,
    });
    expect(response.status).toBe(200);
    // The whole answer, envelope and all, stays within the errors' budget and a little more.
    const bytes = Buffer.byteLength(JSON.stringify(response.body));
    expect(bytes).toBeLessThan(IMPORT_ERRORS_BUDGET_BYTES + 1024);

    const result = expectPayload(response);
    expect(result.imported).toBe(0);
    expect(result.errors.length).toBeGreaterThan(0);
    expect(result.errors.length + result.errorsNotListed).toBe(MAX_IMPORT_ROWS);
    // The first bad rows, in file order (row 2 is the first under the header).
    expect(result.errors.map((error) => error.row)).toEqual(result.errors.map((_, i) => i + 2));
    const [first] = result.errors;
    expect(first!.message.length).toBeLessThanOrEqual(IMPORT_MESSAGE_MAX_CHARS);
    expect(first!.message.startsWith(`${EMAIL_MESSAGE}; Q00 `)).toBe(true);
    expect(first!.message).toMatch(/; and 96 more problems$/);
    expect((await counters(t, ticket.id, event.id)).ticketSold).toBe(0);
  }, 180_000);

  it('a header row of many unknown columns names a few of them, each cut short', async () => {
    const event = await publishEvent(t, token);
    const ticket = await addTicket(t, token, event.id, { quantity: null });
    const unknown = Array.from({ length: 400 }, (_, i) => `Column ${i} ${'x'.repeat(2000)}`);
    const file = csvOf([
      ['firstName', 'lastName', 'email', ...unknown],
      ['Ana', 'Silva', 'ana@example.org'],
    ]);
    const response = await importAttendees(t, token, {
      eventId: event.id,
      ticketId: ticket.id,
      filename: 'h.csv',
      data: file,
    });
    expectError(response, 400, 'BAD_INPUT', /^Unknown columns "Column 0 x+…", .* and 390 more: the header row takes/);
    expect(Buffer.byteLength(JSON.stringify(response.body))).toBeLessThan(4096);
  });
});
