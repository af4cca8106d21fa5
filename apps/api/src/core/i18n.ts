import { readdirSync, readFileSync } from 'node:fs';
import { IntlMessageFormat } from 'intl-messageformat';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGES,
  languageFromAcceptLanguage,
  localeOf,
  type TLanguage,
} from '@clubtix/contract';

/**
 * What the server says in five languages (docs/product.md section 22, docs/decisions/0043-languages.md):
 * catalogues in src/locales/<language>/<namespace>.json hold ICU messages, English the source. A key
 * is `namespace.key` ("mail.ticketSubject"). A message missing from a language falls back to English;
 * a key missing from English is a bug, answered with the key itself so it shows in tests.
 */
export type Catalogue = Record<string, string>;
export type MessageParams = Record<string, string | number | Date | boolean>;

const LOCALES_DIR = new URL('../locales/', import.meta.url);

function loadCatalogues(): Record<TLanguage, Map<string, string>> {
  const all = {} as Record<TLanguage, Map<string, string>>;
  for (const language of LANGUAGES) {
    const messages = new Map<string, string>();
    const dir = new URL(`${language}/`, LOCALES_DIR);
    let files: string[];
    try {
      files = readdirSync(dir).filter((name) => name.endsWith('.json'));
    } catch {
      files = [];
    }
    for (const file of files) {
      const namespace = file.slice(0, -'.json'.length);
      const catalogue = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as Catalogue;
      for (const [key, text] of Object.entries(catalogue)) messages.set(`${namespace}.${key}`, text);
    }
    all[language] = messages;
  }
  return all;
}

const catalogues = loadCatalogues();
const compiled = new Map<string, IntlMessageFormat>();

/** The message `key` in `language`, its {placeholders} filled from params. */
export function translate(language: TLanguage, key: string, params?: MessageParams): string {
  const own = catalogues[language].get(key);
  const source = own ?? catalogues[DEFAULT_LANGUAGE].get(key);
  if (source === undefined) return key;
  const spoken = own === undefined ? DEFAULT_LANGUAGE : language;
  const cacheKey = `${spoken}\u0000${key}`;
  let format = compiled.get(cacheKey);
  if (!format) {
    format = new IntlMessageFormat(source, localeOf(spoken), undefined, { ignoreTag: true });
    compiled.set(cacheKey, format);
  }
  return String(format.format(params));
}

/** A translator bound to one language, as a mail or a PDF is written in one. */
export type Translate = (key: string, params?: MessageParams) => string;

export function translatorFor(language: TLanguage): Translate {
  return (key, params) => translate(language, key, params);
}

/**
 * The language a request is answered in: its Accept-Language, which the web app sets to the language
 * the person picked (the browser's otherwise); English when it names none ClubTix speaks.
 */
export function requestLanguage(request: { headers: Record<string, string | string[] | undefined> }): TLanguage {
  const header = request.headers['accept-language'];
  return languageFromAcceptLanguage(Array.isArray(header) ? header[0] : header);
}

/**
 * The language of a page the server writes (an event's first paint, docs/decisions/0053-first-paint.md):
 * the language picked in the app, which it keeps in a cookie as well as on the device, else the
 * request's Accept-Language. A page load carries the browser's Accept-Language, not the app's choice.
 */
export function pageLanguage(request: { headers: Record<string, string | string[] | undefined> }): TLanguage {
  const cookies = request.headers.cookie;
  for (const part of (Array.isArray(cookies) ? cookies.join('; ') : (cookies ?? '')).split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE && isLanguage(value)) return value;
  }
  return requestLanguage(request);
}

/** Every key of every catalogue, by language: for the catalogue tests. */
export function catalogueKeys(): Record<TLanguage, string[]> {
  return Object.fromEntries(LANGUAGES.map((language) => [language, [...catalogues[language].keys()]])) as Record<
    TLanguage,
    string[]
  >;
}

/** The raw message of a key in a language, undefined when that catalogue lacks it. */
export function catalogueMessage(language: TLanguage, key: string): string | undefined {
  return catalogues[language].get(key);
}
