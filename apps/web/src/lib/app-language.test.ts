import { describe, expect, it } from 'vitest';
import { dateOrderForLocale, formatPattern } from './date-parsing';
import { appDateLocale, appLanguage, dateLocaleFor } from './app-language';

/** The pattern a date field reads and shows in a language: what its placeholder says. */
const patternIn = (language: string) => formatPattern(dateOrderForLocale(dateLocaleFor(language)));

describe('the order typed dates follow is the language ClubTix is used in, not the region', () => {
  it('reads dd/mm/yyyy in English, whatever region tag comes with it', () => {
    for (const language of ['en', 'en-GB', 'en-US', 'EN-us', 'en-CA', 'en-PH']) {
      expect(patternIn(language)).toBe('dd/mm/yyyy');
    }
  });

  it("takes each other language's own order", () => {
    expect(patternIn('de')).toBe('dd/mm/yyyy');
    expect(patternIn('fr')).toBe('dd/mm/yyyy');
    expect(patternIn('es')).toBe('dd/mm/yyyy');
    expect(patternIn('th')).toBe('dd/mm/yyyy');
    expect(patternIn('ja')).toBe('yyyy/mm/dd');
  });

  it('reads Thai in the Gregorian calendar, as ClubTix shows it', () => {
    expect(dateLocaleFor('th')).toBe('th-TH-u-ca-gregory-nu-latn');
    expect(dateLocaleFor('de-AT')).toBe('de-DE');
  });

  it('falls back to mm/dd/yyyy when the order cannot be told', () => {
    expect(patternIn('not a language!')).toBe('mm/dd/yyyy');
  });

  it('is English, dd/mm/yyyy, with no page language to read (i18n.ts sets it on every change)', () => {
    expect(appLanguage()).toBe('en');
    expect(appDateLocale()).toBe('en-GB');
  });
});
