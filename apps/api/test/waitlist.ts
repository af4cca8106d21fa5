import { and, eq, sql } from 'drizzle-orm';
import { endpoints, type TWaitlistEntry } from '@clubtix/contract';
import { attendees, events, registrations, tickets, waitlistEntries } from '../src/db/schema';
import { createMailer } from '../src/modules/mail/mailer';
import { smtpTransport } from '../src/modules/mail/smtp-transport';
import type { OfferDeps } from '../src/modules/waitlist/offers';
import { type TestApp } from './helpers';
import { callEndpoint, expectPayload } from './call-endpoint';

/** What offerFreedTickets needs, as the app builds it: the real mailer, delivering to the app's SMTP_URL. */
export function offerDepsOf(t: TestApp): OfferDeps {
  const transport = t.config.smtpUrl ? smtpTransport(t.config.smtpUrl) : null;
  return { db: t.db, config: t.config, mail: createMailer(t.db, t.config, transport, t.app.log) };
}

export const joinWaitlist = (
  t: TestApp,
  body: { eventId: string; ticketId: string; email: string; quantity: number },
) => callEndpoint(t, endpoints.waitlist.join, { body });

export async function waitlistOf(t: TestApp, token: string, eventId: string): Promise<TWaitlistEntry[]> {
  return expectPayload(await callEndpoint(t, endpoints.waitlist.getByEventId, { token, query: { eventId } }));
}

/** Who holds what of a ticket type, as the rows say: pending or confirmed attendees, and open offers. */
export async function rowsOf(t: Pick<TestApp, 'db'>, ticketId: string) {
  const [held] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(attendees)
    .innerJoin(registrations, eq(registrations.id, attendees.registrationId))
    .where(and(eq(attendees.ticketId, ticketId), sql`${registrations.status} IN ('pending', 'confirmed')`));
  const [offered] = await t.db
    .select({ n: sql<number>`coalesce(sum(${waitlistEntries.quantity}), 0)::int` })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.ticketId, ticketId), eq(waitlistEntries.status, 'offered')));
  return { held: held!.n, offered: offered!.n };
}

/**
 * What rowsOf and countersOf read, in one statement: one snapshot, so sweeps still running on other
 * processes cannot move the rows between the two reads.
 */
export async function takenAndCounters(t: Pick<TestApp, 'db'>, ticketId: string) {
  const { rows } = await t.db.execute<{ taken: number; ticket: number; event: number }>(sql`
    SELECT (SELECT count(*)::int FROM ${attendees} a JOIN ${registrations} r ON r.id = a.registration_id
             WHERE a.ticket_id = ${ticketId} AND r.status IN ('pending', 'confirmed'))
         + (SELECT coalesce(sum(w.quantity), 0)::int FROM ${waitlistEntries} w
             WHERE w.ticket_id = ${ticketId} AND w.status = 'offered') AS taken,
           t.reserved_count AS ticket, e.reserved_count AS event
    FROM ${tickets} t JOIN ${events} e ON e.id = t.event_id WHERE t.id = ${ticketId}`);
  return rows[0]!;
}

/** The counters of a ticket type and its event. */
export async function countersOf(t: Pick<TestApp, 'db'>, ticketId: string) {
  const [ticket] = await t.db.select().from(tickets).where(eq(tickets.id, ticketId));
  const [event] = await t.db.select().from(events).where(eq(events.id, ticket!.eventId));
  return { ticket: ticket!.reservedCount, event: event!.reservedCount };
}

/** Moves an open offer's end into the past, as WAITLIST_OFFER_MINUTES passing would. */
export async function expireOffer(t: Pick<TestApp, 'db'>, entryId: string) {
  await t.db
    .update(waitlistEntries)
    .set({ offerExpiresAt: new Date(Date.now() - 1000) })
    .where(eq(waitlistEntries.id, entryId));
}

/** The offer link's token, as the person reads it in the mail. */
export function offerTokenIn(text: string | undefined): string | undefined {
  return text?.match(/\/tickets\?offer=([A-Za-z0-9_-]+)/)?.[1];
}
