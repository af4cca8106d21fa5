import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { ZPage, ZPageSize } from './lists';
import { ZDoorAttendee } from './door-view';
import { ZAttendee } from './registrations';
import { ZId } from './rules';
import { zonedFormat } from './zoned-format';

export const ATTENDEE_SORTS = ['name', 'createdAt', 'checkinTime'] as const;

/** Pending ('false') or Checked-in ('true'); empty, as a filter with its empty choice sends it: everyone. */
const booleanText = z
  .enum(['true', 'false', ''], { error: 'checkedIn must be true, false or empty' })
  .transform((value) => (value === '' ? undefined : value === 'true'));

/** A confirmed attendee with the buyer's e-mail and what it paid for. */
export const ZAttendeeListItem = ZAttendee.extend({
  buyerEmail: z.string(),
  registeredAt: z.string(),
  /** What the registration's paid orders came to, in the event's currency; null when nothing was paid (free or imported). */
  paidAmount: z.number().nullable(),
  /** Of paidAmount, what was refunded since (docs/product.md section 19); absent or 0 when nothing. */
  refundedAmount: z.number().optional(),
  /**
   * The registration's order with money left to refund (paid, partly refunded or to refund), for the
   * list's "Refund and cancel" (docs/product.md section 19); null or absent when there is none.
   */
  refundableOrderId: z.string().nullable().optional(),
});
export type TAttendeeListItem = z.infer<typeof ZAttendeeListItem>;

export const ZGetAttendeesQuery = z.object({
  eventId: ZId,
  searchKeyword: z.string().trim().max(200, 'Search is too long').optional(),
  // docs/product.md section 7 names sortBy without its values: empty is the default order, as left out.
  sortBy: z
    .enum([...ATTENDEE_SORTS, ''], { error: 'sortBy must be name, createdAt or checkinTime' })
    .default('name')
    .transform((value) => value || 'name'),
  /** Pending (false) or Checked-in (true); absent: everyone. */
  checkedIn: booleanText.optional(),
  page: ZPage.default(1),
  /**
   * Absent: DEFAULT_PAGE_SIZE (50) for an admin, DOOR_PAGE_SIZE (25) for door staff, who may not ask
   * for more (400 naming pageSize): the door searches, it does not browse (docs/decisions/0061-staff-scope.md).
   */
  pageSize: ZPageSize.optional(),
});

/** A page of the list as an admin reads it: every attendee with the buyer's e-mail and the money. */
export const ZAttendeePage = z.object({ attendees: z.array(ZAttendeeListItem), total: z.number() });
export type TAttendeePage = z.infer<typeof ZAttendeePage>;

/** A page of the list as door staff read it: the door's view of each attendee (door-view.ts). */
export const ZDoorAttendeePage = z.object({ attendees: z.array(ZDoorAttendee), total: z.number() });
export type TDoorAttendeePage = z.infer<typeof ZDoorAttendeePage>;

/** getAttendees answers the admin's page or, to door staff, the door's. */
export const ZAttendeePageAnswer = z.union([ZAttendeePage, ZDoorAttendeePage]);
export type TAttendeePageAnswer = z.infer<typeof ZAttendeePageAnswer>;

/** The admin's page, for the screens only admins open (a door page's items never carry the buyer's e-mail). */
export function isAdminAttendeePage(page: TAttendeePageAnswer): page is TAttendeePage {
  return page.attendees.every((attendee) => 'buyerEmail' in attendee);
}

export const ZImportRowError = z.object({ row: z.number(), message: z.string() });
export const ZImportResult = z.object({
  imported: z.number(),
  /** Rows already there from an earlier import of the same file (same event, e-mail and names). */
  skipped: z.number(),
  /** The bad rows, in file order, as many as fit the answer's budget (IMPORT_ERRORS_BUDGET_BYTES). */
  errors: z.array(ZImportRowError),
  /** Bad rows past those listed in `errors`: 0 when every bad row is listed. */
  errorsNotListed: z.number(),
});
export type TImportResult = z.infer<typeof ZImportResult>;

/** Header of an import file: these three, then one column per form question label. */
export const IMPORT_COLUMNS = ['firstName', 'lastName', 'email'] as const;
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
/** Attendee rows one import file may hold (under its header row). */
export const MAX_IMPORT_ROWS = 20_000;
/**
 * An import's answer stays small however the file is built (docs/decisions/0020): each row's
 * message is cut at IMPORT_MESSAGE_MAX_CHARS, and bad rows are listed while their JSON fits
 * IMPORT_ERRORS_BUDGET_BYTES (at most IMPORT_ERRORS_MAX_LISTED of them); the rest are counted.
 */
export const IMPORT_MESSAGE_MAX_CHARS = 500;
export const IMPORT_ERRORS_MAX_LISTED = 200;
export const IMPORT_ERRORS_BUDGET_BYTES = 64 * 1024;
export const IMPORT_FILE_MESSAGE = 'Upload an .xlsx or .csv file with a header row';
/**
 * The import template's example row (docs/decisions/0025): a row with this e-mail is refused with
 * IMPORT_EXAMPLE_MESSAGE, so a template sent back with its example still in imports no one by mistake.
 */
export const IMPORT_EXAMPLE = { firstName: 'Ada', lastName: 'Example', email: 'ada.example@example.com' } as const;
export const IMPORT_EXAMPLE_MESSAGE = "This is the template's example row: delete it, then import again";

/**
 * The text fields of the bulkImportAttendee form beside the file. `dryRun=true` checks everything
 * (rows, duplicates, seats) and answers what an import would do, importing nothing: the preview.
 */
export const ZImportFields = z.object({
  eventId: ZId,
  ticketId: ZId,
  dryRun: z
    .enum(['true', 'false'], { error: 'dryRun must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
});

const STAMP_STYLE: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};

/**
 * docs/product.md section 7: Attendee-report-event-{eventId}-{timestamp}.xlsx, ISO timestamp to seconds.
 * The time is the event's wall clock in ISO 8601 basic format with its offset, e.g.
 * 20261125T221530+0700: no colon, which browsers and file systems do not keep in a file name, and
 * still one instant (docs/decisions/0021-slugs-export-and-answers.md).
 */
export function attendeeReportFilename(eventId: string, at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    zonedFormat(STAMP_STYLE, timeZone)
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  const { year = '', month = '', day = '', hour = '', minute = '', second = '' } = parts;
  const wall = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  const offset = Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  const pad = (n: number) => String(n).padStart(2, '0');
  const zone = `${sign}${pad(Math.floor(Math.abs(offset) / 60))}${pad(Math.abs(offset) % 60)}`;
  return `Attendee-report-event-${eventId}-${year.padStart(4, '0')}${month}${day}T${hour}${minute}${second}${zone}.xlsx`;
}

export const attendeeEndpoints = {
  getAttendees: defineEndpoint({
    method: 'GET',
    path: '/registration/getAttendees',
    access: 'admin',
    staff: true,
    summary: "An event's confirmed attendees, searched by name or e-mail, sorted and paged",
    query: ZGetAttendeesQuery,
    response: ZAttendeePageAnswer,
  }),
  downloadAttendees: defineEndpoint({
    method: 'GET',
    path: '/registration/downloadAttendees',
    access: 'admin',
    summary: "An event's attendees as an .xlsx file (streamed; one row per attendee)",
    query: z.object({ eventId: ZId }),
    /** Not JSON: the body is the spreadsheet itself. */
    response: z.unknown(),
    binary: true,
  }),
  bulkImportAttendee: defineEndpoint({
    method: 'POST',
    path: '/registration/bulkImportAttendee',
    access: 'admin',
    summary: 'Import attendees from .xlsx or .csv (multipart: eventId, ticketId, file): all rows or none',
    multipart: true,
    response: ZImportResult,
  }),
  removeRegistration: defineEndpoint({
    method: 'GET',
    path: '/registration/removeRegistration',
    access: 'admin',
    summary:
      'Delete a registration with its attendees (its seats are freed; a paid order is kept, marked refund_required)',
    query: z.object({ registrationId: ZId, eventId: ZId }),
    response: z.object({ registrationId: z.string() }),
  }),
  deleteAttendee: defineEndpoint({
    method: 'GET',
    path: '/registration/deleteAttendee',
    access: 'admin',
    summary:
      'Delete an attendee; the last one of a registration takes the registration with it (a paid order is kept, ' +
      'marked refund_required)',
    query: z.object({ attendeeId: ZId, eventId: ZId }),
    response: z.object({ registrationDeleted: z.boolean() }),
  }),
};
