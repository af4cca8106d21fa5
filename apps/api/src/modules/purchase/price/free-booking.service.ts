import { randomBytes } from 'node:crypto';
import type { TBuyerRegistration, ZConfirmFreeOrderRequest } from '@clubtix/contract';
import type { z } from 'zod';
import type { OrderRow, RegistrationRow } from '../../../db/schema';
import { AppError, conflict, notFound } from '../../../core/errors';
import type { Deps } from '../../../core/deps';
import { findEventById } from '../../events/events.repo';
import { queueFreeConfirmationMail } from '../../mail/free-confirmation-mail';
import { settlePaidOrder } from '../settlement/settle-paid-order';
import {
  findAttendeesOf,
  findRegistrationByConfirmToken,
  lockRegistration,
  updateRegistration,
} from '../registrations.repo';
import { findBuyerRegistration } from '../details/registration-details.service';
import { findOrderToPrice } from '../orders.repo';

/*
 * Free bookings (docs/product.md section 18; docs/decisions/0017-free-bookings-by-email-and-mail-quotas.md):
 * an order of amount 0 is confirmed at once, unless its event has confirmFreeByEmail. Then it stays
 * a hold, a link is mailed to the buyer's e-mail, and opening it confirms the booking through the
 * same settlement as any order (settlePaidOrder), which mails the tickets once.
 */

/** What pricing a free order did: the order, and when it awaits its mailed link, when that hold lapses. */
export interface FreeOrderOutcome {
  order: OrderRow;
  emailConfirmation?: { expiresAt: string };
}

/** A free order just priced: confirmed now, or, on an event that asks for it, held until its link is opened. */
export async function settleFreeOrder(
  deps: Deps,
  registration: RegistrationRow,
  order: OrderRow,
): Promise<FreeOrderOutcome> {
  const event = await findEventById(deps.db, registration.eventId, null);
  if (!event?.confirmFreeByEmail) return { order: (await settlePaidOrder(deps, order.id)).order };
  const expiresAt = await requestEmailConfirmation(deps, registration);
  return { order, emailConfirmation: { expiresAt: expiresAt.toISOString() } };
}

/** The messages createOrder gives a hold that ended, as its buyer reads them. */
function assertStillHeld(registration: RegistrationRow, now: Date): void {
  if (registration.status === 'cancelled') throw conflict('This registration was cancelled');
  if (registration.status === 'expired' || (registration.expiresAt !== null && registration.expiresAt <= now)) {
    throw conflict('Your hold on these tickets has expired; please start again');
  }
}

/**
 * Stores the hold's link secret and queues its mail, once per hold: asked again (a reload of the
 * checkout), it mails nothing more and answers the same expiry. The mail counts against the club's
 * quotas; refused, the token is not stored either (the transaction rolls back) and the buyer reads
 * why (429). The hold keeps the expiry it was given: the link must be opened before it.
 */
async function requestEmailConfirmation(deps: Deps, registration: RegistrationRow): Promise<Date> {
  const now = new Date();
  const queued = await deps.db.transaction(async (tx) => {
    const locked = await lockRegistration(tx, registration.id);
    if (!locked) throw notFound('Registration');
    if (locked.status === 'confirmed') throw conflict('This booking is already confirmed');
    assertStillHeld(locked, now);
    // Never null for a hold (initRegistration sets it); a day is the longest RESERVATION_MINUTES allows.
    const expiresAt = locked.expiresAt ?? new Date(now.getTime() + 86_400_000);
    if (locked.confirmToken !== null) return { expiresAt, isNew: false };
    const token = randomBytes(32).toString('base64url');
    const row = await updateRegistration(tx, locked.id, { confirmToken: token });
    const event = await findEventById(tx, row.eventId, null);
    if (!event) throw notFound('Event');
    const party = await findAttendeesOf(tx, [row.id]);
    await queueFreeConfirmationMail(tx, deps.config, event, row, party.length, token);
    return { expiresAt, isNew: true };
  });
  if (queued.isNew) void deps.mail.flush().catch(() => undefined);
  return queued.expiresAt;
}

const invalidLink = () =>
  new AppError('NOT_FOUND', 'This confirmation link is not valid: check that it was copied whole');

/**
 * POST /order/confirmFreeOrder: the mailed link opened. Confirms the booking while its hold lasts
 * (after it lapsed: 409, nothing confirmed) and answers it with its tickets. Opened twice, even at
 * the same moment on two processes, the order's row lock in settlePaidOrder lets one confirm and
 * mail; the other finds it done and answers the same.
 */
export async function confirmFreeOrder(
  deps: Deps,
  input: z.output<typeof ZConfirmFreeOrderRequest>,
): Promise<TBuyerRegistration> {
  const registration = await findRegistrationByConfirmToken(deps.db, input.registrationId, input.token);
  if (!registration) throw invalidLink();
  if (registration.status !== 'confirmed') {
    const found = await findOrderToPrice(deps.db, registration.id);
    if (!found) throw notFound('Order');
    await settlePaidOrder(deps, found.order.id, { byEmailLink: true });
  }
  return findBuyerRegistration(deps, registration.id, registration.qrUuid);
}
