import { describe, expect, it } from 'vitest';
import type { StudioDocument } from '@blok/contract/studio';
import { markdownAlt } from '../components/image-upload.tsx';
import { moveItem, newFlashcard, newFlashcardSet } from './new-ids.ts';

const doc = { id: 'vak' } as StudioDocument;

describe('the studio\'s new flashcards and moves', () => {
  it('gives a new set one empty card, and every card its own id under its set', () => {
    const set = newFlashcardSet(doc);
    expect(set.id).toMatch(/^vak-f[0-9a-z]+$/);
    expect(set.cards).toHaveLength(1);
    expect(set.cards[0]!.id.startsWith(`${set.id}-k`)).toBe(true);
    const ids = new Set(Array.from({ length: 50 }, () => newFlashcard(set).id));
    expect(ids.size).toBeGreaterThan(45);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it('moves an item up or down and leaves the rest in order', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 2)).toEqual(['a', 'b', 'd', 'c']);
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 1)).toEqual(['b', 'a', 'c', 'd']);
    const items = ['a', 'b'];
    moveItem(items, 0, 1);
    expect(items).toEqual(['a', 'b']);
  });

  it('keeps an alt text on one line without brackets that would end the Markdown', () => {
    expect(markdownAlt('  Een [schema]\nvan   opvoeding ')).toBe('Een schema van opvoeding');
    expect(markdownAlt(' [ ] ')).toBe('');
  });
});
