import { renderCardHtml } from '../content/render.ts';
import { foreignIds, type ElsewhereQueries, type FlashcardsContentWriter } from '../content/writers.ts';

/*
 * The flashcards' part of the content import (decision 041): a subject's flashcard sets and cards,
 * written on the import's transaction. The importer (content/importer.ts) says when; this file
 * says how.
 */

/** Where each kind of id lives: one query per table, each naming its table (decision 020). */
const ELSEWHERE: ElsewhereQueries = {
  flashcardset: (db, ids, subjectId) => db.selectFrom('flashcard_sets').select(['id', 'subject_id']).where('id', 'in', ids).where('subject_id', '!=', subjectId).execute(),
  flashcard: (db, ids, subjectId) => db.selectFrom('flashcards').select(['id', 'subject_id']).where('id', 'in', ids).where('subject_id', '!=', subjectId).execute(),
};

export const flashcardsContentWriter: FlashcardsContentWriter = {
  idsOfOtherSubjects: (db, subjectId, claims) => foreignIds(ELSEWHERE, db, subjectId, claims),

  // Flashcard sets and cards, upserted by id: favorites, sessions and schedules keep pointing at them.
  async write(trx, s) {
    const id = s.manifest.id;
    for (const set of s.flashcardSets) {
      const setRow = { subject_id: id, title: set.title, description: set.description, sort_index: set.sortIndex, chapter_id: set.chapter ?? null };
      await trx.insertInto('flashcard_sets').values({ id: set.id, ...setRow }).onConflict((oc) => oc.column('id').doUpdateSet(setRow)).execute();
      for (const [ci, card] of set.cards.entries()) {
        const cardRow = {
          flashcard_set_id: set.id,
          subject_id: id,
          sort_index: ci,
          front_markdown: card.front,
          back_markdown: card.back,
          front_html: renderCardHtml(card.front, id),
          back_html: renderCardHtml(card.back, id),
          front_picture: card.frontPicture ?? null,
          back_picture: card.backPicture ?? null,
        };
        await trx.insertInto('flashcards').values({ id: card.id, ...cardRow }).onConflict((oc) => oc.column('id').doUpdateSet(cardRow)).execute();
      }
    }
  },

  async removeStale(trx, s) {
    const id = s.manifest.id;
    const setIds = s.flashcardSets.map((x) => x.id);
    const cardIds = s.flashcardSets.flatMap((x) => x.cards.map((c) => c.id));
    let staleCards = trx.deleteFrom('flashcards').where('subject_id', '=', id);
    if (cardIds.length) staleCards = staleCards.where('id', 'not in', cardIds);
    await staleCards.execute();
    let staleSets = trx.deleteFrom('flashcard_sets').where('subject_id', '=', id);
    if (setIds.length) staleSets = staleSets.where('id', 'not in', setIds);
    await staleSets.execute();
  },
};
