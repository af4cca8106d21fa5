import {
  DEFAULT_PAGE_SIZE,
  DOOR_PAGE_SIZE,
  type TAttendeePageAnswer,
  type ZGetAttendeesQuery,
} from '@clubtix/contract';
import type { z } from 'zod';
import type { Actor } from '../../core/actor';
import type { Deps } from '../../core/deps';
import { badInput, say } from '../../core/errors';
import { seesDoorView, toDoorAttendee } from '../checkin/door-view.mapper';
import { findCheckinQuestionIds } from '../checkin/door-view.repo';
import { loadManagedEvent } from '../events/events.service';
import { findAttendeePage } from './attendee-list.repo';
import { findRegistrationMoney } from './registration-money.repo';
import { toAttendeeDto } from '../purchase/registrations.mapper';

/**
 * An admin's page holds the buyer's e-mail and the money; door staff get the door's view of each
 * attendee and at most DOOR_PAGE_SIZE a page: the door searches, it does not browse
 * (docs/decisions/0061-staff-scope.md).
 */
export async function findEventAttendees(
  deps: Deps,
  actor: Actor,
  query: z.output<typeof ZGetAttendeesQuery>,
): Promise<TAttendeePageAnswer> {
  const door = seesDoorView(actor);
  const pageSize = query.pageSize ?? (door ? DOOR_PAGE_SIZE : DEFAULT_PAGE_SIZE);
  if (door && pageSize > DOOR_PAGE_SIZE) {
    throw badInput(say('Door staff see at most {max} attendees a page', { max: DOOR_PAGE_SIZE }), 'pageSize');
  }
  const event = await loadManagedEvent(deps, actor, query.eventId);
  const { rows, total } = await findAttendeePage(deps.db, {
    eventId: event.id,
    search: query.searchKeyword || undefined,
    checkedIn: query.checkedIn,
    sortBy: query.sortBy,
    offset: (query.page - 1) * pageSize,
    limit: pageSize,
  });
  if (door) {
    const shown = await findCheckinQuestionIds(deps.db, event.id);
    return { attendees: rows.map((row) => toDoorAttendee(row, shown)), total };
  }
  // The amounts of this page's registrations only: summing for the whole event would read every order.
  const registrationIds = [...new Set(rows.map((row) => row.registrationId))];
  const money = await findRegistrationMoney(deps.db, registrationIds);
  return {
    attendees: rows.map((row) => ({
      ...toAttendeeDto(row),
      buyerEmail: row.buyerEmail,
      registeredAt: row.registeredAt.toISOString(),
      paidAmount: money.get(row.registrationId)?.paid ?? null,
      refundedAmount: money.get(row.registrationId)?.refunded ?? 0,
      refundableOrderId: money.get(row.registrationId)?.refundableOrderId ?? null,
    })),
    total,
  };
}
