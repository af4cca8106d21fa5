import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { multipartBody, type ApiResponse, type TestApp } from './helpers';
import { endpoints } from '@clubtix/contract';
import { callEndpoint } from './call-endpoint';

/** Factories and readers for the attendee data calls: export, import and deletions. */

export interface Download {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: Buffer;
  json: ApiResponse['body'];
}

export async function downloadAttendees(t: TestApp, token: string | undefined, eventId: string): Promise<Download> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/registration/downloadAttendees?eventId=${encodeURIComponent(eventId)}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  let json: ApiResponse['body'] = {};
  if (String(response.headers['content-type']).startsWith('application/json')) json = response.json();
  return { status: response.statusCode, headers: response.headers, body: response.rawPayload, json };
}

/** The first sheet of an .xlsx as rows of cell values (row 1 is the header). */
export async function readSheet(xlsx: Buffer): Promise<ExcelJS.CellValue[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: ExcelJS.CellValue[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as ExcelJS.CellValue[]).slice(1));
  });
  return rows;
}

/** An .xlsx made in memory, one array per row. */
export async function xlsxOf(rows: (string | number | null)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Attendees');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A .csv with the cells quoted where they must be. */
export function csvOf(rows: string[][], separator = ','): Buffer {
  const quote = (cell: string) => (/[",;\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  return Buffer.from(rows.map((row) => row.map(quote).join(separator)).join('\r\n') + '\r\n');
}

export interface ImportRequest {
  eventId: string;
  ticketId: string;
  filename: string;
  data: Buffer;
  dryRun?: boolean;
  contentType?: string;
  /** Accept-Language: the language the report's messages are said in. */
  language?: string;
}

export function importAttendees(t: TestApp, token: string | undefined, request: ImportRequest) {
  const { payload, contentType } = multipartBody([
    { field: 'eventId', value: request.eventId },
    { field: 'ticketId', value: request.ticketId },
    ...(request.dryRun ? [{ field: 'dryRun', value: 'true' }] : []),
    { filename: request.filename, contentType: request.contentType ?? 'application/octet-stream', data: request.data },
  ]);
  return callEndpoint(t, endpoints.attendees.bulkImportAttendee, {
    token,
    raw: payload,
    headers: { 'content-type': contentType, ...(request.language ? { 'accept-language': request.language } : {}) },
  });
}

/**
 * `count` confirmed registrations of one attendee each, written straight into the database
 * (generate_series): thousands of attendees in a moment, counted on the ticket and the event as
 * buying counts them. Names are `First{n}` `Last{n}`, e-mails `person{n}@example.org`.
 */
export async function seedAttendees(
  t: TestApp,
  scope: { clubId: string; eventId: string; ticketId: string },
  count: number,
): Promise<void> {
  const tag = `seed-${randomBytes(4).toString('hex')}`;
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO registrations (id, club_id, event_id, email, qr_uuid, status, confirmed_at, source, created_at)
      SELECT ${tag}::text || '-r-' || n, ${scope.clubId}, ${scope.eventId}, 'person' || n || '@example.org', gen_random_uuid()::text,
             'confirmed', now(), 'import', now() + n * interval '1 microsecond'
      FROM generate_series(1, ${count}::int) AS n`);
    await tx.execute(sql`
      INSERT INTO attendees (id, club_id, event_id, registration_id, ticket_id, first_name, last_name, email, created_at)
      SELECT ${tag}::text || '-a-' || n, ${scope.clubId}, ${scope.eventId}, ${tag}::text || '-r-' || n, ${scope.ticketId},
             'First' || n, 'Last' || n, 'person' || n || '@example.org', now() + n * interval '1 microsecond'
      FROM generate_series(1, ${count}::int) AS n`);
    await tx.execute(sql`UPDATE tickets SET reserved_count = reserved_count + ${count}, sold_count = sold_count + ${count}
      WHERE id = ${scope.ticketId}`);
    await tx.execute(sql`UPDATE events SET reserved_count = reserved_count + ${count} WHERE id = ${scope.eventId}`);
  });
}

/** The ticket's counters and the event's, as the database holds them. */
export async function counters(t: TestApp, ticketId: string, eventId: string) {
  const result = await t.db.execute(sql`
    SELECT t.reserved_count AS "ticketReserved", t.sold_count AS "ticketSold", e.reserved_count AS "eventReserved"
    FROM tickets t JOIN events e ON e.id = t.event_id WHERE t.id = ${ticketId} AND e.id = ${eventId}`);
  return result.rows[0] as { ticketReserved: number; ticketSold: number; eventReserved: number };
}
