import type { DEFAULT_NAMESPACE, Resources } from './i18n.ts';

// Types every translation key from the Dutch JSON files: `t('missing.key')` fails `tsc`.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: typeof DEFAULT_NAMESPACE;
    resources: Resources;
    returnNull: false;
  }
}
