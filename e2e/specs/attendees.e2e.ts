import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAttendeeListItem, TExtrasPurchase, TPaymentIntent, TRegistration } from '@clubtix/contract';
import { decodeQrPng } from '../../apps/api/test/smtp-listener';
import { buyTicketsViaApi, seedPublishedEvent, type AttendeeDetails, type SeededEvent } from '../fixtures';
import {
  api,
  closeToasts,
  launchBrowser,
  mailsTo,
  newPage,
  primeSession,
  toast,
  unique,
  waitForTitle,
} from '../helpers';

/** An extra bought on its own and paid with the test card, through the public API. */
async function buyExtraViaApi(seeded: SeededEvent, email: string): Promise<TExtrasPurchase> {
  const purchase = await api<TExtrasPurchase>('POST', '/extras/purchaseExtras', {
    body: { eventId: seeded.event.id, extrasId: seeded.lunch.id, quantity: 2, email },
  });
  expect(purchase.status).toBe(200);
  const intent = await api<TPaymentIntent>('POST', '/stripe/create-payment-intent', {
    body: { extrasPurchaseId: purchase.body.payload.id },
  });
  const paid = await api('POST', '/stripe/confirm-payment', {
    body: { paymentIntentId: intent.body.payload.paymentIntentId, testCard: '4242424242424242' },
  });
  expect(paid.status).toBe(200);
  return purchase.body.payload;
}

/** Waits for what the admin sees, with room for a busy machine. */
const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000 });

const fullName = (person: AttendeeDetails) => `${person.firstName} ${person.lastName}`;

/** The attendee list is a table named "Attendees" on a desktop; its rows are those with cells. */
const rows = (page: Page) =>
  page
    .getByRole('table', { name: 'Attendees', exact: true })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });

/** Whose rows the list shows, by name, in its order (a row of nobody expected shows as its text). */
async function listed(page: Page, people: AttendeeDetails[]): Promise<string[]> {
  const texts = await rows(page).allInnerTexts();
  return texts.map((text) => people.map(fullName).find((name) => text.includes(name)) ?? text);
}

/** The list's check-in filter, a radio group named "Check-in state". */
async function filterBy(page: Page, label: 'All' | 'Pending' | 'Checked-in'): Promise<void> {
  const group = page.getByRole('radiogroup', { name: 'Check-in state' });
  await group.getByText(label, { exact: true }).click();
  await eventually(() => group.getByRole('radio', { name: label, exact: true }).isChecked()).toBe(true);
}

/** Opens an attendee's menu and picks an action, as named for screen readers. */
async function rowAction(page: Page, person: AttendeeDetails, action: 'Send ticket' | 'Delete attendee') {
  await page.getByRole('button', { name: `More actions for ${fullName(person)}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

/** A segmented control's choice: its radio is hidden behind the label a person clicks. */
const choose = (page: Page, label: string) =>
  page
    .locator('label')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .click();

/** dd/mm/yyyy hh:mm on the event's clock (SPEC.md section 9), as the export writes check-in times. */
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

/** The first worksheet as one record per data row, keyed by the header row's cells. */
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

/** The admin's working view of who is coming (issue 5), on a desktop browser. */
describe('the attendee list, its export and the import', () => {
  let browser: Browser;
  let page: Page;
  let seeded: SeededEvent;
  /** Ada bought two tickets, for herself and Grace; Alan one, and he has been checked in. */
  let pair: TRegistration;
  let single: TRegistration;
  let alanCheckedInAt: string;
  const ada = { firstName: 'Ada', lastName: 'Lovelace', email: `${unique('ada')}@example.org` };
  const grace = { firstName: 'Grace', lastName: 'Hopper', email: `${unique('grace')}@example.org` };
  const alan = { firstName: 'Alan', lastName: 'Turing', email: `${unique('alan')}@example.org` };
  const everyone = [ada, grace, alan];

  beforeAll(async () => {
    seeded = await seedPublishedEvent();
    ({ registration: pair } = await buyTicketsViaApi(seeded, [ada, grace]));
    ({ registration: single } = await buyTicketsViaApi(seeded, [alan]));
    const checkedIn = await api<{ createdAt: string }>('POST', '/checkin/save', {
      token: seeded.admin.token,
      body: {
        eventId: seeded.event.id,
        registrationId: single.registrationId,
        attendeeId: single.attendees[0]!.attendeeId,
      },
    });
    expect(checkedIn.status).toBe(200);
    alanCheckedInAt = checkedIn.body.payload.createdAt;
    await buyExtraViaApi(seeded, `${unique('picnic')}@example.org`);
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    await primeSession(page, seeded.admin.token, seeded.admin.user);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('finds attendees by name and by e-mail, and only those', async () => {
    await page.goto(`/event/${seeded.event.id}/attendees`);
    await waitForTitle(page, 'Attendees | ClubTix');
    await eventually(() => listed(page, everyone).then((names) => names.sort())).toEqual([
      'Ada Lovelace',
      'Alan Turing',
      'Grace Hopper',
    ]);

    // Each row shows the attendee's answers and what the registration paid (two Adult tickets at £25).
    const graceRow = rows(page).filter({ hasText: 'Grace Hopper' });
    await eventually(() => graceRow.textContent()).toContain('Dietary needs: None');
    await eventually(() => graceRow.textContent()).toContain('Paid £50');

    const search = page.getByLabel('Search attendees');
    await search.fill('hopper');
    await eventually(() => listed(page, everyone)).toEqual(['Grace Hopper']);
    await search.fill(alan.email);
    await eventually(() => listed(page, everyone)).toEqual(['Alan Turing']);
    // Part of an address finds it too. Ada's finds Grace as well: Ada bought Grace's ticket, and her
    // row shows Ada's address as the buyer's.
    await search.fill(ada.email.split('@')[0]!);
    await eventually(() => listed(page, everyone).then((names) => names.sort())).toEqual([
      'Ada Lovelace',
      'Grace Hopper',
    ]);
    await search.fill(grace.email.split('@')[0]!);
    await eventually(() => listed(page, everyone)).toEqual(['Grace Hopper']);
    await search.fill(`${unique('nobody')}@example.org`);
    await page.getByRole('status').filter({ hasText: 'No attendee matches this search.' }).waitFor();
    expect(await rows(page).count()).toBe(0);
    await search.fill('');
    await eventually(() => listed(page, everyone).then((names) => names.length)).toBe(3);
  });

  it('filters Pending and Checked-in', async () => {
    await filterBy(page, 'Checked-in');
    await eventually(() => listed(page, everyone)).toEqual(['Alan Turing']);
    await filterBy(page, 'Pending');
    await eventually(() => listed(page, everyone).then((names) => names.sort())).toEqual([
      'Ada Lovelace',
      'Grace Hopper',
    ]);
    await filterBy(page, 'All');
    await eventually(() => listed(page, everyone).then((names) => names.length)).toBe(3);
  });

  it('sends a ticket again, and the mail arrives with her ticket', async () => {
    // Grace has her own address, so her ticket was mailed to her with the purchase: one mail so far.
    await eventually(() => mailsTo(grace.email).then((mails) => mails.length)).toBe(1);

    await rowAction(page, grace, 'Send ticket');
    await toast(page, `Ticket sent to ${grace.email}`).waitFor();
    await closeToasts(page);

    // Received by a real SMTP server and read back as a mail client would, QR code from its pixels.
    await eventually(() => mailsTo(grace.email).then((mails) => mails.length)).toBe(2);
    const mail = (await mailsTo(grace.email))[1]!;
    expect(mail.subject).toBe(`Your ticket for ${seeded.event.title}`);
    // One ticket, hers, as DECISIONS.md section 7 writes a QR code: a door scanner would let her in.
    const graceAttendee = pair.attendees.find((attendee) => attendee.email === grace.email)!;
    const images = mail.attachments.filter((attachment) => attachment.contentType === 'image/png');
    expect(images).toHaveLength(1);
    expect(String(mail.html)).toContain(`cid:${images[0]!.cid}`);
    expect(await decodeQrPng(images[0]!.content)).toBe(
      JSON.stringify({ r: pair.registrationId, a: graceAttendee.attendeeId, q: pair.qrUuid }),
    );
  });

  it('downloads the export named as SPEC.md section 7 says, one row per attendee', async () => {
    const clickedAt = Date.now();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export to Excel' }).click(),
    ]);
    const arrivedAt = Date.now();
    await toast(page, 'Attendee report downloaded').waitFor();
    await closeToasts(page);

    // The product names it Attendee-report-event-{eventId}-{yyyy-mm-ddThh:mm:ss}.xlsx, UTC
    // (docs/decisions/0006); Chromium does not keep colons in a file name on any system and saves
    // them as underscores, so that is the name the file arrives with.
    const name = download.suggestedFilename();
    const match = new RegExp(
      `^Attendee-report-event-${seeded.event.id}-(\\d{4})-(\\d{2})-(\\d{2})T(\\d{2})_(\\d{2})_(\\d{2})\\.xlsx$`,
    ).exec(name);
    expect(match, name).not.toBeNull();
    const [year, month, day, hour, minute, second] = match!.slice(1).map(Number) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const stamped = Date.UTC(year, month - 1, day, hour, minute, second);
    expect(stamped).toBeGreaterThanOrEqual(Math.floor(clickedAt / 1000) * 1000);
    expect(stamped).toBeLessThanOrEqual(arrivedAt);

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
      'Checked in at': checkedInAt,
    });
    expect(records).toEqual([
      row(pair, ada, ''),
      row(pair, grace, ''),
      row(single, alan, londonDateTime(alanCheckedInAt)),
    ]);
  });

  it('deletes an attendee after confirming; the last one of a paid registration is refused', async () => {
    // Cancelling the confirmation deletes nothing.
    await rowAction(page, ada, 'Delete attendee');
    const confirm = page.getByRole('dialog', { name: 'Delete attendee?' });
    await eventually(() => confirm.textContent()).toContain('Ada Lovelace');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await listed(page, everyone)).toContain('Ada Lovelace');

    await rowAction(page, ada, 'Delete attendee');
    await confirm.getByRole('button', { name: 'Delete attendee' }).click();
    await toast(page, 'Attendee deleted').waitFor();
    await eventually(() => listed(page, everyone).then((names) => names.sort())).toEqual([
      'Alan Turing',
      'Grace Hopper',
    ]);
    await closeToasts(page);
    // Gone on the server too, not only from this page's memory.
    await page.reload();
    await waitForTitle(page, 'Attendees | ClubTix');
    await eventually(() => listed(page, everyone).then((names) => names.sort())).toEqual([
      'Alan Turing',
      'Grace Hopper',
    ]);

    // Grace is now the last of a paid registration: deleting her would delete a paid order.
    await rowAction(page, grace, 'Delete attendee');
    await confirm.getByRole('button', { name: 'Delete attendee' }).click();
    await toast(page, 'This registration has a paid order; cancel it instead').waitFor();
    expect((await listed(page, everyone)).sort()).toEqual(['Alan Turing', 'Grace Hopper']);
    await closeToasts(page);
  });

  it('shows the extras bought, Not Redeemed and Redeemed, and the orders with their payment status', async () => {
    await page.getByRole('tab', { name: 'Extras' }).click();
    await expect.poll(() => page.getByTestId('extras-purchase').count()).toBe(1);
    await expect.poll(() => page.getByTestId('extras-purchase').textContent()).toContain('Picnic lunch × 2');
    await expect.poll(() => page.getByTestId('extras-purchase').textContent()).toContain('Not Redeemed');
    await choose(page, 'Redeemed');
    await page.getByText('No extras match this filter.').waitFor();
    await choose(page, 'Not Redeemed');
    await expect.poll(() => page.getByTestId('extras-purchase').count()).toBe(1);

    await page.getByRole('tab', { name: 'Orders' }).click();
    // Two orders were paid; deleting attendees does not delete a paid order.
    await expect.poll(() => page.getByTestId('order').count()).toBe(2);
    await page.getByText('Showing 1–2 of 2 orders').waitFor();
    const first = page.getByTestId('order').first();
    // The newest order is Alan's: its buyer's e-mail says whose it is.
    await expect.poll(() => first.textContent()).toContain(alan.email);
    await expect.poll(() => first.textContent()).toContain('Paid');
    await first.getByRole('button', { name: 'Items' }).click();
    const dialog = page.getByRole('dialog', { name: 'Order' });
    await expect.poll(() => dialog.getByRole('table', { name: 'Order items' }).textContent()).toContain('Adult');
    await expect.poll(() => dialog.textContent()).toContain(`Bought by ${alan.email}`);
    await dialog.getByRole('button').first().click();
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
    await waitForTitle(page, 'Import | ClubTix');
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
    // (SPEC.md section 4).
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
});
