import { registerContractLocale } from '../validation-text';
import { locale as de } from './de';
import { locale as es } from './es';
import { locale as fr } from './fr';
import { locale as th } from './th';

/**
 * Every language's contract messages, registered on import: the server answers any language at any
 * moment (docs/decisions/0047-server-messages.md). The web app loads only the language shown.
 */
registerContractLocale('th', th);
registerContractLocale('fr', fr);
registerContractLocale('es', es);
registerContractLocale('de', de);
