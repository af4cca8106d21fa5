import type { z } from 'zod';
import en from 'zod/v4/locales/en.js';
import type { TLanguage } from './languages';
import type { TContractLocale } from './locales/contract-locale';

/**
 * The contract's validation messages in five languages (docs/product.md section 22,
 * docs/decisions/0047-server-messages.md). A message is written in English, as ever, and that English
 * is its key in locales/<language>.ts, so every issue, log and test still reads today's English. A
 * message with parameters is written `said('{label} is required', { label })`: its English is
 * remembered with its template and parameters, so `issueText` can say it again in another language on
 * the server (the error handler) and in the web forms alike. zod's own messages come from zod's locales.
 *
 * English needs no catalogue: its keys are its text. Another language's catalogue and zod locale are
 * registered before use: the server loads all of them (`@clubtix/contract/locales`), the web app
 * only the language shown (`loadContractLocale`), so a buyer's first page carries none of them.
 */
export type TContractParams = Record<string, string | number>;

export type { TContractLocale };

const locales: Partial<Record<TLanguage, TContractLocale>> = {};
const englishZod = en();

/** Makes a language's catalogue and zod locale available to `issueText` and `contractText`. */
export function registerContractLocale(language: TLanguage, locale: TContractLocale): void {
  locales[language] = locale;
}

const LOADERS: Record<Exclude<TLanguage, 'en'>, () => Promise<{ locale: TContractLocale }>> = {
  th: () => import('./locales/th'),
  fr: () => import('./locales/fr'),
  es: () => import('./locales/es'),
  de: () => import('./locales/de'),
};

/** Loads and registers a language's contract locale, once; English has nothing to load. */
export async function loadContractLocale(language: TLanguage): Promise<void> {
  if (language === 'en' || locales[language]) return;
  registerContractLocale(language, (await LOADERS[language]()).locale);
}

const spoken = new Map<string, { template: string; params: TContractParams }>();

/** A `label` parameter names a field in English ("Name"), itself a key of the catalogue. */
function fill(language: TLanguage, template: string, params: TContractParams): string {
  const catalogue = locales[language]?.messages ?? {};
  return (catalogue[template] ?? template).replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return name === 'label' ? (catalogue[String(value)] ?? String(value)) : String(value);
  });
}

/** The English text of a message with parameters, remembered so that it can be said in any language. */
export function said(template: string, params: TContractParams): string {
  const text = fill('en', template, params);
  spoken.set(text, { template, params });
  return text;
}

/**
 * A message with parameters said in a language without remembering it: for messages that carry a
 * person's data (a form question's label), which `said` would keep for the life of the process.
 */
export function contractSay(language: TLanguage, template: string, params: TContractParams): string {
  return fill(language, template, params);
}

/** A contract message (SCAN_MESSAGES.notATicket, a schema's message) in a language; other text as it is. */
export function contractText(text: string, language: TLanguage): string {
  if (language === 'en') return text;
  const known = spoken.get(text);
  if (known) return fill(language, known.template, known.params);
  return locales[language]?.messages[text] ?? text;
}

function zodText(locale: { localeError: z.core.$ZodErrorMap } | undefined, issue: z.core.$ZodRawIssue) {
  const answer = locale?.localeError(issue);
  return typeof answer === 'string' ? answer : (answer?.message ?? undefined);
}

/** The fields of a zod issue this needs; `input` is there when the parse ran with `reportInput`. */
export interface TIssueLike {
  code: string;
  message: string;
  input?: unknown;
}

/**
 * The one way an issue becomes text in a language, on the server and in the web forms: a contract
 * message in that language; zod's own English message (recognised by saying it again in English)
 * from zod's locale; any other text (a check's own words) as it is. zod names the type it received
 * only from the issue's `input`, so parse with `{ reportInput: true }`.
 */
export function issueText(issue: TIssueLike, language: TLanguage): string {
  if (language === 'en') return issue.message;
  const locale = locales[language];
  if (spoken.has(issue.message) || (locale && issue.message in locale.messages)) {
    return contractText(issue.message, language);
  }
  const raw = issue as unknown as z.core.$ZodRawIssue;
  if (zodText(englishZod, raw) === issue.message) return zodText(locale?.zod, raw) ?? issue.message;
  return issue.message;
}
