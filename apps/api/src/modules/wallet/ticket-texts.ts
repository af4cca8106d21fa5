import { EVENT_MOMENT_STYLE, formatShortCode, zonedFormat } from '@clubtix/contract';
import { PARTS } from '../../core/local-time';
import { translatorFor } from '../../core/i18n';
import type { WalletTicket } from './wallet-ticket';

/** The event's moment as the pass shows it: the month by name ("Thu, 15 Aug 2030, 10:00" in English). */
const WHEN: Intl.DateTimeFormatOptions = { ...EVENT_MOMENT_STYLE, day: 'numeric', month: 'short' };

/** The words and values a pass shows, in the buyer's language, times in the event's zone. */
export function ticketTexts(ticket: WalletTicket) {
  const t = translatorFor(ticket.language);
  return {
    t,
    description: t('wallet.description', { event: ticket.event.title }),
    when: zonedFormat(WHEN, ticket.event.timezone, ticket.language).format(ticket.event.startDate),
    holder: ticket.holderName ?? t('wallet.attendeeFallback'),
    code: formatShortCode(ticket.shortCode),
  };
}

/** The local clock's parts (core/local-time.ts) and the zone's offset at that instant. */
const ISO_PARTS: Intl.DateTimeFormatOptions = { ...PARTS, timeZoneName: 'longOffset' };

/**
 * An instant as ISO 8601 with the offset of the event's zone at that instant ("2030-08-15T19:00:00+07:00"),
 * the form Google Wallet reads as the event's own local time.
 */
export function zonedIso(instant: Date, timeZone: string): string {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of zonedFormat(ISO_PARTS, timeZone).formatToParts(instant)) parts[part.type] = part.value;
  const offset = (parts.timeZoneName ?? 'GMT').replace('GMT', '') || '+00:00';
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}
