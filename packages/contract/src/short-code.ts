/**
 * Short ticket codes (docs/product.md section 20, docs/decisions/0031-short-ticket-codes.md): 8
 * characters drawn by the database (migration 0017) from an alphabet without look-alikes (no 0, O,
 * 1 or I), unique within the event, shown as `XXXX-XXXX` and typed at the door in any case, with or
 * without the dash or spaces.
 */

export const SHORT_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const SHORT_CODE_LENGTH = 8;

const SHORT_CODE = new RegExp(`^[${SHORT_CODE_ALPHABET}]{${SHORT_CODE_LENGTH}}$`);

/** True for a stored code: 8 characters of the alphabet, upper case, no dash. */
export const isShortCode = (value: string): boolean => SHORT_CODE.test(value);

/** `ABCD2345` as it is shown under a QR: `ABCD-2345`. */
export function formatShortCode(code: string): string {
  return `${code.slice(0, SHORT_CODE_LENGTH / 2)}-${code.slice(SHORT_CODE_LENGTH / 2)}`;
}

/**
 * Typed text as a stored code: any case, the dash and spaces optional ("abcd 2345", "ABCD-2345",
 * " abcd2345 "); null when it cannot be one (wrong length, or a character outside the alphabet).
 */
export function normaliseShortCode(text: string): string | null {
  if (text.length > 32) return null;
  const code = text.replace(/[\s-]/g, '').toUpperCase();
  return isShortCode(code) ? code : null;
}
