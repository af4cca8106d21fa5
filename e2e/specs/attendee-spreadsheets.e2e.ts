import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAttendeeListItem, TRegistration } from '@clubtix/contract';
import { eventually, fullName, listed, rowAction, seedAttendeeParty } from '../attendee-list';
import type { AttendeeDetails, SeededEvent } from '../fixtures';
import { readFile } from 'node:fs/promises';
import {
  api,
  closeToasts,
  launchBrowser,
  newPage,
  PHONE,
  primeSession,
  seriousA11yViolations,
  toast,
  unique,
  waitForTitle,
} from '../helpers';

/** dd/mm/yyyy hh:mm on the event's clock (docs/product.md section 9), as the export writes check-in times. */
function londonDateTime(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

async function readReport(file: string): Promise<{ header: string[]; records: Record<string, unknown>[] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0]!;
  const header: string[] = [];
  sheet.getRow(1).eachCell((cell, column) => (header[column - 1] = cell.text));
  const records: Record<string, unknown>[] = [];
  sheet.eachRow((row, index) => {
    if (index === 1) return;
    records.push(Object.fromEntries(header.map((name, i) => [name, row.getCell(i + 1).value ?? ''])));
  });
  return { header, records };
}

/**
 * The attendee list's spreadsheets (docs/product.md section 17): the export downloaded and the import, on a
 * desktop browser.
 */
describe('the attendee export and import', () => {
  let browser: Browser;
  let page: Page;
  let seeded: SeededEvent;
  let pair: TRegistration;
  let single: TRegistration;
  let alanCheckedInAt: string;
  let ada: AttendeeDetails;
  let grace: AttendeeDetails;
  let alan: AttendeeDetails;
  let everyone: AttendeeDetails[];

  beforeAll(async () => {
    ({ seeded, pair, single, alanCheckedInAt, ada, grace, alan, everyone } = await seedAttendeeParty());
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    await primeSession(page, seeded.admin.token, seeded.admin.user);
    await page.goto(`/event/${seeded.event.id}/attendees`);
    await waitForTitle(page, 'Attendees | ClubTix');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('downloads the export named as docs/product.md section 7 says, one row per attendee', async () => {
    const clickedAt = Date.now();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export to Excel' }).click(),
    ]);
    const arrivedAt = Date.now();
    await toast(page, 'Attendee report downloaded').waitFor();
    await closeToasts(page);

    // The product names it Attendee-report-event-{eventId}-{yyyymmddThhmmss±hhmm}.xlsx: the event's
    // clock (London here) in ISO 8601 basic format, which a download keeps as it is
    // (docs/decisions/0021-slugs-export-and-answers.md).
    const name = download.suggestedFilename();
    const match = new RegExp(
      `^Attendee-report-event-${seeded.event.id}-(\\d{4})(\\d{2})(\\d{2})T(\\d{2})(\\d{2})(\\d{2})([+-])(\\d{2})(\\d{2})\\.xlsx$`,
    ).exec(name);
    expect(match, name).not.toBeNull();
    const [year, month, day, hour, minute, second] = match!.slice(1, 7).map(Number) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const offsetMinutes = (match![7] === '-' ? -1 : 1) * (Number(match![8]) * 60 + Number(match![9]));
    const stamped = Date.UTC(year, month - 1, day, hour, minute, second) - offsetMinutes * 60_000;
    expect(stamped).toBeGreaterThanOrEqual(Math.floor(clickedAt / 1000) * 1000);
    expect(stamped).toBeLessThanOrEqual(arrivedAt);
    // The wall clock in the name is London's at that instant.
    expect(`${day}/${month}/${year} ${hour}:${minute}`.replace(/\b(\d)\b/g, '0$1')).toBe(
      londonDateTime(new Date(stamped).toISOString()),
    );

    const { header, records } = await readReport(await download.path());
    expect(header).toEqual([
      'Registration ID',
      'Ticket',
      'First name',
      'Last name',
      'E-mail',
      'Buyer e-mail',
      'Dietary needs',
      'T-shirt size',
      'How did you hear about us?',
      'Paid amount (GBP)',
      'Payment method',
      'Checked in at',
    ]);
    const row = (registration: TRegistration, person: AttendeeDetails, checkedInAt: string) => ({
      'Registration ID': registration.registrationId,
      Ticket: 'Adult',
      'First name': person.firstName,
      'Last name': person.lastName,
      'E-mail': person.email,
      'Buyer e-mail': registration.email,
      'Dietary needs': 'None',
      'T-shirt size': '',
      'How did you hear about us?': 'A friend',
      'Paid amount (GBP)': 25,
      'Payment method': 'Online',
      'Checked in at': checkedInAt,
    });
    expect(records).toEqual([
      row(pair, ada, ''),
      row(pair, grace, ''),
      row(single, alan, londonDateTime(alanCheckedInAt)),
    ]);
  });

  it('imports a CSV: a bad row is named with its reason and nothing is imported; the fixed file imports', async () => {
    const crew = [1, 2, 3].map((n) => ({
      firstName: `Rower${n}`,
      lastName: 'Crew',
      email: `${unique(`rower${n}`)}@example.org`,
    }));
    const [, rower2] = crew as [AttendeeDetails, AttendeeDetails, AttendeeDetails];
    const header = 'firstName,lastName,email,Dietary needs,T-shirt size,How did you hear about us?';
    const line = (person: AttendeeDetails, size = 'Medium') =>
      `${person.firstName},${person.lastName},${person.email},None,${size},Poster`;
    const csv = (lines: string[]) => ({
      name: 'crew.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from([header, ...lines].join('\n')),
    });
    // Row 3 of the file (the header is row 1): an address with no @ and a size the form does not offer.
    const broken = [line(crew[0]!), line({ ...rower2, email: 'rower2-at-example.org' }, 'Enormous'), line(crew[2]!)];
    const fixed = [line(crew[0]!), line(rower2, 'Large'), line(crew[2]!)];

    await page.goto(`/import?eventId=${seeded.event.id}`);
    await waitForTitle(page, 'Import Attendees | ClubTix');
    await page.getByLabel('Ticket type').selectOption({ label: 'Adult' });
    const file = page.getByLabel('File', { exact: true });
    const importButton = page.getByRole('button', { name: 'Import', exact: true });

    await file.setInputFiles(csv(broken));
    await importButton.click();
    const refused = page.getByRole('alert').filter({ hasText: 'Nothing was imported' });
    await refused.waitFor();
    const problems = refused.getByRole('table', { name: 'Rows with problems' });
    const problemRows = problems.getByRole('row').filter({ has: page.getByRole('cell') });
    await eventually(() => problemRows.count()).toBe(1);
    const [rowNumber, reason] = await problemRows.first().getByRole('cell').allInnerTexts();
    expect(rowNumber).toBe('3');
    expect(reason).toMatch(/e-?mail/i);
    expect(reason).toContain('T-shirt size');

    await file.setInputFiles(csv(fixed));
    await importButton.click();
    // All three: had the good rows of the refused file been kept, two would now be skipped.
    const imported = page.getByRole('status').filter({ hasText: 'Imported 3 attendees' });
    await imported.waitFor();
    expect(await imported.textContent()).not.toContain('skipped');

    await imported.getByRole('link', { name: 'See the attendees' }).click();
    await waitForTitle(page, 'Attendees | ClubTix');
    await page.getByLabel('Search attendees').fill('Crew');
    await eventually(() => listed(page, [...everyone, ...crew]).then((names) => names.sort())).toEqual(
      crew.map(fullName),
    );

    // An imported attendee is alone in its registration, with no order: deleting it removes both
    // (docs/product.md section 4).
    const found = await api<{ attendees: TAttendeeListItem[] }>('GET', '/registration/getAttendees', {
      token: seeded.admin.token,
      query: { eventId: seeded.event.id, searchKeyword: rower2.email },
    });
    const { registrationId } = found.body.payload.attendees[0]!;
    await rowAction(page, rower2, 'Delete attendee');
    await page
      .getByRole('dialog', { name: 'Delete attendee?' })
      .getByRole('button', { name: 'Delete attendee' })
      .click();
    await toast(page, 'Attendee and registration deleted').waitFor();
    await eventually(() => listed(page, [...everyone, ...crew]).then((names) => names.sort())).toEqual([
      'Rower1 Crew',
      'Rower3 Crew',
    ]);
    const registration = await api('GET', '/registration/getRegistrationById', {
      token: seeded.admin.token,
      query: { registrationId },
    });
    expect(registration.status).toBe(404);
  });

  it('offers a template with an example row that says how to fill it in, and the import refuses it left in (phone)', async () => {
    const phone = await newPage(browser, PHONE);
    await primeSession(phone.page, seeded.admin.token, seeded.admin.user);
    await phone.page.goto(`/import?eventId=${seeded.event.id}`);
    await waitForTitle(phone.page, 'Import Attendees | ClubTix');
    await phone.page.getByText('Write choices as the form offers them.').waitFor();
    await phone.page.getByText('The template’s second row is an example of how to fill it in').waitFor();

    const [download] = await Promise.all([
      phone.page.waitForEvent('download'),
      phone.page.getByRole('button', { name: 'Download template' }).click(),
    ]);
    const template = await readFile(await download.path(), 'utf8');
    expect(template.split('\r\n')).toEqual([
      '\uFEFFfirstName,lastName,email,Dietary needs,T-shirt size,How did you hear about us?',
      'Ada,Example,ada.example@example.com,A short answer,Small,A friend',
      '',
    ]);
    expect(await seriousA11yViolations(phone.page)).toEqual([]);

    // Sent back as downloaded: the example row is named and nothing is imported.
    await phone.page.getByLabel('Ticket type').selectOption({ label: 'Adult' });
    await phone.page
      .getByLabel('File', { exact: true })
      .setInputFiles({ name: 'template.csv', mimeType: 'text/csv', buffer: Buffer.from(template) });
    await phone.page.getByRole('button', { name: 'Import', exact: true }).click();
    const refused = phone.page.getByRole('alert').filter({ hasText: 'Nothing was imported' });
    const problems = refused.getByRole('table', { name: 'Rows with problems' });
    const problemRows = problems.getByRole('row').filter({ has: phone.page.getByRole('cell') });
    await problemRows.first().waitFor();
    expect(await problemRows.first().getByRole('cell').allInnerTexts()).toEqual([
      '2',
      "This is the template's example row: delete it, then import again",
    ]);
    await phone.context.close();
  });
});
