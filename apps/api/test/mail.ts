import { inArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { endpoints, type TEvent } from '@clubtix/contract';
import { mailOutbox } from '../src/db/schema';
import { callEndpoint } from './call-endpoint';
import { addTicket, publishEvent } from './catalogue';
import type { TestApp } from './helpers';
import { decodeQrPng } from './smtp-listener';

/**
 * Waits until the app has handed every queued mail on (sent, or kept with no SMTP_URL), including
 * those a delivery round has claimed and is sending.
 */
export async function outboxDrained(t: TestApp): Promise<void> {
  await expect
    .poll(
      async () => {
        const [row] = await t.db
          .select({ n: sql<number>`count(*)::int` })
          .from(mailOutbox)
          .where(inArray(mailOutbox.status, ['queued', 'sending']));
        return row!.n;
      },
      // A guard against a hang, not a speed target: the first ticket mail renders its PDF and fonts,
      // over 15 s on a loaded machine (docs/decisions/0056-suite-timeouts.md).
      { timeout: 60_000, interval: 50 },
    )
    .toBe(0);
}

export interface SeenTicket {
  /** What the QR image says, read from its pixels. */
  qr: string | null;
  cid: string;
}

/**
 * What a buyer sees of the QR codes in a mail: each inline PNG the HTML shows (`<img src="cid:…">`),
 * read back from its pixels, in the order the HTML shows them.
 */
export async function qrCodesOf(mail: ParsedMail): Promise<SeenTicket[]> {
  const html = typeof mail.html === 'string' ? mail.html : '';
  const shown = [...html.matchAll(/<img src="cid:([^"]+)"/g)].map((match) => match[1]!);
  const seen: SeenTicket[] = [];
  for (const cid of shown) {
    const image = mail.attachments.find((attachment) => attachment.cid === cid);
    expect(image, `an attachment for cid ${cid}`).toBeDefined();
    expect(image!.contentType).toBe('image/png');
    seen.push({ cid, qr: await decodeQrPng(image!.content) });
  }
  return seen;
}

/** The QR content of docs/product.md section 16, written out by hand so that the key order is checked too. */
export const expectedQr = (registrationId: string, attendeeId: string, qrUuid: string) =>
  `{"r":"${registrationId}","a":"${attendeeId}","q":"${qrUuid}"}`;

export const viewerLink = (
  publicUrl: string,
  eventId: string,
  registrationId: string,
  attendeeId: string,
  qrUuid: string,
) => `${publicUrl}/event/${eventId}/qr/${registrationId}/${attendeeId}/${qrUuid}`;

/**
 * A published event starting in two hours with reminders three hours before (so due at once), and
 * `guests` attendees sold at the box office, ten a sale, each at `emailOf(i)`.
 */
export async function eventDueForReminders(
  t: TestApp,
  token: string,
  title: string,
  guests: number,
  emailOf = (i: number) => `guest${i}@example.org`,
): Promise<TEvent> {
  const hour = 3_600_000;
  const start = new Date(Date.now() + 2 * hour);
  const event = await publishEvent(t, token, {
    title,
    startDate: start.toISOString(),
    endDate: new Date(start.getTime() + hour).toISOString(),
    reminderHoursBefore: 3,
    maxTicketsPerOrder: 10,
  });
  const ticket = await addTicket(t, token, event.id, { quantity: guests, maxPerOrder: 10 });
  for (let sold = 0; sold < guests; sold += 10) {
    const quantity = Math.min(10, guests - sold);
    const sale = await callEndpoint(t, endpoints.boxoffice.sell, {
      token,
      body: {
        eventId: event.id,
        tickets: [{ ticketId: ticket.id, quantity }],
        attendees: Array.from({ length: quantity }, (_, i) => ({
          firstName: `Guest${sold + i}`,
          lastName: 'Rower',
          email: emailOf(sold + i),
        })),
        paymentMethod: 'complimentary',
      },
    });
    expect(sale.status, sale.body.msg).toBe(200);
  }
  return event;
}
