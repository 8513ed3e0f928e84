import { describe, expect, it } from 'vitest';
import * as all from '../locales/nl/index.ts';
import * as firstVisit from '../locales/nl/first-visit.ts';
import * as later from '../locales/nl/later.ts';
import { LATER_NAMESPACES, NAMESPACES } from './i18n.ts';

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
});
