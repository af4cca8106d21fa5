// Steps the issue-20 buyer specs share: seeding codes and sold-out tickets through the API, and the
// purchase's later steps as a buyer takes them.
import type { Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import type { TDiscount, TSaveDiscountRequest, TTicket } from '@clubtix/contract';
import type { Admin, SeededEvent } from './fixtures';
import { api, waitForTitle, type ApiResult } from './helpers';

/** Where the screenshots go, to be looked at after a run. */
export const SHOTS = '/tmp/shots-20';
mkdirSync(SHOTS, { recursive: true });

function ok<T>(what: string, result: ApiResult<T>): T {
  if (result.status !== 200) throw new Error(`${what} failed with ${result.status}: ${JSON.stringify(result.body)}`);
  return result.body.payload;
}

export async function saveDiscount(admin: Admin, body: TSaveDiscountRequest): Promise<TDiscount> {
  return ok(`Saving code ${body.code}`, await api<TDiscount>('POST', '/discount/save', { token: admin.token, body }));
}

export async function saveTicket(admin: Admin, body: Record<string, unknown>): Promise<TTicket> {
  return ok('Saving a ticket', await api<TTicket>('POST', '/ticket/save', { token: admin.token, body }));
}

/**
 * On the attendee form with one ticket held: the one attendee and the seeded event's questions
 * filled in, then on to checkout.
 */
export async function fillOneAttendee(
  page: Page,
  slug: string,
  ticketName: string,
  person: { firstName: string; lastName: string; email: string },
): Promise<void> {
  await page.waitForURL(`**/${slug}/attendee-form`);
  await waitForTitle(page, 'Attendee Form | ClubTix');
  const attendee = page.getByRole('group', { name: `Attendee 1: ${ticketName}` });
  await attendee.getByLabel('First name', { exact: true }).fill(person.firstName);
  await attendee.getByLabel('Last name', { exact: true }).fill(person.lastName);
  await attendee.getByLabel('E-mail', { exact: true }).fill(person.email);
  await attendee.getByLabel('Dietary needs', { exact: true }).fill('None');
  await page
    .getByRole('group', { name: 'About your booking' })
    .getByLabel('How did you hear about us?')
    .selectOption('A friend');
  await page.getByRole('button', { name: 'Continue to checkout' }).click();
  await page.waitForURL(`**/${slug}/checkout`);
  await waitForTitle(page, 'Checkout | ClubTix');
}

/** Pays the reviewed order with the simulated provider's test card. */
export async function payWithTestCard(page: Page, amount: string): Promise<void> {
  const card = page.getByTestId('test-card-form');
  await card.getByLabel('Card number').fill('4242 4242 4242 4242');
  await card.getByRole('button', { name: `Pay ${amount}` }).click();
}

/** The seeded event with only its Adult ticket on sale, `quantity` of them. */
export async function onlyAdults(seeded: SeededEvent, quantity: number): Promise<void> {
  await saveTicket(seeded.admin, { id: seeded.junior.id, isActive: false });
  await saveTicket(seeded.admin, { id: seeded.adult.id, quantity });
}
