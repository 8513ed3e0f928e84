import i18n, { type ParseKeys } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type * as nlNamespaces from '../locales/nl/index.ts';
import * as nlFirstVisit from '../locales/nl/first-visit.ts';
import * as enNamespaces from '../locales/en/index.ts';

/** Dutch is the interface language; English holds only the few strings the spec names. */
export const DEFAULT_LANGUAGE = 'nl';

/** Namespace of the shared strings (app name, navigation, errors, toasts); `t` without one uses it. */
export const DEFAULT_NAMESPACE = 'common';

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

/** The Dutch resources, one namespace per feature; their shape types every `t` key (see i18next.d.ts). */
export type Resources = { [N in keyof typeof nlNamespaces]: (typeof nlNamespaces)[N] };
/** English may only hold keys that exist in Dutch: a stray or misspelt key fails the type check. */
const en: DeepPartial<Resources> = { ...enNamespaces };

export type Namespace = keyof Resources;
/**
 * Every namespace, and when it loads (decision 014): `first` ones are in the entry script
 * (locales/nl/first-visit.ts), `later` ones come in one chunk with the first signed-in route's code
 * (locales/nl/later.ts, loadLaterNamespaces). A namespace missing here fails the type check.
 */
const LOADED: Record<Namespace, 'first' | 'later'> = {
  common: 'first',
  auth: 'first',
  home: 'first',
  pwa: 'first',
  library: 'later',
  summary: 'later',
  questions: 'later',
  flashcards: 'later',
  profile: 'later',
  shop: 'later',
  tutorial: 'later',
};
export const NAMESPACES = Object.keys(LOADED) as Namespace[];
export const LATER_NAMESPACES = NAMESPACES.filter((ns) => LOADED[ns] === 'later');
/** A key with its namespace (`library:overview.title`), for keys chosen away from the screen that shows them. */
export type QualifiedKey = { [N in Namespace]: `${N}:${ParseKeys<N>}` }[Namespace];

void i18n.use(initReactI18next).init({
  resources: { nl: { ...nlFirstVisit }, en },
  ns: NAMESPACES,
  defaultNS: DEFAULT_NAMESPACE,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: ['nl', 'en'],
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
  // Missing translation keys: console errors only (spec section 8).
  saveMissing: true,
  missingKeyHandler: (languages, namespace, key) => {
    console.error(`Missing translation key "${namespace}:${key}" for ${languages.join(', ')}`);
  },
});

let later: Promise<void> | null = null;

/**
 * Adds the Dutch namespaces of the signed-in screens (one chunk, fetched once). The router awaits it
 * with a route's code, so a screen never renders before its strings are there (no keys flash).
 */
export function loadLaterNamespaces(): Promise<void> {
  later ??= import('../locales/nl/later.ts').then(
    (namespaces) => {
      for (const [ns, resources] of Object.entries(namespaces)) i18n.addResourceBundle(DEFAULT_LANGUAGE, ns, resources, true, false);
    },
    (error: unknown) => {
      later = null;
      throw error;
    },
  );
  return later;
}

function syncDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

export { i18n };
