import { useSyncExternalStore } from 'react';
import type { ParseKeys, TFunction } from 'i18next';
import type * as nlNamespaces from '../locales/nl/index.ts';
import * as nlFirstVisit from '../locales/nl/first-visit.ts';
import * as enNamespaces from '../locales/en/index.ts';

/** Dutch is the interface language; English holds only the few strings the spec names. */
export const DEFAULT_LANGUAGE = 'nl';
const SUPPORTED_LANGUAGES = ['nl', 'en'] as const;

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
 * (locales/nl/first-visit.ts), `later` ones (locales/nl/later.ts) each in a chunk of its own, with
 * the code of a route that names it in its handle's `namespaces` (issue 30; loadNamespaces).
 * A namespace missing here fails the type check.
 */
const LOADED: Record<Namespace, 'first' | 'later'> = {
  common: 'first',
  auth: 'first',
  home: 'first',
  pwa: 'first',
  library: 'later',
  summary: 'later',
  annotations: 'later',
  questions: 'later',
  flashcards: 'later',
  ownCards: 'later',
  profile: 'later',
  shop: 'later',
  tutorial: 'later',
  cardImport: 'later',
  studio: 'later',
  studioCatalogue: 'later',
  mockexam: 'later',
  progress: 'later',
  plan: 'later',
  reports: 'later',
  courses: 'later',
  courseQuestions: 'later',
};
export const NAMESPACES = Object.keys(LOADED) as Namespace[];
export const LATER_NAMESPACES = NAMESPACES.filter((ns) => LOADED[ns] === 'later');
/** A key with its namespace (`library:overview.title`), for keys chosen away from the screen that shows them. */
export type QualifiedKey = { [N in Namespace]: `${N}:${ParseKeys<N>}` }[Namespace];

/*
 * Blok's own translation runtime (decision 014, "i18n without i18next"): what the app used of
 * i18next and react-i18next, and nothing else. Keys are typed by i18next's types (type-only imports,
 * see i18next.d.ts), so every call site reads as before; at run time `t` supports
 * - `ns:key` (the namespace before the first `:`) and nested keys with dots (`errors.server`);
 * - plurals with `count`: `key_zero` when count is 0 and the key exists, then `key_<category>` of
 *   Intl.PluralRules (`_one`, `_other`), then the bare key;
 * - `{{name}}` interpolation (`{{a.b}}` reads a nested value), never escaped (React escapes); a
 *   variable that was not passed stays as written, as i18next's default does;
 * - English first, then Dutch (the fallback) for every key;
 * - a missing key logs a console error (spec section 8) and shows the key without its namespace.
 * No nesting (`$t(...)`), formats (`{{x, number}}`), context or returnObjects: src/lib/i18n.test.ts
 * fails when a locale file uses them.
 */

type Language = (typeof SUPPORTED_LANGUAGES)[number];
type Tree = { [key: string]: string | Tree };
type Options = { count?: number; [name: string]: unknown };
type RuntimeT = (key: string, options?: Options) => string;

const store: Record<Language, Partial<Record<string, Tree>>> = { nl: { ...nlFirstVisit }, en: en as Record<string, Tree> };
let language: Language = DEFAULT_LANGUAGE;
const listeners = new Set<(language: string) => void>();

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(lng: string, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(lng);
  if (!rules) pluralRules.set(lng, (rules = new Intl.PluralRules(lng)));
  return rules.select(count);
}

function lookup(tree: Tree | undefined, path: string): string | undefined {
  let node: string | Tree | undefined = tree;
  let start = 0;
  while (node !== undefined && typeof node !== 'string') {
    const dot = path.indexOf('.', start);
    const part = dot < 0 ? path.slice(start) : path.slice(start, dot);
    node = Object.hasOwn(node, part) ? node[part] : undefined;
    if (dot < 0) return typeof node === 'string' ? node : undefined;
    start = dot + 1;
  }
  return undefined;
}

function resolve(lng: Language, ns: string, key: string, count: number | undefined): string | undefined {
  const codes: Language[] = lng === DEFAULT_LANGUAGE ? [lng] : [lng, DEFAULT_LANGUAGE];
  for (const code of codes) {
    const tree = store[code][ns];
    if (!tree) continue;
    if (count !== undefined) {
      const found = (count === 0 ? lookup(tree, `${key}_zero`) : undefined) ?? lookup(tree, `${key}_${pluralCategory(code, count)}`);
      if (found !== undefined) return found;
    }
    const found = lookup(tree, key);
    if (found !== undefined) return found;
  }
  return undefined;
}

const VARIABLE = /\{\{(.+?)\}\}/g;

function interpolate(text: string, options: Options): string {
  if (!text.includes('{{')) return text;
  return text.replace(VARIABLE, (match, name: string) => {
    const path = name.trim();
    let value: unknown = options[path];
    if (value === undefined && path.includes('.')) {
      value = path.split('.').reduce<unknown>((node, part) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), options);
    }
    if (value === undefined) return match;
    return value === null ? '' : String(value as string | number);
  });
}

function translate(lng: Language, defaultNs: string, qualifiedKey: string, options?: Options): string {
  const colon = qualifiedKey.indexOf(':');
  const ns = colon < 0 ? defaultNs : qualifiedKey.slice(0, colon);
  const key = colon < 0 ? qualifiedKey : qualifiedKey.slice(colon + 1);
  const count = typeof options?.count === 'number' ? options.count : undefined;
  let text = resolve(lng, ns, key, count);
  if (text === undefined && LOADED[ns as Namespace] === 'later' && !arrived.has(ns as Namespace)) {
    // A safety net for a route whose handle forgot a namespace one of its components shows: its
    // strings load now (one chunk, once) and every useTranslation renders again when they arrive,
    // instead of showing keys for good. Only the namespaces of keys actually shown load.
    void loadNamespace(ns as Namespace).catch(() => undefined);
    return key;
  }
  if (text === undefined) {
    console.error(`Missing translation key "${ns}:${key}" for ${lng === DEFAULT_LANGUAGE ? lng : `${lng}, ${DEFAULT_LANGUAGE}`}`);
    text = key;
  }
  return options ? interpolate(text, options) : text;
}

const fixedTs = new Map<string, RuntimeT>();
function fixedT(lng: Language, ns: string): RuntimeT {
  const id = `${lng}:${ns}`;
  let t = fixedTs.get(id);
  if (!t) fixedTs.set(id, (t = (key, options) => translate(lng, ns, key, options)));
  return t;
}

type AnyNamespace = Namespace | readonly Namespace[];
const firstNamespace = (ns: AnyNamespace | undefined): string => (ns === undefined ? DEFAULT_NAMESPACE : typeof ns === 'string' ? ns : (ns[0] ?? DEFAULT_NAMESPACE));
const isSupported = (lng: string): lng is Language => (SUPPORTED_LANGUAGES as readonly string[]).includes(lng);

/** The app's translations: the current language, `t` outside components, and what loads later. */
export const i18n = {
  get language(): string {
    return language;
  },
  /** `t` in the current language; keys without a namespace are `common`'s. */
  t: ((key: string, options?: Options) => translate(language, DEFAULT_NAMESPACE, key, options)) as unknown as TFunction<[typeof DEFAULT_NAMESPACE, ...Namespace[]]>,
  /** `t` of one language (the current one when null) and namespace (the first of a list). */
  getFixedT<const N extends AnyNamespace = typeof DEFAULT_NAMESPACE>(lng: string | null, ns?: N): TFunction<N> {
    const fixed = lng === null ? language : isSupported(lng) ? lng : DEFAULT_LANGUAGE;
    return fixedT(fixed, firstNamespace(ns)) as unknown as TFunction<N>;
  },
  /** Switches the language (an unsupported one becomes Dutch); every useTranslation re-renders. */
  changeLanguage(lng: string): Promise<void> {
    const next = isSupported(lng) ? lng : DEFAULT_LANGUAGE;
    if (next !== language) {
      language = next;
      for (const listener of [...listeners]) listener(language);
    }
    return Promise.resolve();
  },
  /** Adds a namespace's strings; keys it already has keep their text. */
  addResourceBundle(lng: string, ns: string, resources: Tree): void {
    if (!isSupported(lng)) return;
    store[lng][ns] = merge(store[lng][ns] ?? {}, resources);
  },
  on(event: 'languageChanged', listener: (language: string) => void): void {
    if (event === 'languageChanged') listeners.add(listener);
  },
  off(event: 'languageChanged', listener: (language: string) => void): void {
    if (event === 'languageChanged') listeners.delete(listener);
  },
};
export type I18n = typeof i18n;

function merge(target: Tree, source: Tree): Tree {
  const out: Tree = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const have = out[key];
    if (have === undefined) out[key] = value;
    else if (typeof have !== 'string' && typeof value !== 'string') out[key] = merge(have, value);
  }
  return out;
}

const subscribe = (onChange: () => void) => {
  listeners.add(onChange);
  return () => void listeners.delete(onChange);
};
const currentLanguage = () => language;

/**
 * `t` for a component, typed by the first namespace (others by `ns:key`), as react-i18next's hook
 * was; the component re-renders when the language changes (`t` is then a new function).
 */
export function useTranslation<const N extends AnyNamespace = typeof DEFAULT_NAMESPACE>(ns?: N): { t: TFunction<N>; i18n: I18n } {
  const lng = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  // strings that arrive later re-render the component (see translate's safety net)
  useSyncExternalStore(subscribeBundles, bundlesVersion, bundlesVersion);
  return { t: fixedT(lng, firstNamespace(ns)) as unknown as TFunction<N>, i18n };
}

/** The later namespaces whose strings are here; a change re-renders the components that waited. */
const arrived = new Set<Namespace>();
let bundles = 0;
const bundleListeners = new Set<() => void>();
const subscribeBundles = (onChange: () => void) => {
  bundleListeners.add(onChange);
  return () => void bundleListeners.delete(onChange);
};
const bundlesVersion = () => bundles;

/**
 * The Dutch namespaces that are not in the entry, one chunk each (issue 30): a screen waits only for
 * the strings it shows. The list of them is locales/nl/later.ts; a JSON file there loads here by name.
 */
const LATER_FILES = new Map(
  Object.entries(import.meta.glob<Tree>(['../locales/nl/*.json', '!../locales/nl/{common,auth,home,pwa}.json'], { import: 'default' })).map(
    // locales/nl/card-import.json is the namespace cardImport (its name in later.ts)
    ([path, load]) => [path.slice(path.lastIndexOf('/') + 1, -'.json'.length).replace(/-(\w)/g, (_, c: string) => c.toUpperCase()), load] as const,
  ),
);
const loading = new Map<string, Promise<void>>();

function loadNamespace(ns: Namespace): Promise<void> {
  if (LOADED[ns] === 'first') return Promise.resolve();
  let promise = loading.get(ns);
  if (!promise) {
    const file = LATER_FILES.get(ns);
    if (!file) return Promise.reject(new Error(`No strings for namespace "${ns}"`));
    promise = file().then(
      (resources) => {
        i18n.addResourceBundle(DEFAULT_LANGUAGE, ns, resources);
        arrived.add(ns);
        bundles += 1;
        for (const listener of bundleListeners) listener();
      },
      (error: unknown) => {
        loading.delete(ns);
        throw error;
      },
    );
    loading.set(ns, promise);
  }
  return promise;
}

/**
 * Adds the Dutch strings of these namespaces (each fetched once, side by side). The router awaits it
 * with a route's code, so a screen never renders before its strings are there (no keys flash).
 */
export async function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  await Promise.all(namespaces.map(loadNamespace));
}

/** Every namespace outside the entry: for a route that does not say which it needs, and for tests. */
export function loadLaterNamespaces(): Promise<void> {
  return loadNamespaces(LATER_NAMESPACES);
}

function syncDocumentLanguage(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}
syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);
