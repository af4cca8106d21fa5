import { IMPORT_COLUMNS, type TFormQuestion } from '@clubtix/contract';

/**
 * The header an import file must start with (DECISIONS.md section 8): firstName, lastName, email,
 * then one column per form question, named by the question's label exactly as the server matches
 * it, in the form's order.
 */
export function importHeader(questions: readonly Pick<TFormQuestion, 'label' | 'position'>[]): string[] {
  const labels = [...questions].sort((a, b) => a.position - b.position).map((question) => question.label);
  return [...IMPORT_COLUMNS, ...labels];
}

/**
 * One CSV field (RFC 4180): quoted when it holds a quote, comma, line break or edge spaces, which
 * a spreadsheet would otherwise split or trim. Labels are the admin's own words, so a label that
 * starts with "=" stays as typed: changing it would break the match with the form.
 */
export function csvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csvLine(values: readonly string[]): string {
  return values.map(csvField).join(',');
}

/**
 * The template: the header row alone, so nothing in it gets imported by mistake. It starts with a
 * byte-order mark, without which Excel reads UTF-8 as a legacy code page and garbles any accented
 * label (and then saves the garbled header back); the server skips the mark.
 */
export function templateCsv(questions: readonly Pick<TFormQuestion, 'label' | 'position'>[]): string {
  return `\uFEFF${csvLine(importHeader(questions))}\r\n`;
}

/** "attendee-import-template-summer-tour.csv" */
export function templateFilename(slug: string): string {
  const safe = slug.replace(/[^a-z0-9-]+/gi, '-').replace(/^-+|-+$/g, '');
  return `attendee-import-template${safe ? `-${safe}` : ''}.csv`;
}
