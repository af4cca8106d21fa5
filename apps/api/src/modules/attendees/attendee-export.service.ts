import { PassThrough } from 'node:stream';
import { attendeeReportFilename, type TFormQuestion } from '@clubtix/contract';
import type { Actor } from '../../core/actor';
import type { Download } from '../../plugins/routes';
import type { Deps } from '../../core/deps';
import { loadManagedEvent } from '../events/events.service';
import { findQuestionsByEvent } from '../forms/forms.repo';
import { toQuestionDto } from '../forms/forms.service';
import type { EventScope } from '../tickets/tickets.repo';
import { findExportPage, type ExportRow } from './attendee-export.repo';
import { amountColumn, reportHeader, reportRow, TEXT_FORMAT, type ReportEvent } from './attendee-report';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Attendees read from the database at a time: the most the export ever holds. */
export const EXPORT_PAGE_SIZE = 1000;

/** Resolves once the reader has taken what is waiting (or is gone): the export never runs ahead of it. */
function readerCaughtUp(body: PassThrough): Promise<void> {
  if (body.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    // One turn of the event loop first, so the zip stream can compress what the last page wrote.
    setImmediate(() => {
      if (!body.writableNeedDrain || body.destroyed) return resolve();
      const done = () => {
        body.off('drain', done);
        body.off('close', done);
        resolve();
      };
      body.on('drain', done);
      body.on('close', done);
    });
  });
}

/**
 * GET /registration/downloadAttendees: the event's confirmed attendees as an .xlsx, streamed.
 * exceljs's streaming writer turns each row into zipped XML as soon as it is committed, the rows are
 * read a page at a time (keyset), and the next page is read only once the client has taken what the
 * last one became: the memory used is one page, whatever the number of attendees. The tenant wall
 * and the first page come before any byte is sent, so their failures are ordinary JSON errors.
 */
export async function exportAttendeeReport(
  deps: Deps,
  actor: Actor,
  eventId: string,
  now: Date = new Date(),
): Promise<Download> {
  const event = await loadManagedEvent(deps, actor, eventId);
  const scope = { clubId: event.clubId, eventId: event.id };
  const questions = (await findQuestionsByEvent(deps.db, scope)).map(toQuestionDto);
  const first = await findExportPage(deps.db, scope, null, EXPORT_PAGE_SIZE);
  const body = new PassThrough();
  writeReport(deps, { scope, event, questions, first, body }).catch((error: unknown) => {
    body.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return { filename: attendeeReportFilename(event.id, now, event.timezone), contentType: XLSX_TYPE, body };
}

interface ReportJob {
  scope: EventScope;
  event: ReportEvent;
  questions: TFormQuestion[];
  first: ExportRow[];
  body: PassThrough;
}

async function writeReport(deps: Deps, { scope, event, questions, first, body }: ReportJob): Promise<void> {
  const { default: ExcelJS } = await import('exceljs');
  // Styles on for one: the Text format of the text columns, which keeps someone's `=…` or `+49…`
  // inert and shown as typed (docs/decisions/0021). Strings stay inline: no table grows with the rows.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: body, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Attendees', { views: [{ state: 'frozen', ySplit: 1 }] });
  const header = reportHeader(event, questions);
  const amount = amountColumn(questions.length);
  sheet.columns = header.map((_, index) => ({
    width: index === 0 ? 38 : 20,
    ...(index === amount ? {} : { style: { numFmt: TEXT_FORMAT } }),
  }));
  sheet.addRow(header).commit();
  let page = first;
  for (;;) {
    for (const attendee of page) sheet.addRow(reportRow(event, questions, attendee)).commit();
    const last = page.at(-1);
    if (!last || page.length < EXPORT_PAGE_SIZE) break;
    await readerCaughtUp(body);
    // The client went away: stop reading, nobody is there to take the rest.
    if (body.destroyed) return;
    page = await findExportPage(deps.db, scope, last.cursor, EXPORT_PAGE_SIZE);
  }
  sheet.commit();
  await workbook.commit();
}
