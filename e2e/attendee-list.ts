// The attendee list as its end-to-end specs see it: one seeded party of three, and the page's parts
// read the way a person reads them.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { TRegistration } from '@clubtix/contract';
import { buyTicketsViaApi, seedPublishedEvent, type AttendeeDetails, type SeededEvent } from './fixtures';
import { api, unique } from './helpers';

export interface AttendeeParty {
  seeded: SeededEvent;
  ada: AttendeeDetails;
  grace: AttendeeDetails;
  alan: AttendeeDetails;
  everyone: AttendeeDetails[];
  /** Ada bought two tickets, for herself and Grace. */
  pair: TRegistration;
  /** Alan bought one, and he has been checked in. */
  single: TRegistration;
  alanCheckedInAt: string;
}

/** A published event with Ada and Grace on one paid registration and Alan, checked in, on another. */
export async function seedAttendeeParty(): Promise<AttendeeParty> {
  const ada = { firstName: 'Ada', lastName: 'Lovelace', email: `${unique('ada')}@example.org` };
  const grace = { firstName: 'Grace', lastName: 'Hopper', email: `${unique('grace')}@example.org` };
  const alan = { firstName: 'Alan', lastName: 'Turing', email: `${unique('alan')}@example.org` };
  const seeded = await seedPublishedEvent();
  const { registration: pair } = await buyTicketsViaApi(seeded, [ada, grace]);
  const { registration: single } = await buyTicketsViaApi(seeded, [alan]);
  const checkedIn = await api<{ createdAt: string }>('POST', '/checkin/save', {
    token: seeded.admin.token,
    body: {
      eventId: seeded.event.id,
      registrationId: single.registrationId,
      attendeeId: single.attendees[0]!.attendeeId,
    },
  });
  expect(checkedIn.status).toBe(200);
  return {
    seeded,
    ada,
    grace,
    alan,
    everyone: [ada, grace, alan],
    pair,
    single,
    alanCheckedInAt: checkedIn.body.payload.createdAt,
  };
}

/** Waits for what the admin sees, with room for a busy machine. */
export const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 30_000 });

export const fullName = (person: AttendeeDetails) => `${person.firstName} ${person.lastName}`;

/** The attendee list is a table named "Attendees" on a desktop; its rows are those with cells. */
export const rows = (page: Page) =>
  page
    .getByRole('table', { name: 'Attendees', exact: true })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });

/** Whose rows the list shows, by name, in its order (a row of nobody expected shows as its text). */
export async function listed(page: Page, people: AttendeeDetails[]): Promise<string[]> {
  const texts = await rows(page).allInnerTexts();
  return texts.map((text) => people.map(fullName).find((name) => text.includes(name)) ?? text);
}

/** Opens an attendee's menu and picks an action, as named for screen readers. */
export async function rowAction(
  page: Page,
  person: AttendeeDetails,
  action: 'Edit attendee' | 'Send ticket' | 'Delete attendee',
) {
  await page.getByRole('button', { name: `More actions for ${fullName(person)}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}
