import { MAX_IMPORT_BYTES, type TImportResult } from '@clubtix/contract';
import type { ApiError } from '../../api/api-error';
import { currentLocale, i18n } from '../../i18n/i18n';

/**
 * What the import page says about a file and about the server's answer; tested without React. The
 * words come from the `attendees` catalogue, which the import page loads.
 */

export const IMPORT_EXTENSIONS = ['.xlsx', '.csv'] as const;
export const MAX_IMPORT_MEGABYTES = Math.round(MAX_IMPORT_BYTES / (1024 * 1024));
export const importTypeMessage = () => i18n.t('attendees:importFile.type');
export const importSizeMessage = () => i18n.t('attendees:importFile.size', { size: MAX_IMPORT_MEGABYTES });
export const importEmptyMessage = () => i18n.t('attendees:importFile.empty');

/** The first reason the server would refuse the file, checked before sending it; null when fine. */
export function checkImportFile(file: { name: string; size: number }): string | null {
  const name = file.name.toLowerCase();
  if (!IMPORT_EXTENSIONS.some((extension) => name.endsWith(extension))) return importTypeMessage();
  if (file.size === 0) return importEmptyMessage();
  if (file.size > MAX_IMPORT_BYTES) return importSizeMessage();
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

/** A count in the language's digits, and the plain count for the plural rule. */
const counted = (count: number) => ({ count, shown: count.toLocaleString(currentLocale()) });
const say = (key: string, params: Record<string, unknown> = {}) => i18n.t(`attendees:importResult.${key}`, params);

const refusedTitle = (mode: ImportMode) => (mode === 'check' ? say('cannotImport') : say('nothingImported'));

/**
 * The import is all or nothing: any bad row means nothing was imported. The server lists the bad
 * rows while its answer stays small and counts the rest (errorsNotListed); the detail says so.
 */
export function summariseImport(result: TImportResult, mode: ImportMode = 'import'): ImportSummary {
  const unlisted = result.errorsNotListed;
  if (result.errors.length > 0 || unlisted > 0) {
    const count = result.errors.length + unlisted;
    const listed = unlisted > 0 ? ` ${say('listed', { first: counted(result.errors.length).shown })}` : '';
    const correct = mode === 'check' ? say('correctCheck', { count }) : say('correctImport', { count });
    return {
      tone: 'error',
      title: refusedTitle(mode),
      detail: `${say('needFixing', counted(count))}${listed} ${correct}`,
      rows: [...result.errors].sort((a, b) => a.row - b.row),
    };
  }
  const skipped = result.skipped > 0 ? say('willSkip', counted(result.skipped)) : null;
  if (mode === 'check') {
    return {
      tone: 'ready',
      title: say('ready', counted(result.imported)),
      detail: [skipped, say('notYet')].filter(Boolean).join(' '),
      rows: [],
    };
  }
  return {
    tone: 'success',
    title: say('imported', counted(result.imported)),
    detail: result.skipped > 0 ? say('skipped', counted(result.skipped)) : null,
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
