import type { TCurrency } from '@clubtix/contract';
import { i18n } from '../i18n/i18n';

/**
 * Admins type money in major units ("12.50"); the API takes integer minor units (1250), as
 * docs/product.md section 12 says. These helpers convert between the two at the edge of the form.
 */

/** Minor units for a typed amount, or null when it is empty or not an amount with at most 2 decimals. */
export function toMinorUnits(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim().replace(/,/g, '');
  if (!/^\d+(\.\d{0,2})?$/.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  // String arithmetic: 0.29 * 100 is 28.999999999999996 in floating point.
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** The amount to put back in the field when editing: 1250 -> 12.5 (the field shows 12.50). */
export function toMajorUnits(minor: number): number {
  return minor / 100;
}

/**
 * The message for a money field, or null when the typed value is a valid amount. Prices may be 0
 * (a free ticket or extra), which the empty-field message says; a sponsorship amount need not.
 */
export function checkMoneyInput(label: string, value: number | string, { mayBeFree = true } = {}): string | null {
  if (String(value).trim() === '') {
    return i18n.t(mayBeFree ? 'common:money.requiredOrFree' : 'common:money.required', { label });
  }
  if (toMinorUnits(value) === null) return i18n.t('common:money.invalid', { label });
  return null;
}

/** The signs formatMoney of the contract puts before amounts. */
export const CURRENCY_SIGNS: Record<TCurrency, string> = { usd: '$', gbp: '£', eur: '€', thb: '฿' };

/** "GBP" for the gbp the API uses. */
export function currencyCode(currency: TCurrency): string {
  return currency.toUpperCase();
}
