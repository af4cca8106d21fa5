/**
 * The language a person uses ClubTix in, and the locale its dates follow (docs/product.md section 24,
 * docs/decisions/0022). The page's `lang` names it: "en" in index.html for now; the languages issue
 * sets it from the person's choice. The browser's region plays no part, so an en-US browser reads
 * and shows dates the way the rest of the screen does.
 */
export function appLanguage(): string {
  const lang = typeof document !== 'undefined' ? document.documentElement.lang : '';
  return lang.trim() || 'en';
}

/**
 * The locale whose order typed dates follow in a language. English reads dd/mm/yyyy, as docs/product.md
 * section 9 displays dates, whatever its region tag; any other language its own order, which
 * dateOrderForLocale reads (mm/dd/yyyy when it cannot tell).
 */
export function dateLocaleFor(language: string): string {
  return /^en(?:-|$)/i.test(language.trim()) ? 'en-GB' : language;
}

/** The date locale of the language ClubTix is shown in now. */
export function appDateLocale(): string {
  return dateLocaleFor(appLanguage());
}
