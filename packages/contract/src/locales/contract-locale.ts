import type { z } from 'zod';

/**
 * One language's contract messages (keyed by their English) and zod's own messages: the shape each
 * file of this folder exports, which validation-text.ts loads (a file of its own, so the locales and
 * the loader do not import each other).
 */
export interface TContractLocale {
  messages: Record<string, string>;
  zod: { localeError: z.core.$ZodErrorMap };
}
