import type { TAnswers } from '@clubtix/contract';
import type { Page } from 'playwright-core';
import { buyTicketsViaApi, type SeededEvent } from './fixtures';
import { api, unique } from './helpers';

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

/**
 * A paid ticket of Rita Refund, then refunded in full with its tickets released, as the admin does on
 * the order (docs/decisions/0070-the-door-says-cancelled.md): its QR text, its short code and when
 * the money was given back.
 */
export async function bookRefunded(seeded: SeededEvent) {
  const { registration, order } = await buyTicketsViaApi(seeded, [
    { firstName: 'Rita', lastName: 'Refund', email: `${unique('rita')}@example.org` },
  ]);
  const refunded = await api<{ order: { refunds: { createdAt: string }[] } }>('POST', '/order/refund', {
    token: seeded.admin.token,
    body: { orderId: order.id, releaseTickets: true },
  });
  if (refunded.status !== 200) throw new Error(`Refunding: ${refunded.status} ${refunded.body.msg ?? ''}`);
  const rita = registration.attendees[0]!;
  return {
    registration,
    rita,
    ritaQr: JSON.stringify({ r: registration.registrationId, a: rita.attendeeId, q: registration.qrUuid }),
    refundedAt: refunded.body.payload.order.refunds[0]!.createdAt,
  };
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
