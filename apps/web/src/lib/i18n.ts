import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import nl from '../locales/nl.json';
import en from '../locales/en.json';

/** Dutch is the interface language; English holds only the few strings the spec names. */
export const DEFAULT_LANGUAGE = 'nl';

void i18n.use(initReactI18next).init({
  resources: { nl: { translation: nl }, en: { translation: en } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: ['nl', 'en'],
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
  // Missing translation keys: console errors only (spec section 8).
  saveMissing: true,
  missingKeyHandler: (languages, _namespace, key) => {
    console.error(`Missing translation key "${key}" for ${languages.join(', ')}`);
  },
});

function syncDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

export { i18n };
