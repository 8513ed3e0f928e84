import { afterEach, describe, expect, it, vi } from 'vitest';
import { createElement } from 'react';
import { act, render, screen } from '@testing-library/react';
import * as all from '../locales/nl/index.ts';
import * as firstVisit from '../locales/nl/first-visit.ts';
import * as later from '../locales/nl/later.ts';
import * as enAll from '../locales/en/index.ts';
import { LATER_NAMESPACES, NAMESPACES, i18n, useTranslation } from './i18n.ts';

const nl = all;
const en = enAll;

describe('i18n namespaces (decision 014)', () => {
  it('loads every Dutch namespace exactly once: in the entry or in the later chunk', () => {
    const first = Object.keys(firstVisit).sort();
    const rest = Object.keys(later).sort();
    expect(first.filter((ns) => rest.includes(ns))).toEqual([]);
    expect([...first, ...rest].sort()).toEqual(Object.keys(all).sort());
    expect([...NAMESPACES].sort()).toEqual(Object.keys(all).sort());
    expect([...LATER_NAMESPACES].sort()).toEqual(rest);
  });

  it('keeps the first visit to the login, register and landing strings', () => {
    expect(Object.keys(firstVisit).sort()).toEqual(['auth', 'common', 'home', 'pwa']);
  });

  it('loads only the namespaces a screen names, each once (issue 30)', async () => {
    vi.resetModules();
    const fresh = await import('./i18n.ts');
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(fresh.i18n.t('summary:read.title')).toBe('read.title');
    await Promise.all([fresh.loadNamespaces(['summary']), fresh.loadNamespaces(['summary'])]);
    expect(fresh.i18n.t('summary:read.title')).toBe(nl.summary.read.title);
    // a key of a namespace the route did not name: the key for now, its strings load on their own
    error.mockClear();
    expect(fresh.i18n.t('library:overview.title')).toBe('overview.title');
    await vi.waitFor(() => expect(fresh.i18n.t('library:overview.title')).toBe(nl.library.overview.title));
    expect(error).not.toHaveBeenCalled();
    // a key missing from a namespace that is here is an error (spec section 8)
    expect(fresh.i18n.t('library:overview.noSuchKey' as 'library:overview.title')).toBe('overview.noSuchKey');
    expect(error).toHaveBeenCalledTimes(1);
  });
});

describe('t (lib/i18n.ts, decision 014 "i18n without i18next")', () => {
  const errors = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);
  afterEach(async () => {
    await i18n.changeLanguage('nl');
  });

  it('reads nested keys of the default namespace, of the given one, and qualified ones', () => {
    expect(i18n.t('appName')).toBe(nl.common.appName);
    expect(i18n.t('common:errors.chunkTitle')).toBe(nl.common.errors.chunkTitle);
    const t = i18n.getFixedT(null, ['auth', 'common']);
    expect(t('errors.server')).toBe(nl.auth.errors.server);
    expect(t('common:appName')).toBe(nl.common.appName);
    expect(i18n.t('library:overview.title')).toBe(nl.library.overview.title);
  });

  it('picks the plural form of count with Intl.PluralRules, _zero first for 0, and interpolates count', () => {
    const t = i18n.getFixedT(null, 'library');
    expect(nl.library.search.resultCount_one).toContain('{{count}}');
    const fill = (text: string, count: number) => text.replace('{{count}}', String(count)).replace('{{query}}', 'recht');
    expect(t('search.resultCount', { count: 1, query: 'recht' })).toBe(fill(nl.library.search.resultCount_one, 1));
    expect(t('search.resultCount', { count: 7, query: 'recht' })).toBe(fill(nl.library.search.resultCount_other, 7));
    expect(t('search.resultCount', { count: 0, query: 'recht' })).toBe(fill(nl.library.search.resultCount_zero, 0));
    // No _zero form: 0 takes the language's own category (Dutch: other).
    expect(i18n.t('summary:offline.chaptersFailed', { count: 0 })).toBe(fill(nl.summary.offline.chaptersFailed_other, 0));
    expect(i18n.t('summary:offline.chaptersFailed', { count: 1 })).toBe(fill(nl.summary.offline.chaptersFailed_one, 1));
  });

  it('interpolates {{var}} without escaping and leaves a variable that was not passed as written', () => {
    const t = i18n.getFixedT(null, 'auth');
    expect(t('errors.password_too_long', { max: 64 })).toBe(nl.auth.errors.password_too_long.replace('{{max}}', '64'));
    expect(t('errors.password_too_long', { max: '<b>&' })).toContain('<b>&');
    expect(t('errors.password_too_long')).toBe(nl.auth.errors.password_too_long);
  });

  it('logs a missing key as a console error (spec section 8) and shows the key without namespace', () => {
    const error = errors();
    expect(i18n.t('common:does.not.exist' as never)).toBe('does.not.exist');
    expect(error).toHaveBeenCalledWith('Missing translation key "common:does.not.exist" for nl');
    expect(i18n.t('nowhere:key' as never)).toBe('key');
    expect(error).toHaveBeenCalledTimes(2);
    // in English the key was looked for in English, then in Dutch
    expect(i18n.getFixedT('en', 'common')('does.not.exist' as never)).toBe('does.not.exist');
    expect(error).toHaveBeenLastCalledWith('Missing translation key "common:does.not.exist" for en, nl');
  });

  it('finds a bundle added later, and keeps texts it already had', () => {
    const error = errors();
    const t = i18n.getFixedT(null, 'common');
    expect(t('test-bundle:greeting' as never, { name: 'Sanne' } as never)).toBe('greeting');
    i18n.addResourceBundle('nl', 'test-bundle', { greeting: 'Hoi {{name}}', nested: { one: 'een' } });
    i18n.addResourceBundle('nl', 'test-bundle', { greeting: 'overschreven', nested: { two: 'twee' } });
    expect(t('test-bundle:greeting' as never, { name: 'Sanne' } as never)).toBe('Hoi Sanne');
    expect(t('test-bundle:nested.one' as never)).toBe('een');
    expect(t('test-bundle:nested.two' as never)).toBe('twee');
    expect(error).toHaveBeenCalledTimes(1);
  });

  it('uses English where it has the key and Dutch for the rest, and re-renders on a language change', async () => {
    function Probe() {
      const { t, i18n: instance } = useTranslation(['pwa', 'common']);
      return createElement('p', null, `${instance.language}|${t('offline')}|${t('common:appName')}`);
    }
    render(createElement(Probe));
    expect(screen.getByText(`nl|${nl.pwa.offline}|${nl.common.appName}`)).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('nl');
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByText(`en|${en.pwa.offline}|${nl.common.appName}`)).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.getFixedT('en', 'auth')('errors.server')).toBe(en.auth.errors.server);
    expect(i18n.getFixedT('nl', 'auth')('errors.server')).toBe(nl.auth.errors.server);
    await act(() => i18n.changeLanguage('de'));
    expect(i18n.language).toBe('nl');
  });

  it('keeps t the same function while the language stays', () => {
    expect(i18n.getFixedT(null, ['library', 'common'])).toBe(i18n.getFixedT('nl', 'library'));
  });
});

describe('locale files use only what lib/i18n.ts supports', () => {
  it('has no nesting, formats, unescaped or context interpolation, and only string leaves', () => {
    const bad: string[] = [];
    const walk = (node: unknown, path: string) => {
      if (typeof node === 'string') {
        for (const match of node.matchAll(/\{\{(.*?)\}\}/g)) if (!/^\s*[A-Za-z_][\w.]*\s*$/.test(match[1]!)) bad.push(`${path}: ${match[0]}`);
        if (node.includes('$t(')) bad.push(`${path}: $t(`);
      } else if (node !== null && typeof node === 'object') {
        for (const [key, value] of Object.entries(node)) {
          if (key.includes('.') || key.includes(':')) bad.push(`${path}.${key}: separator in key`);
          walk(value, `${path}.${key}`);
        }
      } else bad.push(`${path}: not a string`);
    };
    walk(nl, 'nl');
    walk(en, 'en');
    expect(bad).toEqual([]);
  });
});
