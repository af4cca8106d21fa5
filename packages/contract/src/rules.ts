import { z } from 'zod';
import { said } from './validation-text';

/**
 * Roles as numbers (docs/product.md section 9, docs/product.md section 13); 5 is a club's door staff
 * (docs/product.md section 20, docs/decisions/0032-door-staff.md).
 */
export const ROLE_STAFF = 5;
export const ROLE_ADMIN = 10;
export const ROLE_SUDO = 20;
export const ZRole = z.union([z.literal(ROLE_STAFF), z.literal(ROLE_ADMIN), z.literal(ROLE_SUDO)]);
export type TRole = z.infer<typeof ZRole>;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MESSAGES = {
  required: 'Password is required!',
  tooShort: 'Password must be 8 or more characters!',
  noDigit: 'Password must include at least one number!',
} as const;

/** docs/product.md section 5 password rules; returns the first broken rule's message or true. */
export function checkPassword(value: string | undefined | null): true | string {
  if (!value) return PASSWORD_MESSAGES.required;
  if (value.length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (!/\d/.test(value)) return PASSWORD_MESSAGES.noDigit;
  return true;
}

export const ZPassword = z
  .string({ error: PASSWORD_MESSAGES.required })
  .max(200, 'Password must be at most 200 characters')
  .superRefine((value, ctx) => {
    const result = checkPassword(value);
    if (result !== true) ctx.addIssue({ code: 'custom', message: result });
  });

export const EMAIL_MESSAGE = 'Enter a valid e-mail address, like name@example.org, with no spaces';
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

export const ZEmail = z
  .string({ error: 'E-mail is required' })
  .trim()
  .min(1, 'E-mail is required')
  .max(254, 'E-mail must be at most 254 characters')
  .regex(EMAIL_PATTERN, EMAIL_MESSAGE)
  .transform((value) => value.toLowerCase());

/**
 * docs/product.md section 5 slug rule: letters and digits of every script stay, with their combining marks
 * (docs/product.md section 24: `Café Night` -> `café-night`); spaces become hyphens, all else goes.
 * NFC first, so a title typed with decomposed accents gives the same slug as a precomposed one.
 * Marks stay only on a kept letter or digit; emoji variation selectors and enclosing marks (keycaps)
 * are symbols' marks and go with the symbols. See docs/decisions/0021-slugs-export-and-answers.md.
 */
export function slugify(text: string): string {
  const kept =
    text
      .normalize('NFC')
      .toLowerCase()
      .replace(/[\p{Me}\p{Variation_Selector}]/gu, '')
      .match(/[\p{L}\p{N}]\p{M}*|[\s-]/gu) ?? [];
  return kept
    .map((part) => (/^\s$/u.test(part) ? '-' : part))
    .join('')
    .normalize('NFC')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The slug a visitor's address names, as stored: percent-decoded when it still is encoded (a slug
 * never holds `%`), NFC and lowercase, so /Café-Night, /caf%C3%A9-night and a decomposed é all find
 * the event `café-night`. Old ASCII slugs come out unchanged, so their links keep working.
 */
export function slugFromAddress(value: string): string {
  let text = value.trim();
  if (text.includes('%')) {
    try {
      text = decodeURIComponent(text);
    } catch {
      // Not valid percent-encoding: looked up as typed, and so not found.
    }
  }
  return text.normalize('NFC').toLowerCase().normalize('NFC');
}

export const ZId = z.string({ error: 'Id is required' }).trim().min(1, 'Id is required').max(64, 'Id is too long');

export function requiredText(label: string, max: number) {
  return z
    .string({ error: said('{label} is required', { label }) })
    .trim()
    .min(1, said('{label} is required', { label }))
    .max(max, said('{label} must be at most {max} characters', { label, max }));
}

export function optionalText(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, said('{label} must be at most {max} characters', { label, max }))
    .optional()
    .nullable()
    .transform((value) => (value ? value : null));
}

/** Random string of the given length (docs/product.md section 9: default 8) that also meets the password rules. */
export function generatePassword(length = 8): string {
  const letters = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const all = letters + digits;
  const size = Math.max(length, PASSWORD_MIN_LENGTH);
  const random = new Uint32Array(size);
  globalThis.crypto.getRandomValues(random);
  const chars = Array.from(random, (n) => all[n % all.length]);
  // Guarantee a digit in a random position.
  const position = random[0]! % size;
  chars[position] = digits[random[size - 1]! % digits.length];
  return chars.join('');
}
