import type { Deps } from '../../../core/deps';
import { type AppError, badInput, conflict, fieldError, notFound, soldOut, say } from '../../../core/errors';
import { ACCESS_CODE_NEEDED, codeUseRefusal } from '../../discounts/code-uses';
import type { HoldRefusal, HoldRequest } from './batched-holds.repo';
import { holdLimitRefusal } from './hold-limits';
import type { Holder } from './hold-limits.repo';

/**
 * The words of each refusal of the hold. The rules live in db/functions/clubtix_hold.sql alone,
 * which answers the first one a buyer broke as a reason code; here each code becomes the message
 * the buyer reads (docs/decisions/0074-the-hold-in-one-place.md).
 */
export async function holdRefusal(
  deps: Deps,
  refusal: HoldRefusal,
  request: HoldRequest,
  holder: Holder,
): Promise<AppError> {
  const ticket = refusal.ticketName ?? '';
  const max = refusal.number ?? 0;
  switch (refusal.outcome) {
    case 'no_event':
      return notFound('Event');
    case 'ended':
      return conflict('This event has ended');
    case 'not_open':
      return conflict('Registration has not opened yet');
    case 'closed':
      return conflict('Registration has closed');
    case 'order_max':
      return badInput(say('At most {max} tickets per order', { max }), 'tickets');
    case 'no_ticket':
      return notFound('Ticket');
    case 'not_started':
      return conflict(say('{ticket}: sales have not started yet', { ticket }));
    case 'sales_ended':
      return conflict(say('{ticket}: sales have ended', { ticket }));
    case 'ticket_max':
      return badInput(say('{ticket}: at most {max} per order', { ticket, max }), 'tickets');
    case 'access':
      return fieldError('tickets', ACCESS_CODE_NEEDED);
    case 'limit_email':
    case 'limit_address': {
      const requested = request.lines.reduce((sum, line) => sum + line.quantity, 0);
      const which = refusal.outcome === 'limit_email' ? 'email' : 'address';
      return holdLimitRefusal(deps.db, holder, which, { max, timezone: refusal.timezone ?? 'UTC' }, requested);
    }
    case 'code_used_up':
      return codeUseRefusal(deps.db, request.discount!.discountId!);
    case 'sold_out':
      return soldOutOf(refusal.ticketNames);
  }
}

/** Too few seats left: the ticket type named when the order has one. */
export function soldOutOf(ticketNames: string[]): AppError {
  const names = ticketNames.filter(Boolean);
  return soldOut(
    names.length === 1
      ? say('Not enough {ticket} tickets left for this order', { ticket: names[0]! })
      : 'Not enough tickets left for this order',
  );
}
