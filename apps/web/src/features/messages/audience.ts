import type { TMessageAudience } from '@clubtix/contract';
import { currentLocale, i18n } from '../../i18n/i18n';

/** The compose form's audience: a choice, and the ticket types when the choice is "some ticket types". */
export type AudienceChoice = 'all' | 'checkedIn' | 'notCheckedIn' | 'tickets';

/** Each choice's words in the `messages` catalogue, which the messages page loads. */
export const AUDIENCE_KEYS = {
  all: 'messages:audience.all',
  checkedIn: 'messages:audience.checkedIn',
  notCheckedIn: 'messages:audience.notCheckedIn',
  tickets: 'messages:audience.tickets',
} as const satisfies Record<AudienceChoice, string>;

/** The request's audience, or null while "some ticket types" has none chosen. */
export function toAudience(choice: AudienceChoice, ticketIds: string[]): TMessageAudience | null {
  if (choice !== 'tickets') return choice;
  return ticketIds.length > 0 ? { ticketIds } : null;
}

/** How the log names an audience: "Everyone coming", "Adult, Child". */
export function audienceText(audience: TMessageAudience, ticketNames: Map<string, string>): string {
  if (typeof audience === 'string') return i18n.t(AUDIENCE_KEYS[audience]);
  return audience.ticketIds.map((id) => ticketNames.get(id) ?? i18n.t('messages:audience.removed')).join(', ');
}

/** "3 people" / "1 person". */
export const peopleText = (count: number) =>
  i18n.t('messages:audience.people', { count, shown: count.toLocaleString(currentLocale()) });
