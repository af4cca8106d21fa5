import { isLanguage, localeOf } from '@clubtix/contract';

/**
 * The language a person uses ClubTix in, and the locale its dates follow (docs/product.md sections 22
 * and 24, docs/decisions/0022). The page's `lang` names it: i18n.ts
 * sets it on every change of language ("en" in index.html before that). The browser's region plays
 * no part, so an en-US browser reads and shows dates the way the rest of the screen does.
 */
export function appLanguage(): string {
  const lang = typeof document !== 'undefined' ? document.documentElement.lang : '';
  return lang.trim() || 'en';
}

/**
 * The locale whose order typed dates follow in a language. English reads dd/mm/yyyy, as docs/product.md
 * section 9 displays dates, whatever its region tag; a language ClubTix speaks its own locale (Thai in
 * the Gregorian calendar, as localeOf says); any other tag its own order, which dateOrderForLocale
 * reads (mm/dd/yyyy when it cannot tell).
 */
export function dateLocaleFor(language: string): string {
  const tag = language.trim();
  if (/^en(?:-|$)/i.test(tag)) return 'en-GB';
  const primary = tag.toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? localeOf(primary) : tag;
}

/** The date locale of the language ClubTix is shown in now. */
export function appDateLocale(): string {
  return dateLocaleFor(appLanguage());
}
