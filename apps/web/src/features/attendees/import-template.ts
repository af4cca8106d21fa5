import { IMPORT_COLUMNS, IMPORT_EXAMPLE, type TFormQuestion } from '@clubtix/contract';

/**
 * The header an import file must start with (docs/product.md section 17): firstName, lastName, email,
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

type TemplateQuestion = Pick<TFormQuestion, 'label' | 'position' | 'type' | 'options'>;

/** Several answers to a checkbox question share its one cell, each separated by this (`,` works too). */
export const CHOICE_SEPARATOR = '; ';

/**
 * What the example row answers to a question: a choice as the form spells it, two choices of a
 * checkbox question joined as the import reads them, a few words for free text.
 */
export function exampleAnswer(question: Pick<TFormQuestion, 'type' | 'options'>): string {
  if (question.type === 3) return question.options.slice(0, 2).join(CHOICE_SEPARATOR);
  if (question.type === 2 || question.type === 4) return question.options[0] ?? '';
  return question.type === 1 ? 'A longer answer' : 'A short answer';
}

/** The example row under the header: the import refuses it (IMPORT_EXAMPLE's e-mail) if it is left in. */
export function exampleRow(questions: readonly TemplateQuestion[]): string[] {
  const ordered = [...questions].sort((a, b) => a.position - b.position);
  return [IMPORT_EXAMPLE.firstName, IMPORT_EXAMPLE.lastName, IMPORT_EXAMPLE.email, ...ordered.map(exampleAnswer)];
}

/**
 * The template: the header row and one example row to replace (docs/decisions/0025). It starts with
 * a byte-order mark, without which Excel reads UTF-8 as a legacy code page and garbles any accented
 * label (and then saves the garbled header back); the server skips the mark.
 */
export function templateCsv(questions: readonly TemplateQuestion[]): string {
  return `\uFEFF${csvLine(importHeader(questions))}\r\n${csvLine(exampleRow(questions))}\r\n`;
}

/** "attendee-import-template-summer-tour.csv" */
export function templateFilename(slug: string): string {
  const safe = slug.replace(/[^a-z0-9-]+/gi, '-').replace(/^-+|-+$/g, '');
  return `attendee-import-template${safe ? `-${safe}` : ''}.csv`;
}
