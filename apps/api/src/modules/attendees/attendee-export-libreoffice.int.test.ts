import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TEvent } from '@clubtix/contract';
import { downloadAttendees } from '../../../test/attendee-data';
import { payFor } from '../../../test/buying';
import { addTicket, publishEvent, saveForm } from '../../../test/catalogue';
import { createAdminApp, type TestApp } from '../../../test/helpers';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';

const run = promisify(execFile);

/** RFC 4180 CSV: fields in double quotes may hold commas, line breaks and doubled quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

/**
 * The export opened in a real spreadsheet program: LibreOffice Calc, headless, converts
 * the .xlsx to CSV, which is what its cells show. Text that looks like a formula shows exactly as
 * typed, neither evaluated nor with an apostrophe (docs/decisions/0021). Needs `soffice` (Debian's
 * libreoffice-calc-nogui, installed by .ci/run).
 */
describe('the attendee export in LibreOffice', () => {
  let t: TestApp;
  let token: string;
  let event: TEvent;
  let work: string;

  beforeAll(async () => {
    ({ t, token } = await createAdminApp());
    event = await publishEvent(t, token);
    const ticket = await addTicket(t, token, event.id, { name: '-Deck', price: 1000, quantity: 10 });
    const [phone, note] = await saveForm(t, token, event.id, [
      { type: 0, label: 'Phone', perAttendee: true },
      { type: 0, label: '=Note', perAttendee: false },
    ]);
    const init = expectPayload(
      await callEndpoint(t, endpoints.registration.initRegistration, {
        body: { eventId: event.id, email: 'mallory@example.org', tickets: [{ ticketId: ticket.id, quantity: 1 }] },
      }),
    );
    const saved = expectPayload(
      await callEndpoint(t, endpoints.registration.save, {
        body: {
          registrationId: init.registration.registrationId,
          qrUuid: init.registration.qrUuid,
          attendees: [
            {
              attendeeId: init.registration.attendees[0]!.attendeeId,
              firstName: '=HYPERLINK("x")',
              lastName: '@SUM(A1)',
              email: 'mallory@example.org',
              answers: { [phone!.id]: '+49 1234' },
            },
          ],
          answers: { [note!.id]: '=1+2' },
        },
      }),
    );
    await payFor(t, saved);
    work = await mkdtemp(path.join(tmpdir(), 'clubtix-export-lo-'));
  });
  afterAll(async () => {
    await t.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  /** The first sheet as LibreOffice shows it: CSV, comma-separated, UTF-8, quoted text. */
  async function asLibreOfficeShowsIt(xlsx: Buffer): Promise<string[][]> {
    const file = path.join(work, 'export.xlsx');
    await writeFile(file, xlsx);
    await run(
      'soffice',
      [
        // A profile of its own: another soffice running on the machine does not take the call.
        `-env:UserInstallation=${pathToFileURL(path.join(work, 'profile')).href}`,
        '--headless',
        '--convert-to',
        'csv:Text - txt - csv (StarCalc):44,34,76,1',
        '--outdir',
        work,
        file,
      ],
      { timeout: 120_000 },
    );
    return parseCsv(await readFile(path.join(work, 'export.csv'), 'utf8'));
  }

  it('shows formula-looking text exactly as typed: not evaluated, no apostrophe', async () => {
    const download = await downloadAttendees(t, token, event.id);
    expect(download.status).toBe(200);
    const [header, mallory] = await asLibreOfficeShowsIt(download.body);
    expect(header).toEqual([
      'Registration ID',
      'Ticket',
      'First name',
      'Last name',
      'E-mail',
      'Buyer e-mail',
      'Phone',
      '=Note',
      'Paid amount (GBP)',
      'Payment method',
      'Checked in at',
    ]);
    expect(mallory!.slice(1, 8)).toEqual([
      '-Deck',
      '=HYPERLINK("x")',
      '@SUM(A1)',
      'mallory@example.org',
      'mallory@example.org',
      '+49 1234',
      '=1+2',
    ]);
    expect(mallory![8]).toBe('10');
  }, 180_000);
});
