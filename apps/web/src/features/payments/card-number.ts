import { i18n } from '../../i18n/i18n';

/** Digits of a typed card number: spaces and dashes, as people type them, are dropped. */
export function cardDigits(text: string): string {
  return text.replace(/[\s-]/g, '');
}

/** "4242424242424242" typed or pasted reads back as "4242 4242 4242 4242"; anything but digits is kept out. */
export function formatCardNumber(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The form's own check before asking the server; which cards pay is the provider's business. */
export function checkCardNumber(text: string): string | null {
  const digits = cardDigits(text);
  if (digits === '') return i18n.t('payments:card.empty');
  if (!/^\d{12,19}$/.test(digits)) return i18n.t('payments:card.digits');
  return null;
}
