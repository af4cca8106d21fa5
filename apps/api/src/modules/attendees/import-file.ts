import { createReadStream } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import type ExcelJS from 'exceljs';
import { IMPORT_FILE_MESSAGE } from '@clubtix/contract';
import { AppError, badInput, say, type Said } from '../../core/errors';
import { checkZip, inStreamingOrder, MAX_UNZIPPED_BYTES } from './zip-guard';

/** One row of the uploaded sheet: its number as a spreadsheet shows it (the header is row 1) and its cells as text. */
export interface SheetRow {
  row: number;
  cells: string[];
}

type ImportFormat = 'xlsx' | 'csv';

const notASpreadsheet = () => badInput(IMPORT_FILE_MESSAGE, 'file');
/** Longest CSV record read (100 answers of the longest kind fit): a longer one is not a list of attendees. */
const MAX_CSV_RECORD = 1024 * 1024;

async function head(file: string, size: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(size);
    const { bytesRead } = await handle.read(buffer, 0, size, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const isZip = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;

/**
 * What the upload is, from its name and its bytes together: an .xlsx must be a zip and a .csv must
 * be text, so a renamed file of any other kind is refused before anything tries to read it.
 */
async function detectFormat(file: string, filename: string): Promise<ImportFormat> {
  const extension = path.extname(filename).toLowerCase();
  const start = await head(file, 64 * 1024);
  if (start.length === 0) throw badInput('The file is empty. Upload an .xlsx or .csv file with a header row', 'file');
  if (extension === '.xlsx' && isZip(start)) return 'xlsx';
  if (extension === '.csv' && !isZip(start) && !start.includes(0)) return 'csv';
  throw notASpreadsheet();
}

/**
 * The bytes of an .xlsx ready for exceljs's streaming reader: past the zip bomb check, and in the
 * order that reader can parse as it goes (zip-guard.ts). The upload limit keeps them small.
 */
async function preparedWorkbook(file: string): Promise<Buffer> {
  const zip = await readFile(file);
  const verdict = await checkZip(zip);
  if (!verdict.ok && verdict.reason === 'too-large') {
    throw new AppError(
      'TOO_LARGE',
      say('The spreadsheet unpacks to more than {megabytes} MB: split it into smaller files', {
        megabytes: MAX_UNZIPPED_BYTES / 1024 / 1024,
      }),
    );
  }
  const ordered = verdict.ok ? inStreamingOrder(zip, verdict.layout) : null;
  if (!ordered) throw notASpreadsheet();
  return ordered;
}

/** The separator of a CSV: the one of `,` `;` and tab that its first line uses most (Excel writes `;` in many countries). */
function csvDelimiter(start: Buffer): string {
  const firstLine = start.toString('utf8').split(/\r?\n/, 1)[0] ?? '';
  const counts = [',', ';', '\t'].map((delimiter) => ({ delimiter, count: firstLine.split(delimiter).length - 1 }));
  return counts.reduce((best, next) => (next.count > best.count ? next : best)).delimiter;
}

/** What went wrong reading a CSV, naming the line a text editor shows (a quoted cell may span lines). */
function csvProblem(error: CsvError, startLine: number): Said {
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') {
    return say('The .csv file cannot be read: the quote opened on line {line} is never closed', { line: startLine });
  }
  if (error.code === 'CSV_MAX_RECORD_SIZE') {
    return say(
      'The .csv file cannot be read: the row that starts on line {line} is longer than {megabytes} MB (a quote that is never closed makes one)',
      { line: startLine, megabytes: MAX_CSV_RECORD / 1024 / 1024 },
    );
  }
  const line = (error as CsvError & { lines?: number }).lines ?? startLine;
  return say('The .csv file cannot be read at line {line}: check its quotes and separators', { line });
}

async function* csvRows(file: string): AsyncGenerator<SheetRow> {
  const source = createReadStream(file);
  const parser = source.pipe(
    parse({
      bom: true,
      delimiter: csvDelimiter(await head(file, 64 * 1024)),
      relax_column_count: true,
      // A quote inside a cell that does not start with one (`Ann "the boss"`, `5" tall`) is text, as
      // spreadsheet programs read it. docs/decisions/0025-import-help-suite-and-docs.md.
      relax_quotes: true,
      skip_empty_lines: false,
      max_record_size: MAX_CSV_RECORD,
      info: true,
    }),
  );
  let row = 0;
  let lastLine = 0; // the line the last record ended on
  try {
    // Empty lines are rows too, as a spreadsheet opening the file shows them.
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      lastLine = info.lines;
      yield { row: ++row, cells: record };
    }
  } catch (error) {
    if (error instanceof CsvError) throw badInput(csvProblem(error, lastLine + 1), 'file');
    throw error;
  } finally {
    source.destroy();
    parser.destroy();
  }
}

type CellValue = ExcelJS.CellValue | undefined;

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell as the text a person reads in it. Dates as dd/mm/yyyy (docs/product.md section 9), with hh:mm when they have a time. */
export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) {
    // Spreadsheet dates have no zone: exceljs hands them over as that wall clock in UTC.
    const day = `${pad(value.getUTCDate())}/${pad(value.getUTCMonth() + 1)}/${value.getUTCFullYear()}`;
    const hasTime = value.getUTCHours() !== 0 || value.getUTCMinutes() !== 0;
    return hasTime ? `${day} ${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}` : day;
  }
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('hyperlink' in value) return cellText(value.text);
  if ('result' in value) return cellText(value.result);
  return '';
}

async function* xlsxRows(workbookBytes: Buffer): AsyncGenerator<SheetRow> {
  // exceljs is loaded on first use: some 35 MB a server that never touches a spreadsheet need not hold.
  const { default: Excel } = await import('exceljs');
  const source = Readable.from([workbookBytes]);
  const workbook = new Excel.stream.xlsx.WorkbookReader(source, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let sheets = 0;
  try {
    for await (const sheet of workbook) {
      sheets++;
      for await (const row of sheet) {
        const values = row.values as CellValue[];
        yield {
          row: row.number,
          cells: Array.from({ length: Math.max(0, values.length - 1) }, (_, i) => cellText(values[i + 1])),
        };
      }
      // The attendees are on the first sheet; the others are not read.
      break;
    }
    if (sheets === 0) throw notASpreadsheet();
  } catch (error) {
    // exceljs found no workbook in the zip, or a broken one.
    throw error instanceof AppError ? error : notASpreadsheet();
  } finally {
    source.destroy();
  }
}

/**
 * The rows of an uploaded .xlsx (its first sheet) or .csv, read as a stream, once the file has shown
 * it is what its name says and, for an .xlsx, that it is no zip bomb.
 */
export async function openSheetRows(file: string, filename: string): Promise<AsyncGenerator<SheetRow>> {
  const format = await detectFormat(file, filename);
  return format === 'xlsx' ? xlsxRows(await preparedWorkbook(file)) : csvRows(file);
}
