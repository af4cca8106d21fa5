import {
  IMPORT_ERRORS_BUDGET_BYTES,
  IMPORT_ERRORS_MAX_LISTED,
  IMPORT_MESSAGE_MAX_CHARS,
  type TImportResult,
  type TLanguage,
} from '@clubtix/contract';
import { say, sayIn } from '../../core/errors';

/**
 * An import's answer is bounded however the file is built (docs/decisions/0020): a small .xlsx can
 * repeat one shared string in 20,000 rows × 100 columns, and a message per bad cell per row would
 * make gigabytes of JSON, held in memory before it is sent.
 */

/** Cuts text to `max` characters, marking the cut. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** "and 3 more problems", in the language of the import's report. */
const more = (count: number, language: TLanguage) =>
  sayIn(language, say('and {count, plural, one {# more problem} other {# more problems}}', { count }));

/** A row's problems as one message of at most IMPORT_MESSAGE_MAX_CHARS, saying how many did not fit. */
export function rowMessage(problems: string[], language: TLanguage = 'en'): string {
  const shown: string[] = [];
  let length = 0;
  for (const [index, problem] of problems.entries()) {
    const rest = problems.length - index - 1;
    // Room for this one, and for the note about the ones after it should they not fit.
    const note = rest > 0 ? `; ${more(rest, language)}`.length : 0;
    const next = (shown.length > 0 ? 2 : 0) + problem.length;
    if (length + next + note > IMPORT_MESSAGE_MAX_CHARS) break;
    shown.push(problem);
    length += next;
  }
  if (shown.length === 0) return clip(problems[0] ?? '', IMPORT_MESSAGE_MAX_CHARS);
  const left = problems.length - shown.length;
  return left > 0 ? `${shown.join('; ')}; ${more(left, language)}` : shown.join('; ');
}

/** Names at most `max` of a list, each clipped, with how many more there are: `"a", "b" and 3 more`. */
export function quotedFew(names: string[], max = 10, maxChars = 80): string {
  const shown = names
    .slice(0, max)
    .map((name) => `"${clip(name, maxChars)}"`)
    .join(', ');
  return names.length > max ? `${shown} and ${(names.length - max).toLocaleString('en-GB')} more` : shown;
}

/**
 * The bad rows of a file, in file order, listed while the JSON of the list fits
 * IMPORT_ERRORS_BUDGET_BYTES (and IMPORT_ERRORS_MAX_LISTED rows); the rest are only counted.
 */
export class ImportErrors {
  readonly listed: TImportResult['errors'] = [];
  notListed = 0;
  private bytes = 2;

  add(error: { row: number; message: string }): void {
    // Its JSON and the comma before it.
    const size = Buffer.byteLength(JSON.stringify(error)) + 1;
    if (
      this.notListed === 0 &&
      this.listed.length < IMPORT_ERRORS_MAX_LISTED &&
      this.bytes + size <= IMPORT_ERRORS_BUDGET_BYTES
    ) {
      this.listed.push(error);
      this.bytes += size;
    } else {
      this.notListed++;
    }
  }

  get count(): number {
    return this.listed.length + this.notListed;
  }
}
