import { inArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { mailOutbox } from '../src/db/schema';
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
