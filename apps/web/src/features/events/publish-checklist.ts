import type { TEvent, TEventStatus, TSaveEventRequest, TTicket } from '@clubtix/contract';
import { i18n } from '../../i18n/i18n';

/** One line of the publish checklist; a required line that is not done keeps Publish disabled. */
export interface PublishCheck {
  key: 'title' | 'place' | 'tickets' | 'dates' | 'description';
  label: string;
  done: boolean;
  required: boolean;
}

type CheckedEvent = Pick<TEvent, 'title' | 'venue' | 'address' | 'endDate' | 'description'>;

/**
 * What an event needs before it goes public (docs/decisions/0024): a title, where it
 * happens, one ticket type on sale, and an end still to come. A description helps but is optional.
 */
export function publishChecklist(
  event: CheckedEvent,
  tickets: ReadonlyArray<Pick<TTicket, 'isActive'>>,
  now: Date = new Date(),
): PublishCheck[] {
  const filled = (text: string | null) => Boolean(text?.trim());
  // The panel showing the list loads the `events` catalogue.
  const label = (key: PublishCheck['key']) => i18n.t(`events:checklist.${key}`);
  return [
    { key: 'title', label: label('title'), done: filled(event.title), required: true },
    {
      key: 'place',
      label: label('place'),
      done: filled(event.venue) || filled(event.address),
      required: true,
    },
    {
      key: 'tickets',
      label: label('tickets'),
      done: tickets.some((ticket) => ticket.isActive),
      required: true,
    },
    {
      key: 'dates',
      label: label('dates'),
      done: Date.parse(event.endDate) > now.getTime(),
      required: true,
    },
    { key: 'description', label: label('description'), done: filled(event.description), required: false },
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
