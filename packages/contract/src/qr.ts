/**
 * What the QR codes hold (docs/product.md section 16, docs/decisions/0005-checkin.md): the JSON text
 * `{"r": registrationId, "a": attendeeId, "q": qrUuid}` on a ticket and
 * `{"x": extrasPurchaseId, "q": qrUuid}` on an extras voucher, `{"p": passPurchaseId, "q": secret}` on a
 * season pass, read at the door of every event of its series. The server and the scanner page read
 * them with the same function. The extras text is built by extrasQrText (sponsorships.ts), the
 * pass's by passQrText (passes.ts).
 */

export interface TicketQr {
  registrationId: string;
  attendeeId: string;
  qrUuid: string;
}

export interface ExtrasQr {
  extrasPurchaseId: string;
  qrUuid: string;
}

export interface PassQr {
  passPurchaseId: string;
  qrUuid: string;
}

export type ScannedQr = ({ kind: 'ticket' } & TicketQr) | ({ kind: 'extras' } & ExtrasQr) | ({ kind: 'pass' } & PassQr);

/** Longer scanned text is not ours: it is refused before it is parsed. */
export const QR_TEXT_MAX_LENGTH = 512;
const ID_MAX_LENGTH = 64;

export function ticketQrText(qr: TicketQr): string {
  return JSON.stringify({ r: qr.registrationId, a: qr.attendeeId, q: qr.qrUuid });
}

/** No id of ours holds a control character (and PostgreSQL's text cannot hold NUL). */
const isId = (value: unknown): value is string =>
  typeof value === 'string' &&
  value.length > 0 &&
  value.length <= ID_MAX_LENGTH &&
  ![...value].some((c) => c < ' ' || c === '\u007f');

/**
 * Reads scanned text (a camera, or a USB scanner typing into the page with a newline after it).
 * Surrounding whitespace is ignored; keys other than ours are tolerated so that a later version can
 * add some. Anything else answers null.
 */
export function parseScannedQr(text: unknown): ScannedQr | null {
  if (typeof text !== 'string') return null;
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > QR_TEXT_MAX_LENGTH || !trimmed.startsWith('{')) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    return null;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const fields = parsed as Record<string, unknown>;
  if (isId(fields.r) && isId(fields.a) && isId(fields.q)) {
    return { kind: 'ticket', registrationId: fields.r, attendeeId: fields.a, qrUuid: fields.q };
  }
  if (isId(fields.x) && isId(fields.q) && fields.r === undefined && fields.a === undefined && fields.p === undefined) {
    return { kind: 'extras', extrasPurchaseId: fields.x, qrUuid: fields.q };
  }
  if (isId(fields.p) && isId(fields.q) && fields.r === undefined && fields.a === undefined && fields.x === undefined) {
    return { kind: 'pass', passPurchaseId: fields.p, qrUuid: fields.q };
  }
  return null;
}
