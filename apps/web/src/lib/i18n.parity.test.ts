import { describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import * as nl from '../locales/nl/index.ts';
import * as en from '../locales/en/index.ts';
import { i18n } from './i18n.ts';

// lib/i18n.ts replaced i18next at run time (decision 014); i18next stays a devDependency for its key
// types and for this check: every key of every namespace, in both languages, with and without count
// and variables, reads the same as i18next with the options the app used to give it.
describe('lib/i18n.ts reads every key as i18next did', () => {
  it('matches i18next on every key, plural form and language', async () => {
    const reference = i18next.createInstance();
    await reference.init({
      resources: { nl, en },
      ns: Object.keys(nl),
      defaultNS: 'common',
      lng: 'nl',
      fallbackLng: 'nl',
      supportedLngs: ['nl', 'en'],
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
      showSupportNotice: false,
    });
    const keys = new Map<string, boolean>(); // key -> plural only
    const walk = (node: object, path: string) => {
      for (const [key, value] of Object.entries(node)) {
        if (typeof value !== 'string') walk(value as object, `${path}${key}.`);
        else if (/_(zero|one|other)$/.test(key)) keys.set(`${path}${key.replace(/_(zero|one|other)$/, '')}`, keys.get(`${path}${key.replace(/_(zero|one|other)$/, '')}`) ?? true);
        else keys.set(`${path}${key}`, false);
      }
    };
    for (const [ns, resources] of Object.entries(nl)) walk(resources, `${ns}:`);
    const variables = { title: 'Recht <1>', number: 3, total: 9, name: 'Sanne', query: 'recht & zo', max: 64, date: '1 mei' };
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const counted = [0, 1, 2, 21].map((count) => ({ ...variables, count }));
    const cases = [...keys].flatMap(([key, pluralOnly]) => (pluralOnly ? counted : [undefined, { ...variables }, ...counted]).map((options) => ({ key, options })));
    for (const lng of ['nl', 'en']) {
      const ours = i18n.getFixedT(lng, 'common') as unknown as (key: string, options?: object) => string;
      const theirs = reference.getFixedT(lng, 'common') as unknown as (key: string, options?: object) => string;
      for (const { key, options } of cases) expect(ours(key, options), `${lng} ${key} ${JSON.stringify(options)}`).toBe(theirs(key, options));
    }
    expect(cases.length).toBeGreaterThan(1000);
    expect(error).not.toHaveBeenCalled();

    // A missing key shows the same text (the key, interpolated) in both.
    for (const key of ['common:no.such.key', 'auth:errors.nope', 'nowhere:x']) expect(i18n.t(key as never, variables as never)).toBe(reference.t(key as never, variables as never));
    expect(error).toHaveBeenCalledTimes(3);
  });
});
