import type { TAllClubSales, TClubSales, TEventSales, TMoneyTotals } from '@clubtix/contract';
import type { Actor } from '../../core/actor';
import type { Deps } from '../../core/deps';
import { assertCanManageClub } from '../clubs/clubs.policy';
import { loadManagedEvent } from '../events/events.service';
import { clubTotals, listClubNames, upcomingEvents, type ClubTotalsRow } from './club-sales.repo';
import { eventTicketNames, paidExtrasAlone, paidOrderLines, paidPassPlaces, paidSponsorships } from './report.repo';
import { buildSales } from './sales';

/** The event's sales (docs/product.md section 21): an admin of its club; another club's event is 404. */
export async function getEventSales(deps: Deps, actor: Actor, eventId: string): Promise<TEventSales> {
  const event = await loadManagedEvent(deps, actor, eventId);
  // One snapshot: the five reads see the same committed payments and refunds. One after the other:
  // a transaction is one connection, which runs one statement at a time whatever the code asks.
  return deps.db.transaction(
    async (tx) => {
      const ticketNames = await eventTicketNames(tx, event);
      const orderLines = await paidOrderLines(tx, event);
      const extrasAlone = await paidExtrasAlone(tx, event);
      const sponsorships = await paidSponsorships(tx, event);
      const passPlaces = await paidPassPlaces(tx, event);
      return buildSales({ event, ticketNames, orderLines, extrasAlone, sponsorships, passPlaces });
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

const UPCOMING_ON_DASHBOARD = 20;

const toTotals = (rows: ClubTotalsRow[]): TMoneyTotals[] =>
  rows.map((row) => ({
    currency: row.currency,
    gross: row.gross,
    refunded: row.refunded,
    net: row.gross - row.refunded,
  }));

/** The admin dashboard's figures (docs/product.md section 21): an admin of that club, or sudo; else 404. */
export async function getClubSales(deps: Deps, actor: Actor, clubId: string): Promise<TClubSales> {
  assertCanManageClub(actor, clubId);
  const [totals, upcoming] = await Promise.all([
    clubTotals(deps.db, clubId),
    upcomingEvents(deps.db, clubId, UPCOMING_ON_DASHBOARD),
  ]);
  return {
    clubId,
    totals: toTotals(totals),
    upcoming: upcoming.map((row) => ({ ...row, startDate: row.startDate.toISOString() })),
  };
}

/** The super user's dashboard: every club's paid money per currency, clubs without sales included. */
export async function getAllClubSales(deps: Deps): Promise<TAllClubSales> {
  const [clubs, totals] = await Promise.all([listClubNames(deps.db), clubTotals(deps.db, null)]);
  return {
    clubs: clubs.map((club) => ({
      clubId: club.id,
      name: club.name,
      totals: toTotals(totals.filter((row) => row.clubId === club.id)),
    })),
  };
}
