import { z } from 'zod';
import {
  checkAnswers,
  contractText,
  IMPORT_EXAMPLE,
  IMPORT_EXAMPLE_MESSAGE,
  requiredText,
  ZEmail,
  type TAnswers,
  type TFormQuestion,
  type TLanguage,
} from '@clubtix/contract';
import { badInput, say, sayIn } from '../../core/errors';
import { clip, quotedFew, rowMessage } from './import-errors';

/** Which column holds what, from the header row. */
export interface ColumnMap {
  firstName: number;
  lastName: number;
  email: number;
  questions: { index: number; question: TFormQuestion }[];
}

export interface ImportRow {
  row: number;
  firstName: string;
  lastName: string;
  email: string;
  answers: TAnswers;
  registrationAnswers: TAnswers;
}

export type RowOutcome = { ok: true; value: ImportRow } | { ok: false; error: { row: number; message: string } };

const BASE_COLUMNS = { firstname: 'firstName', lastname: 'lastName', email: 'email' } as const;
type BaseColumn = (typeof BASE_COLUMNS)[keyof typeof BASE_COLUMNS];

/** firstName, "First name", "first_name" and "FIRSTNAME" all name the same column; so do email and "E-mail". */
const baseColumnOf = (header: string): BaseColumn | undefined =>
  BASE_COLUMNS[header.toLowerCase().replace(/[\s_-]/g, '') as keyof typeof BASE_COLUMNS];

const labelKey = (label: string) => label.trim().toLowerCase();
/** A header cell as a message names it: a cell can hold 32,767 characters. */
const named = (header: string) => clip(header, 80);

/**
 * Reads the header row: firstName, lastName and email, then one column per form question, matched
 * by its label (case and surrounding spaces aside). Anything it cannot place is refused before a row
 * is read, so no answer is dropped without a word; a required question must have its column.
 */
export function mapHeader(cells: string[], questions: TFormQuestion[]): ColumnMap {
  const byLabel = new Map<string, TFormQuestion[]>();
  for (const question of questions) {
    byLabel.set(labelKey(question.label), [...(byLabel.get(labelKey(question.label)) ?? []), question]);
  }
  const base: Partial<Record<BaseColumn, number>> = {};
  const mapped: ColumnMap['questions'] = [];
  const seen = new Set<string>();
  const unknown: string[] = [];
  cells.forEach((cell, index) => {
    const header = cell.trim();
    if (!header) return;
    if (seen.has(header.toLowerCase()))
      throw badInput(say('The column "{column}" appears twice in the header row', { column: named(header) }), 'file');
    seen.add(header.toLowerCase());
    const column = baseColumnOf(header);
    if (column) {
      if (base[column] !== undefined)
        throw badInput(say('The column "{column}" appears twice in the header row', { column: named(header) }), 'file');
      base[column] = index;
      return;
    }
    const matches = byLabel.get(labelKey(header)) ?? [];
    if (matches.length > 1) {
      throw badInput(
        say('Two questions of the form are labelled "{label}": rename one in the form builder', {
          label: named(header),
        }),
        'file',
      );
    }
    if (matches[0]) mapped.push({ index, question: matches[0] });
    else unknown.push(header);
  });
  const missing = (['firstName', 'lastName', 'email'] as const).filter((column) => base[column] === undefined);
  if (missing.length > 0) {
    throw badInput(
      say('The header row must name the columns firstName, lastName and email (missing: {missing})', {
        missing: missing.join(', '),
      }),
      'file',
    );
  }
  if (unknown.length > 0) {
    throw badInput(
      say(
        "{count, plural, one {Unknown column} other {Unknown columns}} {columns}: the header row takes firstName, lastName, email and the labels of the form's questions",
        { count: unknown.length, columns: quotedFew(unknown) },
      ),
      'file',
    );
  }
  const unanswerable = questions.filter((q) => q.required && !mapped.some((m) => m.question.id === q.id));
  if (unanswerable.length > 0) {
    throw badInput(
      say('The file has no column for the required {count, plural, one {question} other {questions}} {questions}', {
        count: unanswerable.length,
        questions: quotedFew(unanswerable.map((q) => q.label)),
      }),
      'file',
    );
  }
  return { firstName: base.firstName!, lastName: base.lastName!, email: base.email!, questions: mapped };
}

const ZPerson = z.object({
  firstName: requiredText('First name', 100),
  lastName: requiredText('Last name', 100),
  email: ZEmail,
});

/** The option a choice names, spelt as the form spells it ("yes" picks "Yes"); unchanged when none matches. */
function asOption(question: TFormQuestion, choice: string): string {
  return question.options.find((option) => labelKey(option) === labelKey(choice)) ?? choice;
}

/**
 * The choices of a checkbox cell: options separated by `;` or `,` ("Vegan; No nuts", the export's
 * "Vegan, No nuts"). An option whose own text holds a separator ("Size, adult") is read whole: at each
 * place the longest option the text starts with wins, and otherwise the text up to the next separator
 * is one choice (refused later if it names no option). docs/decisions/0025-import-help-suite-and-docs.md.
 */
export function checkboxChoices(question: Pick<TFormQuestion, 'options'>, text: string): string[] {
  const options = [...question.options].sort((a, b) => b.trim().length - a.trim().length);
  const choices: string[] = [];
  let rest = text;
  for (;;) {
    rest = rest.replace(/^[\s;,]+/, '');
    if (!rest) break;
    const lower = rest.toLowerCase();
    const option = options.find((candidate) => {
      const key = labelKey(candidate);
      return key !== '' && lower.startsWith(key) && /^\s*([;,]|$)/.test(rest.slice(key.length));
    });
    const length = option ? labelKey(option).length : rest.search(/[;,]|$/);
    choices.push(option ?? rest.slice(0, length).trim());
    rest = rest.slice(length);
  }
  return [...new Set(choices)];
}

function answerOf(question: TFormQuestion, text: string): string | string[] {
  if (question.type === 3) return checkboxChoices(question, text);
  return question.type === 2 || question.type === 4 ? asOption(question, text) : text;
}

/** The longest answer the buying form takes (ZAnswers); the import takes no more. */
const MAX_ANSWER = 5000;

export const isBlankRow = (cells: string[]) => cells.every((cell) => cell.trim() === '');

/**
 * One data row checked by the rules of the buying form: names, e-mail, and answers against the
 * questions; its problems said in the language of the import's report.
 */
export function readRow(
  row: number,
  cells: string[],
  map: ColumnMap,
  questions: TFormQuestion[],
  language: TLanguage = 'en',
): RowOutcome {
  const cell = (index: number) => (cells[index] ?? '').trim();
  if (cell(map.email).toLowerCase() === IMPORT_EXAMPLE.email)
    return { ok: false, error: { row, message: contractText(IMPORT_EXAMPLE_MESSAGE, language) } };
  const problems: string[] = [];
  if (cells.some((text) => text.includes('\u0000')))
    problems.push(sayIn(language, 'A cell holds a NUL character, which cannot be stored'));
  const person = ZPerson.safeParse({
    firstName: cell(map.firstName),
    lastName: cell(map.lastName),
    email: cell(map.email),
  });
  if (!person.success) {
    // One message a field: an empty e-mail is "required", not also "not valid".
    const fields = new Set<PropertyKey | undefined>();
    for (const issue of person.error.issues) {
      if (!fields.has(issue.path[0])) problems.push(contractText(issue.message, language));
      fields.add(issue.path[0]);
    }
  }
  const answers: TAnswers = {};
  const registrationAnswers: TAnswers = {};
  for (const { index, question } of map.questions) {
    const text = cell(index);
    if (!text) continue;
    if (text.length > MAX_ANSWER) {
      problems.push(
        sayIn(language, say('{question}: at most {max} characters', { question: question.label, max: MAX_ANSWER })),
      );
    }
    (question.perAttendee ? answers : registrationAnswers)[question.id] = answerOf(question, text);
  }
  const given = { ...registrationAnswers, ...answers };
  problems.push(...checkAnswers(questions, given, language).map((problem) => problem.message));
  if (problems.length > 0 || !person.success) {
    return { ok: false, error: { row, message: rowMessage(problems, language) } };
  }
  return { ok: true, value: { row, ...person.data, answers, registrationAnswers } };
}

/** Same event, e-mail and names: the same person (docs/product.md section 17); names compared without case. */
export function personKey(person: { email: string; firstName: string; lastName: string }): string {
  return [person.email.toLowerCase(), person.firstName.trim().toLowerCase(), person.lastName.trim().toLowerCase()].join(
    '\u0000',
  );
}
