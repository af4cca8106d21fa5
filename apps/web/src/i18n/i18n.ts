import {
  DEFAULT_LANGUAGE,
  firstSpokenLanguage,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGES,
  localeOf,
  type TLanguage,
} from '@clubtix/contract';
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import ICU from 'i18next-icu';
import { initReactI18next } from 'react-i18next';

/**
 * The web app's five languages (docs/product.md section 22, docs/decisions/0043-languages.md).
 * Catalogues are ICU messages in locales/<language>/<namespace>.json, a namespace per feature folder
 * (`common` for components/ and lib/); each file is its own chunk, fetched when a screen first asks
 * for it, so a buyer's page does not carry the admin screens' words.
 */
const catalogues = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json');

const LANGUAGE_KEY = 'clubtix.language';

function storedLanguage(): TLanguage | undefined {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_KEY);
    return isLanguage(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The language picked on this device, else the browser's first one ClubTix speaks, else English. */
export function initialLanguage(): TLanguage {
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  const stored = storedLanguage();
  // A choice made before the cookie existed gets one; any other has its year renewed.
  if (stored) rememberLanguageForPages(stored);
  return stored ?? firstSpokenLanguage(browser) ?? DEFAULT_LANGUAGE;
}

const catalogueBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = catalogues[`./locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

export const i18n = i18next.createInstance();

i18n.use(ICU).use(initReactI18next).use(catalogueBackend);

i18n.on('languageChanged', (language) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
});

/** Loads the language and the common words before the first screen renders. */
export async function startI18n(language: TLanguage = initialLanguage()): Promise<void> {
  await i18n.init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    returnEmptyString: false,
    react: { useSuspense: true },
    // A key missing from English is a bug a person would see as a raw key: say so where tests look.
    saveMissing: true,
    missingKeyHandler: (_languages, namespace, key) => {
      console.error(`Missing translation: ${namespace}:${key}`);
    },
  });
}

/**
 * Fetches namespaces' words while a route's page loads, so the page does not wait a second round trip
 * for them once it renders (routes.tsx, docs/decisions/0046-fast-first-load.md). Never fails: a page
 * whose words did not come shows its own loading or error state as it would without this.
 */
export function preloadNamespaces(namespaces: readonly string[]): Promise<void> {
  const load = () =>
    i18n.loadNamespaces([...namespaces]).then(
      () => undefined,
      () => undefined,
    );
  if (i18n.isInitialized) return load();
  return new Promise((resolve) => {
    i18n.on('initialized', () => void load().then(resolve));
  });
}

/** The language the app is shown in now. */
export function currentLanguage(): TLanguage {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/** The Intl locale of the language shown now (dates, numbers, money). */
export function currentLocale(): string {
  return localeOf(currentLanguage());
}

/**
 * The picked language in a cookie as well, for the pages the server writes before the app runs (an
 * event's first paint, docs/decisions/0053-first-paint.md). A year, this site only, sent on links.
 */
export function rememberLanguageForPages(language: TLanguage): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; SameSite=Lax`;
}

/** Switches the app to a language and remembers it on this device. */
export async function changeLanguage(language: TLanguage): Promise<void> {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_KEY, language);
  } catch {
    // Privacy modes: the choice holds for this visit only.
  }
  rememberLanguageForPages(language);
  await i18n.changeLanguage(language);
}
