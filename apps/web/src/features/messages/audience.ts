import type { TMessageAudience } from '@clubtix/contract';

/** The compose form's audience: a choice, and the ticket types when the choice is "some ticket types". */
export type AudienceChoice = 'all' | 'checkedIn' | 'notCheckedIn' | 'tickets';

export const AUDIENCE_LABELS: Record<AudienceChoice, string> = {
  all: 'Everyone coming',
  checkedIn: 'Checked in',
  notCheckedIn: 'Not checked in yet',
  tickets: 'Some ticket types',
};

/** The request's audience, or null while "some ticket types" has none chosen. */
export function toAudience(choice: AudienceChoice, ticketIds: string[]): TMessageAudience | null {
  if (choice !== 'tickets') return choice;
  return ticketIds.length > 0 ? { ticketIds } : null;
}

/** How the log names an audience: "Everyone coming", "Adult, Child". */
export function audienceText(audience: TMessageAudience, ticketNames: Map<string, string>): string {
  if (typeof audience === 'string') return AUDIENCE_LABELS[audience];
  return audience.ticketIds.map((id) => ticketNames.get(id) ?? 'A removed ticket type').join(', ');
}

/** "3 people" / "1 person". */
export const peopleText = (count: number) => `${count.toLocaleString('en-GB')} ${count === 1 ? 'person' : 'people'}`;
