import { z } from 'zod';

/**
 * The languages ClubTix speaks (docs/product.md section 22). English is the source every catalogue is
 * checked against and the answer when nothing else fits.
 */
export const LANGUAGES = ['en', 'th', 'fr', 'es', 'de'] as const;
export const ZLanguage = z.enum(LANGUAGES);
export type TLanguage = z.infer<typeof ZLanguage>;
export const DEFAULT_LANGUAGE: TLanguage = 'en';

/** Each language named in itself, as a picker shows it. */
export const LANGUAGE_NAMES: Record<TLanguage, string> = {
  en: 'English',
  th: 'ไทย',
  fr: 'Français',
  es: 'Español',
  de: 'Deutsch',
};

/**
 * The Intl locale a language formats dates, numbers and money with. English is en-GB (dd/mm/yyyy,
 * docs/product.md section 9); Thai keeps the Gregorian calendar so a year typed and a year shown are
 * the same year (docs/decisions/0043-languages.md).
 */
const LOCALES: Record<TLanguage, string> = {
  en: 'en-GB',
  th: 'th-TH-u-ca-gregory-nu-latn',
  fr: 'fr-FR',
  es: 'es-ES',
  de: 'de-DE',
};

export function localeOf(language: TLanguage): string {
  return LOCALES[language];
}

/**
 * The cookie the web app keeps the picked language in (beside the device's storage), so that a page
 * the server writes before the app runs, an event's first paint, is in that language too.
 */
export const LANGUAGE_COOKIE = 'clubtix_language';

export function isLanguage(value: unknown): value is TLanguage {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The first of a list of language tags (`fr-CA`, `th`) that ClubTix speaks, by its primary subtag. */
export function firstSpokenLanguage(tags: readonly string[]): TLanguage | undefined {
  for (const tag of tags) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return undefined;
}

/**
 * The language an Accept-Language header asks for, by its q-values (RFC 9110 section 12.5.4), English
 * when it names none ClubTix speaks. The web app sends the language a person picked in this header.
 */
export function languageFromAcceptLanguage(header: string | null | undefined): TLanguage {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.q > 0 && Number.isFinite(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return firstSpokenLanguage(ranked.map((entry) => entry.tag)) ?? DEFAULT_LANGUAGE;
}
