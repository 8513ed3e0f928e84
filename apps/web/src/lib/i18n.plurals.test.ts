import { describe, expect, it } from 'vitest';
import * as nl from '../locales/nl/index.ts';
import { i18n, loadLaterNamespaces } from './i18n.ts';

// Issue 26: 'Je hebt alle 1 kaarten'. Every Dutch string that puts a number before a countable
// noun is a plural key (_one / _other), with the number that decides the noun as `count`.
const PLURAL_NOUNS = [
  'hoofdstukken', 'kaarten', 'flashcards', 'vragen', 'oefenvragen', 'vakken', 'samenvattingen', 'antwoorden', 'begrippen',
  'tekens', 'minuten', 'dagen', 'weken', 'maanden', 'jaren', 'uren', 'pagina’s', "pagina's", 'apparaten', 'studenten', 'sets', 'lijsten',
];
const NUMBER_BEFORE_NOUN = new RegExp(`\\{\\{\\s*(\\w+)\\s*\\}\\}\\s+(?:[\\p{L}-]+\\s+){0,2}?(${PLURAL_NOUNS.join('|')})(?![\\p{L}])`, 'iu');

/** Numbers that are fixed limits, never 1. */
const FIXED_LIMITS = new Set(['auth:errors.password_too_long', 'ownCards:editor.tagTooLong', 'ownCards:editor.tagsTooMany']);

type Leaf = { key: string; text: string };
function leaves(node: object, path: string): Leaf[] {
  return Object.entries(node).flatMap(([key, value]) => (typeof value === 'string' ? [{ key: `${path}${key}`, text: value }] : leaves(value as object, `${path}${key}.`)));
}
const all = Object.entries(nl).flatMap(([ns, resources]) => leaves(resources, `${ns}:`));

describe('Dutch plurals', () => {
  it('has no number before a plural noun outside a plural key', () => {
    const offenders = all.filter(({ key, text }) => !/_(zero|one|other)$/.test(key) && !FIXED_LIMITS.has(key) && NUMBER_BEFORE_NOUN.test(text)).map(({ key, text }) => `${key}: ${text}`);
    expect(offenders).toEqual([]);
  });

  it('counts with `count` in every plural key that puts a number before its noun', () => {
    const wrong = all
      .filter(({ key }) => /_other$/.test(key))
      .filter(({ text }) => NUMBER_BEFORE_NOUN.test(text) && NUMBER_BEFORE_NOUN.exec(text)![1] !== 'count' && !/\{\{count\}\}/.test(text))
      .map(({ key, text }) => `${key}: ${text}`);
    expect(wrong).toEqual([]);
  });

  it('reads one card, chapter and question in the singular', async () => {
    await loadLaterNamespaces();
    const t = i18n.t as unknown as (key: string, options: object) => string;
    expect(t('flashcards:end.text', { count: 1, title: 'H1' })).toBe('Je hebt de enige kaart van H1 gehad.');
    expect(t('flashcards:end.text', { count: 2, title: 'H1' })).toBe('Je hebt alle 2 kaarten van H1 gehad.');
    expect(t('library:subject.read', { read: 0, count: 1 })).toBe('0 van 1 hoofdstuk gelezen');
    expect(t('questions:results.progressText', { answered: 1, count: 1 })).toBe('1 van 1 vraag beantwoord');
    expect(t('flashcards:interval.spokenDays', { count: 1 })).toBe('over 1 dag');
  });
});
