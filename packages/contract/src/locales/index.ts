import type { TLanguage } from '../languages';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { th } from './th';

/** The contract's catalogues by language (docs/decisions/0047-server-messages.md). */
export const CONTRACT_CATALOGUES: Record<TLanguage, Record<string, string>> = { en, th, fr, es, de };
