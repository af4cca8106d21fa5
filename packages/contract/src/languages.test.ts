import { describe, expect, it } from 'vitest';
import { firstSpokenLanguage, languageFromAcceptLanguage, localeOf } from './languages';

describe('languageFromAcceptLanguage', () => {
  it('picks the highest-ranked language ClubTix speaks', () => {
    expect(languageFromAcceptLanguage('fr-CH, fr;q=0.9, en;q=0.8')).toBe('fr');
    expect(languageFromAcceptLanguage('ja, th;q=0.5, de;q=0.7')).toBe('de');
    expect(languageFromAcceptLanguage('TH-th')).toBe('th');
    expect(languageFromAcceptLanguage('es;q=0, en')).toBe('en');
  });

  it('answers English when nothing fits or nothing is asked', () => {
    expect(languageFromAcceptLanguage(undefined)).toBe('en');
    expect(languageFromAcceptLanguage('')).toBe('en');
    expect(languageFromAcceptLanguage('ja, zh-CN;q=0.8')).toBe('en');
    expect(languageFromAcceptLanguage('*')).toBe('en');
  });
});

describe('firstSpokenLanguage', () => {
  it('reads a browser list by primary subtag', () => {
    expect(firstSpokenLanguage(['pt-BR', 'es-MX', 'en'])).toBe('es');
    expect(firstSpokenLanguage(['zh'])).toBeUndefined();
  });
});

describe('localeOf', () => {
  it('shows Thai dates in the Gregorian calendar', () => {
    const date = new Date(Date.UTC(2026, 11, 25, 12));
    const text = new Intl.DateTimeFormat(localeOf('th'), { year: 'numeric', timeZone: 'UTC' }).format(date);
    expect(text).toContain('2026');
    expect(new Intl.DateTimeFormat(localeOf('en'), { timeZone: 'UTC' }).format(date)).toBe('25/12/2026');
  });
});
