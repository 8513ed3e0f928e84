import i18n, { type ParseKeys } from 'i18next';
import { initReactI18next } from 'react-i18next';
import * as nlNamespaces from '../locales/nl/index.ts';
import * as enNamespaces from '../locales/en/index.ts';

/** Dutch is the interface language; English holds only the few strings the spec names. */
export const DEFAULT_LANGUAGE = 'nl';

/** Namespace of the shared strings (app name, navigation, errors, toasts); `t` without one uses it. */
export const DEFAULT_NAMESPACE = 'common';

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

/** The Dutch resources, one namespace per feature; their shape types every `t` key (see i18next.d.ts). */
export const nl = { ...nlNamespaces };
export type Resources = typeof nl;
/** English may only hold keys that exist in Dutch: a stray or misspelt key fails the type check. */
const en: DeepPartial<Resources> = { ...enNamespaces };

export type Namespace = keyof Resources;
export const NAMESPACES = Object.keys(nl) as Namespace[];
/** A key with its namespace (`library:overview.title`), for keys chosen away from the screen that shows them. */
export type QualifiedKey = { [N in Namespace]: `${N}:${ParseKeys<N>}` }[Namespace];

void i18n.use(initReactI18next).init({
  resources: { nl, en },
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

function syncDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

export { i18n };
