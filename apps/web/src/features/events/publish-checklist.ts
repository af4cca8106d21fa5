import type { TEvent, TEventStatus, TSaveEventRequest, TTicket } from '@clubtix/contract';

/** One line of the publish checklist; a required line that is not done keeps Publish disabled. */
export interface PublishCheck {
  key: 'title' | 'place' | 'tickets' | 'dates' | 'description';
  label: string;
  done: boolean;
  required: boolean;
}

type CheckedEvent = Pick<TEvent, 'title' | 'venue' | 'address' | 'endDate' | 'description'>;

/**
 * What an event needs before it goes public (issue 19, docs/decisions/0024): a title, where it
 * happens, one ticket type on sale, and an end still to come. A description helps but is optional.
 */
export function publishChecklist(
  event: CheckedEvent,
  tickets: ReadonlyArray<Pick<TTicket, 'isActive'>>,
  now: Date = new Date(),
): PublishCheck[] {
  const filled = (text: string | null) => Boolean(text?.trim());
  return [
    { key: 'title', label: 'A title', done: filled(event.title), required: true },
    {
      key: 'place',
      label: 'Where it happens (a venue or an address)',
      done: filled(event.venue) || filled(event.address),
      required: true,
    },
    {
      key: 'tickets',
      label: 'At least one active ticket type',
      done: tickets.some((ticket) => ticket.isActive),
      required: true,
    },
    {
      key: 'dates',
      label: 'Dates still to come (the event has not ended)',
      done: Date.parse(event.endDate) > now.getTime(),
      required: true,
    },
    { key: 'description', label: 'A description (optional)', done: filled(event.description), required: false },
  ];
}

/** True when every required line is done. */
export function canPublish(checks: ReadonlyArray<PublishCheck>): boolean {
  return checks.every((check) => check.done || !check.required);
}

/** The save request that changes only the status: every other field is sent as the event has it. */
export function statusChangeRequest(event: TEvent, status: TEventStatus): TSaveEventRequest {
  return {
    id: event.id,
    title: event.title,
    slug: event.slug,
    description: event.description ?? '',
    bannerUrl: event.bannerUrl,
    venue: event.venue ?? '',
    address: event.address ?? '',
    startDate: event.startDate,
    endDate: event.endDate,
    timezone: event.timezone,
    currency: event.currency,
    status,
    capacity: event.capacity,
    registrationOpensAt: event.registrationOpensAt,
    registrationClosesAt: event.registrationClosesAt,
    donationsEnabled: event.donationsEnabled,
    sponsorshipsEnabled: event.sponsorshipsEnabled,
    maxTicketsPerOrder: event.maxTicketsPerOrder,
    confirmFreeByEmail: event.confirmFreeByEmail,
  };
}
