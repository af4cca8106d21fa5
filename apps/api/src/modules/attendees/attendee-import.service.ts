import {
  MAX_IMPORT_ROWS,
  ZImportFields,
  type TFormQuestion,
  type TImportResult,
  type TLanguage,
} from '@clubtix/contract';
import type { EventRow, TicketRow } from '../../db/schema';
import type { Actor } from '../../core/actor';
import { AppError, badInput, conflict, notFound, say, sayIn, fromIssue } from '../../core/errors';
import type { Deps } from '../../core/deps';
import { findEventById } from '../events/events.repo';
import { loadManagedEvent } from '../events/events.service';
import { findQuestionsByEvent } from '../forms/forms.repo';
import { toQuestionDto } from '../forms/forms.service';
import { markSeatsSold, reserveSeats } from '../purchase/seats.repo';
import { findTicketById } from '../tickets/tickets.repo';
import {
  findConfirmedPeople,
  insertImportedAttendees,
  lockEventImports,
  refreshImportedStatistics,
} from './attendee-import.repo';
import { openSheetRows } from './import-file';
import { isBlankRow, mapHeader, personKey, readRow, type ColumnMap, type ImportRow } from './import-rows';
import { ImportErrors } from './import-errors';
import type { ImportUpload } from './import-upload';

export interface ImportOutcome {
  result: TImportResult;
  dryRun: boolean;
}

interface CheckedFile {
  rows: ImportRow[];
  /** Rows that repeat an earlier row of the same file. */
  repeated: number;
  errors: ImportErrors;
}

const tooManyRows = () =>
  new AppError(
    'TOO_LARGE',
    say('The file has more than {max, number} attendee rows: split it into smaller files', { max: MAX_IMPORT_ROWS }),
  );

/** Reads every row of the file and checks it, keeping the good ones and naming every bad one. */
async function checkFile(
  file: { path: string; filename: string },
  questions: TFormQuestion[],
  language: TLanguage,
): Promise<CheckedFile> {
  const rows = await openSheetRows(file.path, file.filename);
  const checked: CheckedFile = { rows: [], repeated: 0, errors: new ImportErrors() };
  const seen = new Set<string>();
  let map: ColumnMap | undefined;
  let count = 0;
  for await (const { row, cells } of rows) {
    if (isBlankRow(cells)) continue;
    if (!map) {
      map = mapHeader(cells, questions);
      continue;
    }
    if (++count > MAX_IMPORT_ROWS) throw tooManyRows();
    const outcome = readRow(row, cells, map, questions, language);
    if (!outcome.ok) {
      checked.errors.add(outcome.error);
      continue;
    }
    const key = personKey(outcome.value);
    if (seen.has(key)) checked.repeated++;
    else checked.rows.push(outcome.value);
    seen.add(key);
  }
  if (!map) {
    throw badInput('The file is empty: its first row must be the header row (firstName, lastName, email, …)', 'file');
  }
  if (count === 0) throw badInput('The file has no attendee rows under its header row', 'file');
  return checked;
}

/** Thrown inside the import's transaction so that nothing of it is kept. */
class Rollback extends Error {
  constructor(readonly outcome: 'dry-run' | 'no-seats') {
    super(outcome);
  }
}

async function seatsLeft(deps: Deps, event: EventRow, ticket: TicketRow): Promise<number | null> {
  const freshTicket = await findTicketById(deps.db, ticket.id, event.clubId);
  const freshEvent = await findEventById(deps.db, event.id, event.clubId);
  const left = [
    freshTicket?.quantity == null ? null : freshTicket.quantity - freshTicket.reservedCount,
    freshEvent?.capacity == null ? null : freshEvent.capacity - freshEvent.reservedCount,
  ].filter((value): value is number => value !== null);
  return left.length === 0 ? null : Math.max(0, Math.min(...left));
}

/**
 * POST /registration/bulkImportAttendee (docs/product.md section 17): all rows or none. Every row is
 * checked first and every bad one named; then, in one transaction, rows already among the event's
 * confirmed attendees (same e-mail and names) are skipped and the others become confirmed
 * registrations that take their seats through the counters buying uses, so an import can never
 * oversell either. No e-mail is sent: the admin sends tickets with sendTicket when ready.
 */
export async function importAttendees(
  deps: Deps,
  actor: Actor,
  upload: ImportUpload,
  language: TLanguage = 'en',
): Promise<ImportOutcome> {
  const parsed = ZImportFields.safeParse(upload.fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join('.');
    const message = fromIssue(issue);
    throw badInput(field ? (language) => `${field}: ${sayIn(language, message)}` : message, field);
  }
  const fields = parsed.data;
  const event = await loadManagedEvent(deps, actor, fields.eventId);
  const ticket = await findTicketById(deps.db, fields.ticketId, event.clubId);
  if (!ticket || ticket.eventId !== event.id) throw notFound('Ticket');
  if (event.status === 'cancelled') throw conflict('This event is cancelled: attendees cannot be added to it');
  if (!upload.file) throw badInput('Choose an .xlsx or .csv file to import', 'file');

  const scope = { clubId: event.clubId, eventId: event.id };
  const questions = (await findQuestionsByEvent(deps.db, scope)).map(toQuestionDto);
  const checked = await checkFile(upload.file, questions, language);
  const { errors } = checked;
  if (errors.count > 0) {
    return {
      result: { imported: 0, skipped: 0, errors: errors.listed, errorsNotListed: errors.notListed },
      dryRun: fields.dryRun,
    };
  }

  let result: TImportResult = { imported: 0, skipped: 0, errors: [], errorsNotListed: 0 };
  try {
    await deps.db.transaction(async (tx) => {
      await lockEventImports(tx, event.id);
      const known = new Set(
        (await findConfirmedPeople(tx, scope, [...new Set(checked.rows.map((row) => row.email))])).map((person) =>
          personKey({ email: person.email, firstName: person.firstName ?? '', lastName: person.lastName ?? '' }),
        ),
      );
      const fresh = checked.rows.filter((row) => !known.has(personKey(row)));
      const skipped = checked.rows.length - fresh.length + checked.repeated;
      result = { imported: fresh.length, skipped, errors: [], errorsNotListed: 0 };
      if (fresh.length > 0) {
        await insertImportedAttendees(tx, { ...scope, ticketId: ticket.id }, fresh, new Date());
        // The counters come last, as in buying: their rows are what every buyer of the event queues on.
        const lines = [{ ticketId: ticket.id, quantity: fresh.length }];
        if (!(await reserveSeats(tx, event.id, lines)).ok) throw new Rollback('no-seats');
        await markSeatsSold(tx, lines);
      }
      if (fields.dryRun) throw new Rollback('dry-run');
    });
    // Committed: the door may open as soon as this answers (refreshImportedStatistics says why).
    if (result.imported > 0) await refreshImportedStatistics(deps.db);
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
    if (error.outcome === 'no-seats') {
      const left = await seatsLeft(deps, event, ticket);
      throw new AppError(
        'SOLD_OUT',
        left === null
          ? say(
              'Not enough seats: the file has {count} new attendees and fewer seats are left for {ticket}. Nothing was imported.',
              { count: result.imported, ticket: ticket.name },
            )
          : say(
              'Not enough seats: the file has {count} new attendees and {left, plural, one {# seat is} other {# seats are}} left for {ticket}. Nothing was imported.',
              { count: result.imported, left, ticket: ticket.name },
            ),
      );
    }
  }
  return { result, dryRun: fields.dryRun };
}
