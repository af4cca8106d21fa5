import type {
  TCurrency,
  TExtrasPurchase,
  TPassPurchase,
  TRefundPassRequest,
  TRefundExtrasPurchaseRequest,
  TRefundSponsorshipRequest,
  TSponsorship,
} from '@clubtix/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../../core/actor';
import { notFound } from '../../../core/errors';
import type { Deps } from '../../../core/deps';
import { clubScope } from '../../clubs/clubs.policy';
import type { RefundNews } from '../../mail/refund-mail';
import { loadManagedEvent } from '../../events/events.service';
import { findExtrasById } from '../../extras/extras.repo';
import { toExtrasPurchaseDto } from '../extras-purchases.mapper';
import { findClubExtrasPurchase } from '../extras-purchases.repo';
import { findClubPassPurchase, findPassPlaces, findPassRefundSubject } from '../pass-purchases.repo';
import { payables } from '../payables/payables';
import type { PayableKind } from '../payables/payable';
import { toPassPurchaseDto } from '../pass-purchases.mapper';
import { toSponsorshipDto } from '../sponsorships.mapper';
import { findSponsorshipView } from '../sponsorships.repo';
import { refundLockedPayable, type RefundDone } from './refund-core';
import { afterRefunds, SAME_REFUND_MINUTES } from './refund.service';
import { findRecentSameRefund, findRefundByRequestKey } from './refunds.repo';

interface RefundInput {
  amount?: number | undefined;
  reason?: string | undefined;
  requestKey?: string | undefined;
}

const NOT_FOUND_NAMES = { sponsorship: 'Sponsorship', extras: 'Extras purchase', pass: 'Pass purchase' } as const;

/**
 * The admin's refund of a sponsorship, donation, extras bought alone or a season pass, as
 * refundOrder's: under the payable's row lock, the same requestKey again, or the same call again
 * within SAME_REFUND_MINUTES, answers the first refund (docs/decisions/0027-refunds-and-cancellation.md).
 * `event` is what its refund mail names, read by the caller past the tenant wall. Answers whether it
 * was such a replay and the events whose seats came back; the caller reads the payable afterwards.
 */
async function refundPayableAsAdmin(
  deps: Deps,
  actor: Actor,
  kind: Exclude<PayableKind, 'order'>,
  row: { id: string },
  event: RefundNews['event'],
  input: RefundInput,
  log?: FastifyBaseLogger,
  freedEvents: string[] = [],
): Promise<boolean> {
  const payable = payables[kind];
  const reason = input.reason ? input.reason : null;
  const requestKey = input.requestKey ? `admin:${kind}:${row.id}:${input.requestKey}` : null;
  const done = await deps.db.transaction(async (tx): Promise<RefundDone | null> => {
    const locked = await payable.lockForRefund(tx, row.id);
    if (!locked) throw notFound(NOT_FOUND_NAMES[kind]);
    if (requestKey && (await findRefundByRequestKey(tx, requestKey))) return null;
    if (!requestKey) {
      const same = await findRecentSameRefund(
        tx,
        { kind, id: row.id, amount: input.amount, reason },
        SAME_REFUND_MINUTES,
      );
      const left = locked.amount - locked.refundedAmount;
      if (same && (input.amount !== undefined || left === 0)) return null;
    }
    return refundLockedPayable(tx, deps, event, payable, locked, {
      amount: input.amount,
      reason,
      releaseTickets: false,
      source: 'admin',
      requestKey,
      // As refundOrder's: a retry of this very refund finds the same key, the next refund another.
      providerKey: `refund:${kind}:${row.id}:${input.requestKey ?? `${locked.refundedAmount}:${input.amount ?? 'rest'}`}`,
      createdBy: actor.id,
    });
  });
  if (done) afterRefunds(deps, done.seatsFreed ? freedEvents : [], log);
  return done === null;
}

/** POST /sponsorship/refund (docs/product.md section 19); a full refund gives its package place back. */
export async function refundSponsorship(
  deps: Deps,
  actor: Actor,
  input: TRefundSponsorshipRequest,
  log?: FastifyBaseLogger,
): Promise<{ sponsorship: TSponsorship; replayed: boolean }> {
  const found = await findSponsorshipView(deps.db, input.sponsorshipId, clubScope(actor));
  if (!found) throw notFound('Sponsorship');
  const event = await loadManagedEvent(deps, actor, found.eventId);
  const replayed = await refundPayableAsAdmin(deps, actor, 'sponsorship', found, event, input, log);
  const row = await findSponsorshipView(deps.db, found.id, clubScope(actor));
  if (!row) throw notFound('Sponsorship');
  return { sponsorship: toSponsorshipDto(row), replayed };
}

/**
 * POST /extrasPurchase/refund (docs/product.md section 19): extras bought alone (a voucher an order
 * issued is refunded with its order: 404 here). A full refund stops the voucher at the door and puts
 * the extras back on sale.
 */
export async function refundExtrasPurchase(
  deps: Deps,
  actor: Actor,
  input: TRefundExtrasPurchaseRequest,
  log?: FastifyBaseLogger,
): Promise<{ extrasPurchase: TExtrasPurchase; replayed: boolean }> {
  const found = await findClubExtrasPurchase(deps.db, input.extrasPurchaseId, clubScope(actor));
  if (!found || found.orderId !== null) throw notFound('Extras purchase');
  const event = await loadManagedEvent(deps, actor, found.eventId);
  const replayed = await refundPayableAsAdmin(deps, actor, 'extras', found, event, input, log);
  const row = await findClubExtrasPurchase(deps.db, found.id, clubScope(actor));
  const extras = row && (await findExtrasById(deps.db, row.extrasId, row.clubId));
  if (!row || !extras) throw notFound('Extras purchase');
  return { extrasPurchase: toExtrasPurchaseDto(row, extras), replayed };
}

/**
 * POST /pass/refund (DECISIONS 18): a season pass, past the tenant wall by its club. A full refund
 * ends its admissions to the events not attended yet, whose places go back on sale
 * (pass.payable.ts); the waiting lists of those events hear of them.
 */
export async function refundPass(
  deps: Deps,
  actor: Actor,
  input: TRefundPassRequest,
  log?: FastifyBaseLogger,
): Promise<{
  passPurchase: TPassPurchase;
  refunded: { refundedAmount: number; currency: TCurrency };
  replayed: boolean;
}> {
  const found = await findClubPassPurchase(deps.db, input.passPurchaseId, clubScope(actor));
  if (!found) throw notFound('Pass purchase');
  const subject = await findPassRefundSubject(deps.db, found.id);
  if (!subject) throw notFound('Pass purchase');
  const places = await findPassPlaces(deps.db, found.id);
  const freed = places.map((place) => place.registration.eventId);
  const replayed = await refundPayableAsAdmin(deps, actor, 'pass', found, subject, input, log, freed);
  const row = await findClubPassPurchase(deps.db, found.id, clubScope(actor));
  if (!row) throw notFound('Pass purchase');
  const refunded = { refundedAmount: row.refundedAmount, currency: row.currency as TCurrency };
  return { passPurchase: toPassPurchaseDto(row), refunded, replayed };
}
