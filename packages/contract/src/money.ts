import { z } from 'zod';
import { said } from './validation-text';
import { localeOf, type TLanguage } from './languages';

export const CURRENCIES = ['usd', 'gbp', 'eur', 'thb'] as const;
export const ZCurrency = z.enum(CURRENCIES, { error: 'Currency must be one of usd, gbp, eur, thb' });
export type TCurrency = z.infer<typeof ZCurrency>;

const CURRENCY_SIGNS: Record<TCurrency, string> = { usd: '$', gbp: '£', eur: '€', thb: '฿' };

/** Money is an integer of minor units (cents, pence, satang): never negative, never fractional. */
export function money(label: string) {
  return z
    .number({ error: said('{label} must be a number of minor units (for example 1050 for 10.50)', { label }) })
    .int(said('{label} must be a whole number of minor units (for example 1050 for 10.50)', { label }))
    .min(0, said('{label} cannot be negative', { label }))
    .max(100_000_000, said('{label} is too large', { label }));
}

// Made once: toLocaleString builds a formatter at every call (a ticket mail formats several amounts).
const englishNumbers = [0, 1, 2].map(
  (decimals) => new Intl.NumberFormat('en-GB', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }),
);

/**
 * docs/product.md section 3: shown divided by 100 with 0 to 2 decimals. English keeps SPEC's form
 * ("£12", "£12.50"); other languages place the sign and separators their own way ("12,50 €").
 */
export function formatMoney(minor: number, currency: TCurrency, language: TLanguage = 'en'): string {
  const major = minor / 100;
  // Whole amounts read "£12"; anything else always shows its pence: "£12.50", never "£12.5".
  const decimals = minor % 100 === 0 ? 0 : 2;
  if (language !== 'en') {
    return moneyFormat(language, currency, decimals).format(major);
  }
  return `${CURRENCY_SIGNS[currency]}${englishNumbers[decimals]!.format(major)}`;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(language: TLanguage, currency: TCurrency, decimals: number): Intl.NumberFormat {
  const key = `${language}:${currency}:${decimals}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(localeOf(language), {
      style: 'currency',
      currency: currency.toUpperCase(),
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    moneyFormats.set(key, format);
  }
  return format;
}
