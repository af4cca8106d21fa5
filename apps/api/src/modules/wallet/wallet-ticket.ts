import { isLanguage, ticketQrText, type TLanguage } from '@clubtix/contract';
import type { Deps } from '../../core/deps';
import { notFound } from '../../core/errors';
import type { EventRow, RegistrationRow } from '../../db/schema';
import { findClubById } from '../clubs/clubs.repo';
import { findEventById } from '../events/events.repo';
import { findAttendeesOf, findRegistrationBySecret, type AttendeeFields } from '../purchase/registrations.repo';

/** What a wallet pass shows of one attendee's ticket, in the language the buyer bought in. */
export interface WalletTicket {
  language: TLanguage;
  clubName: string;
  event: Pick<EventRow, 'id' | 'title' | 'venue' | 'address' | 'startDate' | 'endDate' | 'timezone'>;
  attendeeId: string;
  /** What the ticket's QR holds (packages/contract/src/qr.ts), as the mail and the viewer draw it. */
  qrText: string;
  shortCode: string;
  holderName: string | null;
  ticketName: string;
}

export const languageOf = (registration: Pick<RegistrationRow, 'language'>): TLanguage =>
  isLanguage(registration.language) ? registration.language : 'en';

const holderName = (attendee: Pick<AttendeeFields, 'firstName' | 'lastName'>) =>
  [attendee.firstName, attendee.lastName].filter(Boolean).join(' ') || null;

/** The passes of a confirmed registration's attendees (all of them, or the one asked for). */
export async function walletTicketsOf(
  deps: Deps,
  registration: Pick<RegistrationRow, 'id' | 'eventId' | 'qrUuid' | 'language'>,
  attendeeId?: string,
): Promise<WalletTicket[]> {
  const event = await findEventById(deps.db, registration.eventId, null);
  if (!event) return [];
  const club = await findClubById(deps.db, event.clubId);
  const attendees = (await findAttendeesOf(deps.db, [registration.id])).filter(
    (attendee) => attendeeId === undefined || attendee.id === attendeeId,
  );
  return attendees.map((attendee) => ({
    language: languageOf(registration),
    clubName: club?.name ?? 'ClubTix',
    event,
    attendeeId: attendee.id,
    qrText: ticketQrText({ registrationId: registration.id, attendeeId: attendee.id, qrUuid: registration.qrUuid }),
    shortCode: attendee.shortCode,
    holderName: holderName(attendee),
    ticketName: attendee.ticketName,
  }));
}

/**
 * One attendee's ticket, for whoever holds the registration's secret, as the ticket viewer shows it
 * (docs/product.md section 16): a pass only for a confirmed registration; anything else is 404 and
 * tells nothing.
 */
export async function findWalletTicket(
  deps: Deps,
  query: { registrationId: string; qrUuid: string; attendeeId: string },
): Promise<WalletTicket> {
  const registration = await findRegistrationBySecret(deps.db, query.registrationId, query.qrUuid);
  if (!registration || registration.status !== 'confirmed') throw notFound('Ticket');
  const [ticket] = await walletTicketsOf(deps, registration, query.attendeeId);
  if (!ticket) throw notFound('Ticket');
  return ticket;
}
