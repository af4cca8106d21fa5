import {
  contractText,
  ERROR_STATUS,
  issueText,
  type TErrorCode,
  type TIssueLike,
  type TLanguage,
} from '@clubtix/contract';
// The server answers every language: all of the contract's catalogues, registered on import.
import '@clubtix/contract/locales';
import { catalogueMessage, translate, type MessageParams } from './i18n';

/**
 * What an error says to a person, said in the request's language by the error handler
 * (docs/product.md section 22, docs/decisions/0047-server-messages.md). A message is its English ICU
 * text, which is also its key in locales/<language>/errors.json: `conflict('This event has ended')`,
 * or with the person's data as parameters, `conflict(say('{ticket}: sales have ended', { ticket }))`.
 * A text that is no key of the catalogue (a payment provider's own words) is said as it is.
 */
export type Said = string | SaidWith | ((language: TLanguage) => string);
export interface SaidWith {
  readonly key: string;
  readonly params: MessageParams;
}

/** A message with parameters: the English ICU text and the values of its {arguments}. */
export const say = (key: string, params: MessageParams): SaidWith => ({
  key,
  // Numbers read as written ("line 1234"); a message that wants them formatted says `{n, number}`.
  params: Object.fromEntries(
    Object.entries(params).map(([name, value]) => [name, typeof value === 'number' ? String(value) : value]),
  ),
});

/** A text every language reads as it is (machine data, such as a check-in's fields). */
export const verbatim =
  (text: string): Said =>
  () =>
    text;

/** A message of the shared contract (SCAN_MESSAGES, IMAGE_TYPE_MESSAGE), in the contract's catalogue. */
export const fromContract =
  (text: string): Said =>
  (language) =>
    contractText(text, language);

/** Messages said one after the other, as sentences of one answer. */
export const sayAll =
  (...parts: Said[]): Said =>
  (language) =>
    parts.map((part) => sayIn(language, part)).join(' ');

/** A zod issue of a contract schema, said as the error handler says validation issues. */
export const fromIssue =
  (issue: TIssueLike): Said =>
  (language) =>
    issueText(issue, language);

/**
 * The text of a message in a language; English is the message itself, its parameters filled in.
 * Errors are in the `errors` catalogue, the `msg` of a success in `replies`.
 */
export function sayIn(language: TLanguage, said: Said, namespace: 'errors' | 'replies' = 'errors'): string {
  if (typeof said === 'function') return said(language);
  if (typeof said === 'string') {
    // Not a message of the server's own: a contract message, or a text said as it is.
    if (catalogueMessage('en', `${namespace}.${said}`) === undefined) return contractText(said, language);
    return translate(language, `${namespace}.${said}`);
  }
  return translate(language, `${namespace}.${said.key}`, said.params);
}

/** A field error as the answer lists it: `errors[].message` in the request's language. */
export interface FieldSaid {
  path: string;
  message: Said;
}

/** The one error type services throw (docs/architecture.md convention 6). */
export class AppError extends Error {
  readonly said: Said;
  readonly fields?: FieldSaid[];

  /** From the code, by the contract's one map (ERROR_STATUS). */
  readonly status: number;

  constructor(
    readonly code: TErrorCode,
    message: Said,
    fields?: FieldSaid[],
  ) {
    // English in `message`, as logs and unit tests read it.
    super(sayIn('en', message));
    this.status = ERROR_STATUS[code];
    this.said = message;
    if (fields) this.fields = fields;
  }

  /** The field errors in English, as logs and unit tests read them. */
  get errors(): { path: string; message: string }[] | undefined {
    return this.fields?.map((field) => ({ path: field.path, message: sayIn('en', field.message) }));
  }

  /** The answer's `msg` and `errors` in a language. */
  render(language: TLanguage): { msg: string; errors?: { path: string; message: string }[] } {
    const msg = sayIn(language, this.said);
    if (!this.fields) return { msg };
    return { msg, errors: this.fields.map((field) => ({ path: field.path, message: sayIn(language, field.message) })) };
  }
}

/**
 * 429 RATE_LIMITED: over a limit of docs/product.md section 18. The answer carries Retry-After, the
 * seconds until a new try can succeed, so scripts and proxies back off without reading the message.
 */
export class RateLimitedError extends AppError {
  constructor(
    message: Said,
    readonly retryAfterSeconds: number,
  ) {
    super('RATE_LIMITED', message);
  }
}

const onField = (message: Said, pathName?: string): FieldSaid[] | undefined =>
  pathName ? [{ path: pathName, message }] : undefined;

export const badInput = (message: Said, pathName?: string) =>
  new AppError('BAD_INPUT', message, onField(message, pathName));
/** A 400 about one field, worded as the schema validation words it (`field: message`). */
export const fieldError = (pathName: string, message: Said) =>
  new AppError('BAD_INPUT', (language) => `${pathName}: ${sayIn(language, message)}`, [{ path: pathName, message }]);
export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = (message: Said = 'You do not have permission to do this') =>
  new AppError('FORBIDDEN', message);
/** 409 SOLD_OUT: not enough left (tickets, extras, a sponsorship package); nothing was held. */
export const soldOut = (message: Said) => new AppError('SOLD_OUT', message);
export const conflict = (message: Said, pathName?: string) =>
  new AppError('CONFLICT', message, onField(message, pathName));
