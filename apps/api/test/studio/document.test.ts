import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import type { StudioDocument } from '@blok/contract';
import { loadSubject, loadSubjectFolder } from '@blok/content/load';
import { changeList, checkDocument, documentSource, loadedToDocument, parseDocument } from '../../src/studio/document.ts';

/** fx-kaarten: set fx-set-a (fx-a-1..3, a back picture) and fx-set-b (fx-b-1 with a front picture, fx-b-2). */
const CARDS_DIR = join(import.meta.dirname, '..', 'fixtures', 'flashcards-courses', 'fixture-kaarten');
const IMAGES = new Map([['images/diagram.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')]]);

const fromFolder = () => loadedToDocument(loadSubjectFolder(CARDS_DIR));

describe('flashcard sets in the studio document', () => {
  it('reads a folder\'s sets card for card, and gives the importer content it loads back to the same document', () => {
    const doc = fromFolder();
    expect(doc.flashcardSets.map((s) => [s.id, s.title, s.chapter ?? null, s.cards.map((c) => c.id)])).toEqual([
      ['fx-set-a', 'Flashcards H1: begrippen', 'fx-kaarten-h1', ['fx-a-1', 'fx-a-2', 'fx-a-3']],
      ['fx-set-b', 'Flashcards H2: toepassingen', null, ['fx-b-1', 'fx-b-2']],
    ]);
    expect(doc.flashcardSets[0]!.cards[1]).toMatchObject({ backPicture: 'images/diagram.svg' });
    expect(doc.flashcardSets[1]!.cards[0]).toMatchObject({ frontPicture: 'images/diagram.svg' });

    const edited = structuredClone(doc);
    edited.flashcardSets.reverse();
    edited.flashcardSets[0]!.cards.push({ id: 'fx-b-3', front: 'Nieuw', back: 'Kaart' });
    const source = documentSource(edited, IMAGES);
    expect(source.readData('flashcards/fx-set-b.yaml')).toMatchObject({ sortIndex: 0 });
    const again = loadedToDocument(loadSubject(source));
    expect(again).toEqual(edited);
    expect(checkDocument(edited, IMAGES).problems).toEqual([]);
  });

  it('names the set and the card of each problem, as she types', () => {
    const doc = fromFolder();
    doc.flashcardSets[0]!.cards[2]!.back = '  ';
    doc.flashcardSets[1]!.title = '';
    doc.flashcardSets[1]!.cards[1]!.id = 'fx-a-1';
    doc.flashcardSets.push({ id: 'fx-set-leeg', title: 'Leeg', description: 'Nog geen kaarten.', cards: [] });
    const { problems } = checkDocument(doc, IMAGES);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ set: 'fx-set-a', card: 'fx-a-3', field: 'cards.2.back', message: 'achterkant ontbreekt' }),
        expect.objectContaining({ set: 'fx-set-b', field: 'title', message: 'titel ontbreekt' }),
        expect.objectContaining({ set: 'fx-set-leeg', field: 'cards', message: 'een set heeft minstens één kaart' }),
      ]),
    );
    // the duplicate id is found across sets, and the missing picture too
    const dup = fromFolder();
    dup.flashcardSets[1]!.cards[1]!.id = 'fx-a-1';
    dup.flashcardSets[1]!.cards[0]!.frontPicture = 'images/weg.png';
    expect(checkDocument(dup, IMAGES).problems).toEqual([
      expect.objectContaining({ set: 'fx-set-b', card: 'fx-b-1', field: 'cards.0.frontPicture', message: 'afbeelding images/weg.png bestaat niet' }),
      expect.objectContaining({ set: 'fx-set-b', card: 'fx-a-1', field: 'cards.1.id', message: 'dubbele id fx-a-1' }),
    ]);
  });

  it('refuses a picture without a description in a chapter or on a card, as the import does', () => {
    const doc = fromFolder();
    doc.summaries[0]!.chapters[0]!.markdown += '\n![](images/diagram.svg)\n\n![Een schema](images/diagram.svg)\n';
    doc.flashcardSets[1]!.cards[1]!.back = 'Zie ![ ](images/diagram.svg)';
    const { problems } = checkDocument(doc, IMAGES);
    expect(problems).toEqual([
      expect.objectContaining({ chapter: 'fx-kaarten-h1', field: 'afbeelding', message: expect.stringContaining('heeft geen beschrijving (alt-tekst)') }),
      expect.objectContaining({ set: 'fx-set-b', card: 'fx-b-2', field: 'cards.1.back', message: expect.stringContaining('heeft geen beschrijving') }),
    ]);
  });

  it('upgrades a stored draft whose sets are YAML text (before the card editor) to cards', () => {
    const doc = fromFolder();
    const legacy = {
      ...doc,
      flashcardSets: doc.flashcardSets.map((s, i) => ({ id: s.id, source: stringify({ ...s, sortIndex: i + 1 }) })),
    };
    expect(parseDocument(JSON.stringify(legacy))).toEqual(doc);
    const broken = parseDocument(JSON.stringify({ ...doc, flashcardSets: [{ id: 'fx-set-a', source: 'cards: [' }] }));
    expect(broken.flashcardSets).toEqual([{ id: 'fx-set-a', title: '', description: '', cards: [] }]);
  });

  it('lists flashcard changes in a release: sets added, renamed and removed, cards added, changed and removed', () => {
    const before = fromFolder();
    const after: StudioDocument = structuredClone(before);
    after.flashcardSets[0]!.title = 'Nieuwe titel';
    after.flashcardSets[0]!.cards[0]!.front = 'Anders';
    after.flashcardSets[0]!.cards.push({ id: 'fx-a-9', front: 'x', back: 'y' });
    after.flashcardSets.splice(1, 1);
    after.flashcardSets.push({ id: 'fx-set-z', title: 'Z', description: 'Z', cards: [{ id: 'fx-z-1', front: 'a', back: 'b' }] });
    expect(changeList(before, after)).toEqual([
      'Flashcardset hernoemd: Nieuwe titel',
      'Flashcardset toegevoegd: Z',
      'Flashcardset verwijderd: Flashcards H2: toepassingen',
      '2 flashcards toegevoegd',
      '1 flashcard verbeterd',
      '2 flashcards verwijderd',
    ]);
  });
});
