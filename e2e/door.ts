import type { TAnswers } from '@clubtix/contract';
import type { Page } from 'playwright-core';
import { buyTicketsViaApi, type SeededEvent } from './fixtures';
import { unique } from './helpers';

/**
 * A paid booking of Ada Lovelace and Grace Hopper (Adult tickets), with each one's ticket QR text,
 * for the door's specs. `answers` are the booking's answers to the event's form.
 */
export async function bookTwo(seeded: SeededEvent, answers?: TAnswers) {
  const { registration } = await buyTicketsViaApi(
    seeded,
    [
      { firstName: 'Ada', lastName: 'Lovelace', email: `${unique('ada')}@example.org` },
      { firstName: 'Grace', lastName: 'Hopper', email: `${unique('grace')}@example.org` },
    ],
    answers,
  );
  const ada = registration.attendees[0]!;
  const grace = registration.attendees[1]!;
  const qrOf = (attendeeId: string) =>
    JSON.stringify({ r: registration.registrationId, a: attendeeId, q: registration.qrUuid });
  return { registration, ada, grace, adaQr: qrOf(ada.attendeeId), graceQr: qrOf(grace.attendeeId) };
}

/** The door shows times on the event's clock (Europe/London), hours and minutes when it is today. */
export function londonTime(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

/** Everything a device keeps of its prepared door lists (IndexedDB 'clubtix-door', store 'lists'), as text. */
export const keptDoorLists = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('clubtix-door');
        open.onerror = () => reject(new Error('IndexedDB could not be opened'));
        open.onsuccess = () => {
          const read = open.result.transaction('lists').objectStore('lists').getAll();
          read.onsuccess = () => {
            open.result.close();
            resolve(JSON.stringify(read.result));
          };
        };
      }),
  );
