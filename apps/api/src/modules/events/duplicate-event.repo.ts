import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/client';
import {
  discounts,
  extras,
  formQuestions,
  sponsorshipPackages,
  tickets,
  type DiscountRow,
  type EventRow,
  type ExtrasRow,
  type FormQuestionRow,
  type SponsorshipPackageRow,
  type TicketRow,
} from '../../db/schema';

/** What an event's copy takes of it: everything it sells and asks, none of what was sold. */
export interface CatalogueOfEvent {
  /** A season pass's hidden types (tickets.pass_id) are the pass's own, made where it takes a place. */
  tickets: TicketRow[];
  extras: ExtrasRow[];
  packages: SponsorshipPackageRow[];
  questions: FormQuestionRow[];
  discounts: DiscountRow[];
}

export async function findCatalogueOfEvent(db: DbOrTx, event: EventRow): Promise<CatalogueOfEvent> {
  const of = (table: { clubId: PgColumn; eventId: PgColumn }) =>
    and(eq(table.clubId, event.clubId), eq(table.eventId, event.id));
  return {
    tickets: await db
      .select()
      .from(tickets)
      .where(and(of(tickets), isNull(tickets.passId)))
      .orderBy(asc(tickets.position), asc(tickets.createdAt), asc(tickets.id)),
    extras: await db.select().from(extras).where(of(extras)).orderBy(asc(extras.createdAt), asc(extras.id)),
    packages: await db
      .select()
      .from(sponsorshipPackages)
      .where(of(sponsorshipPackages))
      .orderBy(asc(sponsorshipPackages.createdAt), asc(sponsorshipPackages.id)),
    questions: await db.select().from(formQuestions).where(of(formQuestions)).orderBy(asc(formQuestions.position)),
    discounts: await db
      .select()
      .from(discounts)
      .where(of(discounts))
      .orderBy(asc(discounts.createdAt), asc(discounts.id)),
  };
}

/** An instant moved by `shiftMs`; none stays none. */
export type Move = (at: Date | null) => Date | null;

/**
 * Writes the catalogue into the event `to`, its instants moved and its counters at 0 (the column
 * defaults). Codes name the copies of their ticket types; a code that named only types not copied
 * is left out, since an empty list would open it to every ticket.
 */
export async function insertCatalogueCopy(
  tx: Tx,
  catalogue: CatalogueOfEvent,
  to: { id: string; clubId: string },
  move: Move,
): Promise<void> {
  const owner = { clubId: to.clubId, eventId: to.id };
  const ticketIds = new Map(catalogue.tickets.map((ticket) => [ticket.id, randomUUID()]));
  if (catalogue.tickets.length > 0) {
    await tx.insert(tickets).values(
      catalogue.tickets.map((ticket) => ({
        ...owner,
        id: ticketIds.get(ticket.id)!,
        name: ticket.name,
        description: ticket.description,
        price: ticket.price,
        quantity: ticket.quantity,
        maxPerOrder: ticket.maxPerOrder,
        salesStartAt: move(ticket.salesStartAt),
        salesEndAt: move(ticket.salesEndAt),
        isActive: ticket.isActive,
        hidden: ticket.hidden,
        position: ticket.position,
      })),
    );
  }
  if (catalogue.extras.length > 0) {
    await tx.insert(extras).values(
      catalogue.extras.map((extra) => ({
        ...owner,
        name: extra.name,
        description: extra.description,
        price: extra.price,
        quantity: extra.quantity,
        isActive: extra.isActive,
      })),
    );
  }
  if (catalogue.packages.length > 0) {
    await tx.insert(sponsorshipPackages).values(
      catalogue.packages.map((pkg) => ({
        ...owner,
        name: pkg.name,
        description: pkg.description,
        amount: pkg.amount,
        benefits: pkg.benefits,
        quantity: pkg.quantity,
        isActive: pkg.isActive,
      })),
    );
  }
  if (catalogue.questions.length > 0) {
    await tx.insert(formQuestions).values(
      catalogue.questions.map((question) => ({
        ...owner,
        type: question.type,
        label: question.label,
        required: question.required,
        options: question.options,
        position: question.position,
        perAttendee: question.perAttendee,
        showAtCheckin: question.showAtCheckin,
      })),
    );
  }
  const codes = catalogue.discounts.flatMap((code) => {
    const named = code.ticketIds.flatMap((id) => ticketIds.get(id) ?? []);
    return code.ticketIds.length > 0 && named.length === 0 ? [] : [{ code, named }];
  });
  if (codes.length > 0) {
    await tx.insert(discounts).values(
      codes.map(({ code, named }) => ({
        ...owner,
        code: code.code,
        codeKey: code.codeKey,
        kind: code.kind,
        value: code.value,
        ticketIds: named,
        maxUses: code.maxUses,
        validFrom: move(code.validFrom),
        validUntil: move(code.validUntil),
        isActive: code.isActive,
      })),
    );
  }
}
