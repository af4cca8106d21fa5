import { MAX_IMPORT_BYTES, type TImportResult } from '@clubtix/contract';
import type { ApiError } from '../../api/api-error';

/** What the import page says about a file and about the server's answer; tested without React. */

export const IMPORT_EXTENSIONS = ['.xlsx', '.csv'] as const;
export const MAX_IMPORT_MEGABYTES = Math.round(MAX_IMPORT_BYTES / (1024 * 1024));
export const IMPORT_TYPE_MESSAGE = 'Choose an .xlsx or .csv file';
export const IMPORT_SIZE_MESSAGE = `Import files can be at most ${MAX_IMPORT_MEGABYTES} MB`;
export const IMPORT_EMPTY_MESSAGE = 'This file is empty';

/** The first reason the server would refuse the file, checked before sending it; null when fine. */
export function checkImportFile(file: { name: string; size: number }): string | null {
  const name = file.name.toLowerCase();
  if (!IMPORT_EXTENSIONS.some((extension) => name.endsWith(extension))) return IMPORT_TYPE_MESSAGE;
  if (file.size === 0) return IMPORT_EMPTY_MESSAGE;
  if (file.size > MAX_IMPORT_BYTES) return IMPORT_SIZE_MESSAGE;
  return null;
}

/** 'check' is the dry run (bulkImportAttendee with dryRun=true): what an import would do. */
export type ImportMode = 'check' | 'import';

export interface RowError {
  row: number;
  message: string;
}

export interface ImportSummary {
  /** success: imported; ready: checked and fine, not imported yet; error: nothing imported. */
  tone: 'success' | 'ready' | 'error';
  title: string;
  detail: string | null;
  /** The bad rows the server listed, in file order (a file with very many lists the first ones). */
  rows: RowError[];
}

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`;

const refusedTitle = (mode: ImportMode) => (mode === 'check' ? 'This file cannot be imported' : 'Nothing was imported');

/**
 * The import is all or nothing: any bad row means nothing was imported. The server lists the bad
 * rows while its answer stays small and counts the rest (errorsNotListed); the detail says so.
 */
export function summariseImport(result: TImportResult, mode: ImportMode = 'import'): ImportSummary {
  const unlisted = result.errorsNotListed;
  if (result.errors.length > 0 || unlisted > 0) {
    const count = result.errors.length + unlisted;
    const listed = unlisted > 0 ? ` The first ${result.errors.length.toLocaleString('en-GB')} are listed below.` : '';
    return {
      tone: 'error',
      title: refusedTitle(mode),
      detail: `${plural(count, 'row needs', 'rows need')} fixing.${listed} Correct ${count === 1 ? 'it' : 'them'} in the file and ${
        mode === 'check' ? 'check' : 'import'
      } it again.`,
      rows: [...result.errors].sort((a, b) => a.row - b.row),
    };
  }
  const skipped =
    result.skipped > 0
      ? `${plural(result.skipped, 'row was', 'rows were')} already imported before and will be skipped.`
      : null;
  if (mode === 'check') {
    return {
      tone: 'ready',
      title: `Ready to import ${plural(result.imported, 'attendee', 'attendees')}`,
      detail: [skipped, 'Nothing has been imported yet: press Import to add them.'].filter(Boolean).join(' '),
      rows: [],
    };
  }
  return {
    tone: 'success',
    title: `Imported ${plural(result.imported, 'attendee', 'attendees')}`,
    detail:
      result.skipped > 0 ? `${plural(result.skipped, 'row was', 'rows were')} skipped: already imported before.` : null,
    rows: [],
  };
}

// "rows.3", "rows[3]", "row 3", "body.rows.3.email": the server's way of naming a row in `errors`.
const ROW_PATH = /(?:^|\.)rows?(?:\.|\[|\s+)(\d+)/i;

/**
 * A refusal (4xx) whose field errors name rows reads as the same list of bad rows as an answer
 * with `errors`; any other refusal (not a spreadsheet, too large) has only its message.
 */
export function summariseRefusal(error: Pick<ApiError, 'msg' | 'errors'>, mode: ImportMode = 'import'): ImportSummary {
  const rows = error.errors.flatMap((entry) => {
    const match = ROW_PATH.exec(entry.path);
    return match ? [{ row: Number(match[1]), message: entry.message }] : [];
  });
  if (rows.length > 0) return summariseImport({ imported: 0, skipped: 0, errors: rows, errorsNotListed: 0 }, mode);
  return { tone: 'error', title: refusedTitle(mode), detail: error.msg, rows: [] };
}
