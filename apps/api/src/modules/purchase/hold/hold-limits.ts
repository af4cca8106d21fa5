import { zonedFormat } from '@clubtix/contract';
import type { Config } from '../../../config';
import type { DbOrTx } from '../../../db/client';
import { clientAddressOf } from '../../../plugins/client-address';
import { RateLimitedError, say, sayAll, type Said } from '../../../core/errors';
import { findHolds, type HoldLapse, type Holder } from './hold-limits.repo';

/**
 * The hold limits of docs/product.md section 18: one buyer e-mail holds at most the event's
 * maxTicketsPerOrder tickets of an event in pending registrations at once, and one client address at
 * most HOLDS_PER_ADDRESS pending registrations per event. Without them, a loop of calls holds a
 * sale's whole stock, and holds it again every RESERVATION_MINUTES (docs/decisions/0016).
 */

/** Who a hold of this event is counted against; the address only when it is limited. */
export function holderOf(config: Config, eventId: string, email: string, ip: string): Holder {
  return { eventId, email, address: config.holdsPerAddress > 0 ? clientAddressOf(ip) : null };
}

/**
 * When the first of `holds` (the first to lapse first) whose lapse leaves room has lapsed: holds are
 * taken away one by one until `fits` says what is left leaves room. Null when none is held.
 */
export function whenRoomFrees(
  holds: HoldLapse[],
  fits: (left: { tickets: number; holds: number }) => boolean,
): Date | null {
  let tickets = holds.reduce((sum, hold) => sum + hold.tickets, 0);
  for (const [index, hold] of holds.entries()) {
    tickets -= hold.tickets;
    if (fits({ tickets, holds: holds.length - index - 1 })) return hold.expiresAt;
  }
  return holds.at(-1)?.expiresAt ?? null;
}

const CLOCK: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/** What to do, in the buyer's words: finish what was started, or wait for the hold to lapse (HH:MM, the event's time). */
function whatToDo(holds: number, lapse: Date | null, timeZone: string): Said {
  if (!lapse) {
    return holds === 1
      ? 'Finish the booking you started, or wait until its hold lapses and try again.'
      : 'Finish a booking you started, or wait until a hold lapses and try again.';
  }
  const time = zonedFormat(CLOCK, timeZone).format(lapse);
  return holds === 1
    ? say('Finish the booking you started, or wait until its hold lapses at {time} and try again.', { time })
    : say('Finish a booking you started, or wait until a hold lapses at {time} and try again.', { time });
}

function refusal(message: Said, lapse: Date | null): RateLimitedError {
  const seconds = lapse ? Math.max(1, Math.ceil((lapse.getTime() - Date.now()) / 1000)) : 60;
  return new RateLimitedError(message, seconds);
}

/**
 * The refusal of a hold past its holder's limit (`which`, as db/functions/clubtix_hold.sql decided it
 * under the holder's lock): 429 RATE_LIMITED with the way out, and Retry-After until the hold that
 * makes room lapses. The holds are listed only to word it, after the statement refused.
 */
export async function holdLimitRefusal(
  db: DbOrTx,
  holder: Holder,
  which: 'email' | 'address',
  limit: { max: number; timezone: string },
  requested: number,
): Promise<RateLimitedError> {
  const { max, timezone } = limit;
  if (which === 'email') {
    const holds = await findHolds(db, holder.eventId, { email: holder.email });
    const lapse = whenRoomFrees(holds, (left) => left.tickets + requested <= max);
    const tickets = holds.reduce((sum, hold) => sum + hold.tickets, 0);
    const holdsNow =
      holds.length === 1
        ? say(
            'This e-mail address already holds {tickets, plural, one {# ticket} other {# tickets}} for this event, and one buyer may hold at most {max} at once.',
            { tickets, max },
          )
        : say(
            'This e-mail address already holds {tickets, plural, one {# ticket} other {# tickets}} for this event in {bookings, plural, one {# booking} other {# bookings}}, and one buyer may hold at most {max} at once.',
            { tickets, bookings: holds.length, max },
          );
    return refusal(sayAll(holdsNow, whatToDo(holds.length, lapse, timezone)), lapse);
  }
  const holds = await findHolds(db, holder.eventId, { address: holder.address ?? '' });
  const lapse = whenRoomFrees(holds, (left) => left.holds < max);
  const networkHolds = say(
    'Your network already has {holds, plural, one {# unfinished booking} other {# unfinished bookings}} for this event, the most it may have at once.',
    { holds: holds.length },
  );
  return refusal(sayAll(networkHolds, whatToDo(holds.length, lapse, timezone)), lapse);
}
