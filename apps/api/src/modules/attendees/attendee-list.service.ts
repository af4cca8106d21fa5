import type { TAttendeeListItem, ZGetAttendeesQuery } from '@clubtix/contract';
import type { z } from 'zod';
import type { Actor } from '../../core/actor';
import type { Deps } from '../../core/deps';
import { loadManagedEvent } from '../events/events.service';
import { findAttendeePage } from './attendee-list.repo';
import { findRegistrationMoney } from './registration-money.repo';
import { toAttendeeDto } from '../purchase/registrations.mapper';

export async function findEventAttendees(
  deps: Deps,
  actor: Actor,
  query: z.output<typeof ZGetAttendeesQuery>,
): Promise<{ attendees: TAttendeeListItem[]; total: number }> {
  const event = await loadManagedEvent(deps, actor, query.eventId);
  const { rows, total } = await findAttendeePage(deps.db, {
    eventId: event.id,
    search: query.searchKeyword || undefined,
    checkedIn: query.checkedIn,
    sortBy: query.sortBy,
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
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
