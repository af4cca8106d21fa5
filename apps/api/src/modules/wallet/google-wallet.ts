import { createSign } from 'node:crypto';
import type { GoogleWalletSettings } from '../../wallet-config';
import { ticketTexts, zonedIso } from './ticket-texts';
import type { WalletTicket } from './wallet-ticket';

const SAVE_URL = 'https://pay.google.com/gp/v/save/';

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/** Google's ids are `<issuerId>.<suffix>`, the suffix of letters, digits, `.`, `_` and `-`. */
const objectId = (settings: GoogleWalletSettings, kind: string, id: string) =>
  `${settings.issuerId}.clubtix-${kind}-${id.replace(/[^A-Za-z0-9._-]/g, '_')}`;

const localized = (language: string, value: string) => ({ defaultValue: { language, value } });

/**
 * The event ticket class (one per event) and object (one per attendee) of a ticket, inlined in the
 * JWT, so nothing is created at Google ahead of time and no call leaves the server
 * (docs/decisions/0045-wallet-passes.md).
 */
function passPayload(settings: GoogleWalletSettings, ticket: WalletTicket) {
  const { holder, code } = ticketTexts(ticket);
  const { event, language } = ticket;
  const classId = objectId(settings, 'event', event.id);
  return {
    eventTicketClasses: [
      {
        id: classId,
        issuerName: ticket.clubName,
        reviewStatus: 'UNDER_REVIEW',
        eventName: localized(language, event.title),
        ...(event.venue
          ? {
              venue: {
                name: localized(language, event.venue),
                address: localized(language, event.address ?? event.venue),
              },
            }
          : {}),
        dateTime: {
          start: zonedIso(event.startDate, event.timezone),
          end: zonedIso(event.endDate, event.timezone),
        },
      },
    ],
    eventTicketObjects: [
      {
        id: objectId(settings, 'ticket', ticket.attendeeId),
        classId,
        state: 'ACTIVE',
        // The same text the mail's and the viewer's QR hold: the door reads it as it reads those.
        barcode: { type: 'QR_CODE', value: ticket.qrText, alternateText: code },
        ticketHolderName: holder,
        ticketNumber: code,
        ticketType: localized(language, ticket.ticketName),
      },
    ],
  };
}

/** A JWT signed RS256 with the service account's key (node:crypto; no library, no network). */
function signJwt(privateKey: string, claims: object): string {
  const unsigned = `${base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}`;
  const signature = createSign('RSA-SHA256').update(unsigned).sign(privateKey);
  return `${unsigned}.${base64url(signature)}`;
}

/** The "Save to Google Wallet" address of one attendee's ticket. */
export function googleSaveUrl(
  settings: GoogleWalletSettings,
  publicUrl: string,
  ticket: WalletTicket,
  now = new Date(),
): string {
  const claims = {
    iss: settings.serviceAccountEmail,
    aud: 'google',
    typ: 'savetowallet',
    iat: Math.floor(now.getTime() / 1000),
    origins: [new URL(publicUrl).origin],
    payload: passPayload(settings, ticket),
  };
  return `${SAVE_URL}${signJwt(settings.privateKey, claims)}`;
}
