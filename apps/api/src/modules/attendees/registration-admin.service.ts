import type { TRegistration } from '@clubtix/contract';
import type { RegistrationRow } from '../../db/schema';
import type { Actor } from '../../core/actor';
import { notFound, soldOut } from '../../core/errors';
import type { Deps } from '../../core/deps';
import { clubScope } from '../clubs/clubs.policy';
import { isDeletedRegistration } from '../purchase/deleted-registration';
import { lockOrdersOf } from './attendee-removal.repo';
import { refundPaidOrders } from './attendee-removal.service';
import { assertCanManageEvent } from '../events/events.policy';
import { findEventById } from '../events/events.repo';
import { lockClubMail } from '../mail/outbox.repo';
import { queueTicketMail } from '../mail/ticket-mail';
import { giveBackUsesOfPending } from '../discounts/discount-uses.repo';
import { linesOf, markSeatsSold, releaseSeats, reserveSeats } from '../purchase/seats.repo';
import {
  findAttendeesOf,
  findRegistrationById,
  lockRegistration,
  updateRegistration,
} from '../purchase/registrations.repo';
import { loadRegistrationDto, presentUnlessDeleted } from '../purchase/details/registration-details.service';

export async function loadManagedRegistration(
  deps: Deps,
  actor: Actor,
  registrationId: string,
): Promise<RegistrationRow> {
  const row = await findRegistrationById(deps.db, registrationId, clubScope(actor));
  if (!row) throw notFound('Registration');
  assertCanManageEvent(actor, await findEventById(deps.db, row.eventId, clubScope(actor)));
  return row;
}

export async function findManagedRegistration(deps: Deps, actor: Actor, registrationId: string) {
  return presentUnlessDeleted(
    await loadRegistrationDto(deps, await loadManagedRegistration(deps, actor, registrationId)),
  );
}

/**
 * By hand: cancelling gives the seats back, and marks what was paid for refund (its orders and
 * their extras vouchers), as removing it does; confirming keeps them (an admin's free ticket).
 */
export async function setRegistrationStatus(
  deps: Deps,
  actor: Actor,
  registrationId: string,
  status: 'confirmed' | 'cancelled',
): Promise<TRegistration> {
  const existing = await loadManagedRegistration(deps, actor, registrationId);
  const row = await deps.db.transaction(async (tx) => {
    // The orders before the registration, as a payment's settlement locks them: one waits for the other.
    const orders = status === 'cancelled' ? await lockOrdersOf(tx, existing, existing.id) : [];
    const locked = await lockRegistration(tx, existing.id);
    if (!locked) throw notFound('Registration');
    if (locked.status === status) return locked;
    const party = await findAttendeesOf(tx, [locked.id]);
    if (isDeletedRegistration(locked, party.length)) throw notFound('Registration');
    const lines = linesOf(party);
    if (status === 'cancelled') {
      // A pending hold's code use comes back first (a hold takes the code before the seats).
      if (locked.status === 'pending') await giveBackUsesOfPending(tx, [locked.id]);
      if (locked.status === 'pending' || locked.status === 'confirmed') {
        await releaseSeats(tx, locked.eventId, lines, locked.status === 'confirmed');
      }
      await refundPaidOrders(tx, existing, orders);
      return updateRegistration(tx, locked.id, { status, expiresAt: null });
    }
    // Its ticket mail is limited (no payment): the club's mail lock comes before the counters (outbox.repo.ts).
    await lockClubMail(tx, locked.clubId);
    if (locked.status === 'expired' || locked.status === 'cancelled') {
      const reserved = await reserveSeats(tx, locked.eventId, lines);
      if (!reserved.ok) throw soldOut('Not enough tickets left to confirm this registration');
    }
    await markSeatsSold(tx, lines);
    const confirmed = await updateRegistration(tx, locked.id, { status, confirmedAt: new Date(), expiresAt: null });
    const event = await findEventById(tx, confirmed.eventId, null);
    if (event) await queueTicketMail(tx, deps.config, event, confirmed, party);
    return confirmed;
  });
  if (status === 'cancelled') deps.seatsFreed?.(row.eventId);
  return loadRegistrationDto(deps, row);
}
