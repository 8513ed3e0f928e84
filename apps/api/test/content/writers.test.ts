import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSubjectFolder, type LoadedSubject } from '@blok/content/load';
import type { DatabaseHandle, Executor } from '@blok/db';
import { contentWriters, type ContentWriters } from '../../src/content/importer.ts';
import { DIALECTS, openTestDatabase } from '../helpers.ts';

/*
 * Each owner's writer of the catalogue's tables on its own (decision 041): what it writes of a
 * subject, what it removes when the subject no longer has it, and which of its ids another subject
 * holds. The importer's and the studio's tests cover them together.
 */

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');
/** fx-psychologie: one summary of three chapters (fx-psy-h1..h3), list fx-psy-vragen-h1 (fx-psy-v1 SELECT, fx-psy-v2 OPEN), an image */
const PSY = join(FIXTURES, 'library-courses', 'fx-psychologie');
/** fx-kaarten: one chapter, sets fx-set-a (fx-a-1..3) and fx-set-b (fx-b-1, fx-b-2), an image */
const CARDS = join(FIXTURES, 'flashcards-courses', 'fixture-kaarten');

const imagesOf = (s: LoadedSubject) => new Map([...s.images.keys()].map((p) => [p, s.readImage(p)] as const));

describe.each(DIALECTS)('the owners\' content writers on %s', (dialect) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let writers: ContentWriters;
  const inTx = <T>(work: (trx: Executor) => Promise<T>) => handle.db.transaction().execute(work);

  beforeAll(async () => {
    ({ handle, cleanup } = await openTestDatabase(dialect));
    writers = contentWriters();
  });
  afterAll(async () => cleanup?.());

  it('library: writes the subject with its hash, audiences, images, summaries and chapters, and removes a vanished chapter', async () => {
    const s = loadSubjectFolder(PSY);
    await inTx((trx) => writers.library.write(trx, s, { hash: 'hash-1', images: imagesOf(s) }));
    const db = handle.db;
    expect(await writers.library.storedHash(db, 'fx-psychologie')).toBe('hash-1');
    expect(await db.selectFrom('subject_audiences').select(['study', 'year']).where('subject_id', '=', 'fx-psychologie').execute()).toEqual([{ study: 'psychologie', year: 'bachelor-1' }]);
    expect(await db.selectFrom('content_images').select(['name', 'mime']).where('subject_id', '=', 'fx-psychologie').execute()).toEqual([{ name: 'fx-diagram.svg', mime: 'image/svg+xml' }]);
    const chapters = await db.selectFrom('chapters').select(['id', 'title', 'question_list_id', 'html', 'start_index', 'end_index']).where('subject_id', '=', 'fx-psychologie').orderBy('sort_index').execute();
    expect(chapters.map((c) => [c.id, c.title, c.question_list_id])).toEqual([
      ['fx-psy-h1', 'Wat is <em>psychologie</em>?', 'fx-psy-vragen-h1'],
      ['fx-psy-h2', 'Geheugen', null],
      ['fx-psy-h3', 'Leren', null],
    ]);
    // the chapters follow each other in the summary's words, rendered by the reader's renderer
    expect(chapters[1]!.start_index).toBe(chapters[0]!.end_index);
    expect(chapters[0]!.html).toContain('<h');

    // one more upload keeps its name once; a chapter gone from the subject goes at removeStale
    await inTx((trx) => writers.library.addImage(trx, 'fx-psychologie', 'extra.png', 'image/png', Buffer.from('png')));
    await inTx((trx) => writers.library.addImage(trx, 'fx-psychologie', 'extra.png', 'image/png', Buffer.from('png')));
    expect(await db.selectFrom('content_images').select('name').where('subject_id', '=', 'fx-psychologie').orderBy('name').execute()).toEqual([{ name: 'extra.png' }, { name: 'fx-diagram.svg' }]);
    const fewer: LoadedSubject = { ...s, summaries: s.summaries.map((x) => ({ ...x, chapters: x.chapters.slice(0, 2) })) };
    await inTx(async (trx) => {
      await writers.library.write(trx, fewer, { hash: 'hash-2', images: imagesOf(fewer) });
      await writers.library.removeStale(trx, fewer);
    });
    expect((await db.selectFrom('chapters').select('id').where('subject_id', '=', 'fx-psychologie').orderBy('sort_index').execute()).map((c) => c.id)).toEqual(['fx-psy-h1', 'fx-psy-h2']);
    // a write replaces the images with the subject's own
    expect(await db.selectFrom('content_images').select('name').where('subject_id', '=', 'fx-psychologie').execute()).toEqual([{ name: 'fx-diagram.svg' }]);

    // its ids in another subject's claims, and only its own kinds
    const foreign = await writers.library.idsOfOtherSubjects(db, 'fx-ander', [['hoofdstuk', 'fx-psy-h1'], ['samenvatting', 'fx-psy-samenvatting'], ['hoofdstuk', 'nieuw'], ['vraag', 'fx-psy-v1']]);
    expect(foreign).toEqual([
      { kind: 'samenvatting', id: 'fx-psy-samenvatting', subjectId: 'fx-psychologie' },
      { kind: 'hoofdstuk', id: 'fx-psy-h1', subjectId: 'fx-psychologie' },
    ]);
    expect(await writers.library.idsOfOtherSubjects(db, 'fx-psychologie', [['hoofdstuk', 'fx-psy-h1']])).toEqual([]);
  });

  it('questions: writes lists, questions and answers, names the questions whose answers no longer count, removes vanished ones', async () => {
    const s = loadSubjectFolder(PSY);
    await inTx((trx) => writers.library.write(trx, s, { hash: 'h', images: imagesOf(s) }));
    expect(await inTx((trx) => writers.questions.write(trx, s))).toEqual({ outdatedQuestions: [] });
    const db = handle.db;
    expect(await db.selectFrom('questions').select(['id', 'type', 'answer_version', 'model_answer']).where('subject_id', '=', 'fx-psychologie').orderBy('sort_index').execute()).toEqual([
      { id: 'fx-psy-v1', type: 'SELECT', answer_version: 1, model_answer: null },
      { id: 'fx-psy-v2', type: 'OPEN', answer_version: 1, model_answer: 'Het behaviorisme.' },
    ]);
    expect(await db.selectFrom('answers').select(['id', 'is_correct']).where('question_id', '=', 'fx-psy-v1').orderBy('sort_index').execute()).toEqual([
      { id: 'fx-psy-v1-a1', is_correct: 1 },
      { id: 'fx-psy-v1-a2', is_correct: 0 },
    ]);

    // the correct answer of v1 moves to a2, v2 goes: both are named, v1's version grows, v2 is removed
    const [list] = s.questionLists;
    const v1 = list!.questions[0]!;
    if (v1.type !== 'SELECT') throw new Error('fixture: fx-psy-v1 is a choice question');
    const changed: LoadedSubject = {
      ...s,
      questionLists: [{ ...list!, questions: [{ ...v1, answers: v1.answers.map((a) => ({ ...a, correct: !a.correct })) }] }],
    };
    const written = await inTx(async (trx) => {
      const result = await writers.questions.write(trx, changed);
      await writers.questions.removeStale(trx, changed);
      return result;
    });
    expect(written).toEqual({ outdatedQuestions: ['fx-psy-v1', 'fx-psy-v2'] });
    expect(await db.selectFrom('questions').select(['id', 'answer_version']).where('subject_id', '=', 'fx-psychologie').execute()).toEqual([{ id: 'fx-psy-v1', answer_version: 2 }]);
    expect(await writers.questions.idsOfOtherSubjects(db, 'fx-ander', [['vragenlijst', 'fx-psy-vragen-h1'], ['vraag', 'fx-psy-v1'], ['vraag', 'fx-psy-v2'], ['hoofdstuk', 'fx-psy-h1']])).toEqual([
      { kind: 'vragenlijst', id: 'fx-psy-vragen-h1', subjectId: 'fx-psychologie' },
      { kind: 'vraag', id: 'fx-psy-v1', subjectId: 'fx-psychologie' },
    ]);
  });

  it('flashcards: writes sets and rendered cards, and removes a vanished card and set', async () => {
    const s = loadSubjectFolder(CARDS);
    await inTx(async (trx) => {
      await writers.library.write(trx, s, { hash: 'h', images: imagesOf(s) });
      await writers.flashcards.write(trx, s);
    });
    const db = handle.db;
    const cards = await db.selectFrom('flashcards').select(['id', 'flashcard_set_id', 'front_html', 'back_picture']).where('subject_id', '=', 'fx-kaarten').orderBy('flashcard_set_id').orderBy('sort_index').execute();
    expect(cards.map((c) => c.id)).toEqual(['fx-a-1', 'fx-a-2', 'fx-a-3', 'fx-b-1', 'fx-b-2']);
    expect(cards[1]!.back_picture).toBe('images/diagram.svg');
    expect(cards[0]!.front_html).not.toBe('');

    const fewer: LoadedSubject = { ...s, flashcardSets: [{ ...s.flashcardSets[0]!, cards: s.flashcardSets[0]!.cards.slice(1) }] };
    await inTx(async (trx) => {
      await writers.flashcards.write(trx, fewer);
      await writers.flashcards.removeStale(trx, fewer);
    });
    expect((await db.selectFrom('flashcards').select('id').where('subject_id', '=', 'fx-kaarten').orderBy('sort_index').execute()).map((c) => c.id)).toEqual(['fx-a-2', 'fx-a-3']);
    expect((await db.selectFrom('flashcard_sets').select('id').where('subject_id', '=', 'fx-kaarten').execute()).map((x) => x.id)).toEqual(['fx-set-a']);
    expect(await writers.flashcards.idsOfOtherSubjects(db, 'fx-ander', [['flashcardset', 'fx-set-a'], ['flashcard', 'fx-a-2'], ['flashcard', 'fx-a-1']])).toEqual([
      { kind: 'flashcardset', id: 'fx-set-a', subjectId: 'fx-kaarten' },
      { kind: 'flashcard', id: 'fx-a-2', subjectId: 'fx-kaarten' },
    ]);
  });
});
