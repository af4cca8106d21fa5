import type { Page } from 'playwright-core';
import { waitForTitle } from './helpers';

export interface AdultBooking {
  /** The booking's e-mail, also the attendee's. */
  buyer: string;
  firstName: string;
  lastName: string;
  dietaryNeeds: string;
  /** An answer to the seeded event's "How did you hear about us?". */
  heardFrom: 'A friend' | 'Poster';
}

/**
 * A visitor on the seeded event's public pages takes one Adult ticket (£25), fills in the attendee
 * form and reaches checkout, where they review the order: the steps before paying that several
 * specs share.
 */
export async function bookOneAdultToCheckout(page: Page, slug: string, booking: AdultBooking): Promise<void> {
  await page.goto(`/${slug}/tickets`);
  await waitForTitle(page, 'Tickets | ClubTix');
  await page.getByRole('button', { name: 'Add one Adult' }).click();
  await page.getByTestId('selection-total').filter({ hasText: '1 ticket' }).filter({ hasText: '£25' }).waitFor();
  await page.getByLabel('E-mail', { exact: true }).fill(booking.buyer);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();

  await page.waitForURL(`**/${slug}/attendee-form`);
  const attendee = page.getByRole('group', { name: 'Attendee 1: Adult' });
  await attendee.getByLabel('First name', { exact: true }).fill(booking.firstName);
  await attendee.getByLabel('Last name', { exact: true }).fill(booking.lastName);
  await attendee.getByLabel('E-mail', { exact: true }).fill(booking.buyer);
  await attendee.getByLabel('Dietary needs', { exact: true }).fill(booking.dietaryNeeds);
  await page
    .getByRole('group', { name: 'About your booking' })
    .getByLabel('How did you hear about us?')
    .selectOption(booking.heardFrom);
  await page.getByRole('button', { name: 'Continue to checkout' }).click();

  await page.waitForURL(`**/${slug}/checkout`);
  await page.getByRole('button', { name: 'Review order' }).click();
}
