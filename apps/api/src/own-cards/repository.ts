import {
  uuidv7,
  type Executor,
  type OwnFlashcardPicturesTable,
  type OwnFlashcardSetsTable,
  type OwnFlashcardShareLinksTable,
  type OwnFlashcardsTable,
} from '@blok/db';
import { yieldToLoop } from '../threads/yield.ts';
import type { FlashcardRow, FlashcardSessionRow, NewFlashcardSession, OwnStudyCard, OwnStudyStore, ScheduleRow, SessionCardRow } from '../flashcards/study-store.ts';

export type OwnSetRow = OwnFlashcardSetsTable;
export type OwnCardRow = OwnFlashcardsTable;
export type OwnPictureRow = OwnFlashcardPicturesTable;
export type OwnShareRow = OwnFlashcardShareLinksTable;

/** A set in her list, with its counts. */
export interface OwnSetListRow extends OwnSetRow {
  card_count: number;
  known_count: number;
  shared: number;
}

/** A new card as the service stores it (HTML already rendered, pictures already stored). */
export interface NewOwnCard {
  front_markdown: string;
  back_markdown: string;
  front_html: string;
  back_html: string;
  front_picture_id: string | null;
  back_picture_id: string | null;
  chapter_id: string | null;
  summary_id: string | null;
  /** JSON array of her tags */
  tags: string;
  /** the Anki note it came from (card import's JSON), or null */
  source_note: string | null;
}

/** A picture ready to store: re-encoded, its bytes already as base64 (made outside the transaction). */
export interface StoredPicture {
  mime: string;
  base64: string;
  /** its size in bytes */
  bytes: number;
}

const now = () => new Date().toISOString();

/** Base64 characters per statement of insertPictures: a few statements for an import's pictures, none of them long. */
const PICTURE_CHARS_PER_STATEMENT = 1024 * 1024;

/** Public URL of one of her card pictures: unguessable, like a profile picture (an <img> sends no bearer token). */
export const ownPictureUrl = (id: string) => `/api/own-card-pictures/${id}`;

/** Her own card in the shape the session engine reads (a content card's columns). */
const asFlashcardRow = (c: OwnCardRow, subjectId: string): FlashcardRow => ({
  id: c.id,
  flashcard_set_id: c.set_id,
  subject_id: subjectId,
  sort_index: c.sort_index,
  front_markdown: c.front_markdown,
  back_markdown: c.back_markdown,
  front_html: c.front_html,
  back_html: c.back_html,
  front_picture: c.front_picture_id,
  back_picture: c.back_picture_id,
});

/** Her card as the session engine reads it, with her verdict and star: what the set's page passes on (ownStudy). */
export const asStudyCard = (c: OwnCardRow, subjectId: string): OwnStudyCard => ({
  ...asFlashcardRow(c, subjectId),
  known: c.known === null ? null : c.known === 1,
  favorite: c.is_favorite === 1,
});

/** A card's FSRS columns as a schedule row (undefined: never reviewed). */
const scheduleOf = (c: Pick<OwnCardRow, 'id' | 'user_id' | 'set_id' | 'due' | 'stability' | 'difficulty' | 'elapsed_days' | 'scheduled_days' | 'learning_steps' | 'reps' | 'lapses' | 'state' | 'last_review' | 'schedule_version'>): ScheduleRow | undefined =>
  c.due === null
    ? undefined
    : {
        user_id: c.user_id,
        flashcard_id: c.id,
        subject_id: c.set_id,
        due: c.due,
        stability: c.stability ?? 0,
        difficulty: c.difficulty ?? 0,
        elapsed_days: c.elapsed_days ?? 0,
        scheduled_days: c.scheduled_days ?? 0,
        learning_steps: c.learning_steps ?? 0,
        reps: c.reps ?? 0,
        lapses: c.lapses ?? 0,
        state: c.state ?? 0,
        last_review: c.last_review,
        version: c.schedule_version,
      };

/**
 * The only code touching the own_flashcard_* tables: her sets, cards, pictures and share links, and
 * (as a StudyStore) her sessions over them, so the flashcard session engine runs on her cards
 * unchanged. A card has one student: favorite, verdict and FSRS state are columns of the card.
 */
export class OwnCardsRepository implements OwnStudyStore {
  constructor(private readonly db: Executor) {}

  pictureUrl(_subjectId: string, picture: string): string {
    return ownPictureUrl(picture);
  }

  // ------------------------------------------------------------------ search (issue 41)

  /** What her cards' search entries depend on: how many cards and sets, and when any last changed. */
  async searchFingerprint(userId: string): Promise<string> {
    const [cards, sets] = await Promise.all([
      this.db.selectFrom('own_flashcards').select((e) => [e.fn.countAll<number>().as('n'), e.fn.max('updated_at').as('at')]).where('user_id', '=', userId).executeTakeFirst(),
      this.db.selectFrom('own_flashcard_sets').select((e) => [e.fn.countAll<number>().as('n'), e.fn.max('updated_at').as('at')]).where('user_id', '=', userId).executeTakeFirst(),
    ]);
    return `${Number(cards?.n ?? 0)}/${cards?.at ?? ''}/${Number(sets?.n ?? 0)}/${sets?.at ?? ''}`;
  }

  /** Her cards with their sets' titles, for search. */
  cardsForSearch(userId: string): Promise<Array<{ id: string; set_id: string; set_title: string; front_markdown: string; back_markdown: string }>> {
    return this.db
      .selectFrom('own_flashcards as c')
      .innerJoin('own_flashcard_sets as s', 's.id', 'c.set_id')
      .select(['c.id', 'c.set_id', 's.title as set_title', 'c.front_markdown', 'c.back_markdown'])
      .where('c.user_id', '=', userId)
      .execute();
  }

  // ------------------------------------------------------------------ sets

  findSet(userId: string, setId: string): Promise<OwnSetRow | undefined> {
    return this.db.selectFrom('own_flashcard_sets').selectAll().where('id', '=', setId).where('user_id', '=', userId).executeTakeFirst();
  }

  /** Her sets in her order, with card and known counts and whether a share link is active. */
  listSets(userId: string, subjectId?: string, courseId?: string): Promise<OwnSetListRow[]> {
    let query = this.db
      .selectFrom('own_flashcard_sets')
      .selectAll('own_flashcard_sets')
      .select((eb) => [
        eb.selectFrom('own_flashcards').select(eb.fn.countAll<number>().as('n')).whereRef('own_flashcards.set_id', '=', 'own_flashcard_sets.id').as('card_count'),
        eb
          .selectFrom('own_flashcards')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('own_flashcards.set_id', '=', 'own_flashcard_sets.id')
          .where('own_flashcards.known', '=', 1)
          .as('known_count'),
        eb
          .selectFrom('own_flashcard_share_links')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('own_flashcard_share_links.set_id', '=', 'own_flashcard_sets.id')
          .where('own_flashcard_share_links.revoked_at', 'is', null)
          .as('shared'),
      ])
      .where('own_flashcard_sets.user_id', '=', userId);
    if (subjectId !== undefined) query = query.where('own_flashcard_sets.subject_id', '=', subjectId);
    if (courseId !== undefined) query = query.where('own_flashcard_sets.course_id', '=', courseId);
    return query
      .orderBy('own_flashcard_sets.sort_index')
      .orderBy('own_flashcard_sets.id')
      .execute()
      .then((rows) => rows.map((r) => ({ ...r, card_count: Number(r.card_count ?? 0), known_count: Number(r.known_count ?? 0), shared: Number(r.shared ?? 0) })));
  }

  async countSets(userId: string): Promise<number> {
    const row = await this.db.selectFrom('own_flashcard_sets').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async nextSetSortIndex(userId: string): Promise<number> {
    const row = await this.db.selectFrom('own_flashcard_sets').select((eb) => eb.fn.max('sort_index').as('m')).where('user_id', '=', userId).executeTakeFirst();
    return row?.m === null || row?.m === undefined ? 0 : Number(row.m) + 1;
  }

  async insertSet(input: { userId: string; subjectId: string | null; courseId?: string | null; title: string; description: string; sortIndex: number }): Promise<string> {
    const id = uuidv7();
    const ts = now();
    await this.db
      .insertInto('own_flashcard_sets')
      .values({ id, user_id: input.userId, subject_id: input.subjectId, course_id: input.courseId ?? null, title: input.title, description: input.description, sort_index: input.sortIndex, created_at: ts, updated_at: ts })
      .execute();
    return id;
  }

  async updateSet(setId: string, patch: { title: string; description: string; subjectId: string | null; courseId: string | null }): Promise<void> {
    await this.db
      .updateTable('own_flashcard_sets')
      .set({ title: patch.title, description: patch.description, subject_id: patch.subjectId, course_id: patch.courseId, updated_at: now() })
      .where('id', '=', setId)
      .execute();
  }

  async touchSet(setId: string): Promise<void> {
    await this.db.updateTable('own_flashcard_sets').set({ updated_at: now() }).where('id', '=', setId).execute();
  }

  async setSortIndex(setId: string, sortIndex: number): Promise<void> {
    await this.db.updateTable('own_flashcard_sets').set({ sort_index: sortIndex }).where('id', '=', setId).execute();
  }

  async deleteSet(setId: string): Promise<void> {
    await this.db.deleteFrom('own_flashcard_sets').where('id', '=', setId).execute();
  }

  // ------------------------------------------------------------------ cards

  cardsOfSet(setId: string): Promise<OwnCardRow[]> {
    return this.db.selectFrom('own_flashcards').selectAll().where('set_id', '=', setId).orderBy('sort_index').orderBy('id').execute();
  }

  findCard(userId: string, cardId: string): Promise<OwnCardRow | undefined> {
    return this.db.selectFrom('own_flashcards').selectAll().where('id', '=', cardId).where('user_id', '=', userId).executeTakeFirst();
  }

  async countCards(userId: string): Promise<number> {
    const row = await this.db.selectFrom('own_flashcards').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async countCardsInSet(setId: string): Promise<number> {
    const row = await this.db.selectFrom('own_flashcards').select((eb) => eb.fn.countAll<number>().as('n')).where('set_id', '=', setId).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async nextCardSortIndex(setId: string): Promise<number> {
    const row = await this.db.selectFrom('own_flashcards').select((eb) => eb.fn.max('sort_index').as('m')).where('set_id', '=', setId).executeTakeFirst();
    return row?.m === null || row?.m === undefined ? 0 : Number(row.m) + 1;
  }

  /** Adds cards at the end of a set, in the given order; returns their ids. */
  async insertCards(userId: string, setId: string, firstSortIndex: number, cards: NewOwnCard[]): Promise<string[]> {
    const ts = now();
    const rows = cards.map((c, i) => ({
      id: uuidv7(),
      set_id: setId,
      user_id: userId,
      sort_index: firstSortIndex + i,
      ...c,
      is_favorite: 0,
      known: null,
      due: null,
      stability: null,
      difficulty: null,
      elapsed_days: null,
      scheduled_days: null,
      learning_steps: null,
      reps: null,
      lapses: null,
      state: null,
      last_review: null,
      schedule_version: 0,
      created_at: ts,
      updated_at: ts,
    }));
    // a few hundred rows per statement keeps under both dialects' parameter limits; between them the
    // event loop answers requests that need no database (on SQLite the others' queries wait for the
    // one connection until the transaction commits: decision 024, addendum)
    for (let i = 0; i < rows.length; i += 200) {
      if (i > 0) await yieldToLoop();
      await this.db.insertInto('own_flashcards').values(rows.slice(i, i + 200)).execute();
    }
    return rows.map((r) => r.id);
  }

  async updateCardText(
    cardId: string,
    patch: Pick<NewOwnCard, 'front_markdown' | 'back_markdown' | 'front_html' | 'back_html' | 'chapter_id' | 'summary_id'> & Partial<Pick<NewOwnCard, 'tags' | 'source_note'>>,
  ): Promise<void> {
    await this.db.updateTable('own_flashcards').set({ ...patch, updated_at: now() }).where('id', '=', cardId).execute();
  }

  /**
   * Cards whose Markdown holds a `<` or `>`, after `afterId` in id order: those rendered before the
   * fix of 29-11-2026 lost the text between them ("a<b en c>d" showed "a**d**").
   */
  async cardsWithAngleBrackets(afterId: string, limit: number): Promise<Array<Pick<OwnCardRow, 'id' | 'user_id' | 'front_markdown' | 'back_markdown' | 'front_html' | 'back_html'>>> {
    return this.db
      .selectFrom('own_flashcards')
      .select(['id', 'user_id', 'front_markdown', 'back_markdown', 'front_html', 'back_html'])
      .where('id', '>', afterId)
      .where((eb) => eb.or([eb('front_markdown', 'like', '%<%'), eb('front_markdown', 'like', '%>%'), eb('back_markdown', 'like', '%<%'), eb('back_markdown', 'like', '%>%')]))
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** New HTML of a card's sides, made from the same Markdown (a renderer fix): not an edit of hers. */
  async setCardHtml(cardId: string, html: { front: string; back: string }, markdown: { front: string; back: string }): Promise<void> {
    // only while the Markdown is still what was rendered: an edit meanwhile rendered its own
    await this.db
      .updateTable('own_flashcards')
      .set({ front_html: html.front, back_html: html.back })
      .where('id', '=', cardId)
      .where('front_markdown', '=', markdown.front)
      .where('back_markdown', '=', markdown.back)
      .execute();
  }

  async setCardPicture(cardId: string, side: 'front' | 'back', pictureId: string | null): Promise<void> {
    const column = side === 'front' ? 'front_picture_id' : 'back_picture_id';
    // a changed picture: the card is no longer what its Anki note makes (source_note)
    await this.db.updateTable('own_flashcards').set({ [column]: pictureId, source_note: null, updated_at: now() }).where('id', '=', cardId).execute();
  }

  async setCardSortIndex(cardId: string, sortIndex: number): Promise<void> {
    await this.db.updateTable('own_flashcards').set({ sort_index: sortIndex }).where('id', '=', cardId).execute();
  }

  async deleteCard(cardId: string): Promise<void> {
    await this.db.deleteFrom('own_flashcards').where('id', '=', cardId).execute();
  }

  /** Her cards linked to chapters (readiness): per chapter, how many and how many she knows. */
  async chapterCounts(userId: string, chapterIds: string[]): Promise<Map<string, { cards: number; known: number }>> {
    const map = new Map<string, { cards: number; known: number }>();
    if (chapterIds.length === 0) return map;
    const rows = await this.db
      .selectFrom('own_flashcards')
      .select(['chapter_id', 'known'])
      .where('user_id', '=', userId)
      .where('chapter_id', 'in', chapterIds)
      .execute();
    for (const r of rows) {
      const entry = map.get(r.chapter_id!) ?? { cards: 0, known: 0 };
      entry.cards += 1;
      if (r.known === 1) entry.known += 1;
      map.set(r.chapter_id!, entry);
    }
    return map;
  }

  /**
   * Her sets in a subject in her order, each with the cards to go through: due by `dueUntil`
   * (spaced repetition), or, with null, the cards she does not know yet (never answered or 'Wist ik niet').
   */
  setsToStudy(userId: string, subjectId: string, dueUntil: string | null): Promise<Array<{ id: string; title: string; cards: number }>> {
    return this.setsToStudyWhere(userId, 'subject_id', subjectId, dueUntil);
  }

  /** Her cards in her sets of one of her courses, with her latest verdict and review (where she stands in it, decision 049). */
  courseCards(userId: string, courseId: string): Promise<Array<{ id: string; known: number | null; last_review: string | null }>> {
    return this.db
      .selectFrom('own_flashcards as c')
      .innerJoin('own_flashcard_sets as s', 's.id', 'c.set_id')
      .select(['c.id', 'c.known', 'c.last_review'])
      .where('s.user_id', '=', userId)
      .where('s.course_id', '=', courseId)
      .execute();
  }

  /** The course a set of hers is in, or null (personal, in a subject, or not hers). */
  async courseOfSet(userId: string, setId: string): Promise<string | null> {
    const row = await this.db.selectFrom('own_flashcard_sets').select('course_id').where('id', '=', setId).where('user_id', '=', userId).executeTakeFirst();
    return row?.course_id ?? null;
  }

  /** As setsToStudy, for her sets in one of her own courses (issue 41). */
  courseSetsToStudy(userId: string, courseId: string, dueUntil: string | null): Promise<Array<{ id: string; title: string; cards: number }>> {
    return this.setsToStudyWhere(userId, 'course_id', courseId, dueUntil);
  }

  private async setsToStudyWhere(userId: string, column: 'subject_id' | 'course_id', id: string, dueUntil: string | null): Promise<Array<{ id: string; title: string; cards: number }>> {
    const rows = await this.db
      .selectFrom('own_flashcard_sets as s')
      .select((eb) => [
        's.id',
        's.title',
        eb
          .selectFrom('own_flashcards as c')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('c.set_id', '=', 's.id')
          .where((w) => (dueUntil === null ? w.or([w('c.known', 'is', null), w('c.known', '=', 0)]) : w.and([w('c.due', 'is not', null), w('c.due', '<=', dueUntil)])))
          .as('cards'),
      ])
      .where('s.user_id', '=', userId)
      .where(`s.${column}`, '=', id)
      .orderBy('s.sort_index')
      .orderBy('s.id')
      .execute();
    return rows.map((r) => ({ id: r.id, title: r.title, cards: Number(r.cards ?? 0) }));
  }

  /** Per set of hers: how many different cards she answered in its sessions since an instant. */
  async answeredSince(userId: string, setIds: string[], since: string): Promise<Map<string, number>> {
    if (setIds.length === 0) return new Map();
    const rows = (await this.db
      .selectFrom('own_flashcard_session_cards as sc')
      .innerJoin('own_flashcard_sessions as ss', 'ss.id', 'sc.session_id')
      .select((eb) => ['ss.set_id', eb.fn.count('sc.card_id').distinct().as('n')])
      .where('ss.user_id', '=', userId)
      .where('ss.set_id', 'in', setIds)
      .where('sc.answered_at', '>=', since)
      .groupBy('ss.set_id')
      .execute()) as Array<{ set_id: string; n: number | string | bigint }>;
    return new Map(rows.map((r) => [r.set_id, Number(r.n)]));
  }

  // ------------------------------------------------------------------ pictures

  async insertPicture(userId: string, picture: { mime: string; data: Buffer }): Promise<string> {
    const id = uuidv7();
    await this.db
      .insertInto('own_flashcard_pictures')
      .values({ id, user_id: userId, mime: picture.mime, data_base64: picture.data.toString('base64'), bytes: picture.data.length, created_at: now() })
      .execute();
    return id;
  }

  /**
   * Stores pictures, a few per statement (about a megabyte of base64), with the event loop given
   * back between statements; returns their ids in the given order. Outside a unit of work each
   * statement is its own short transaction: an import stages its pictures so (decision 042), and
   * its command's transaction only links them.
   */
  async insertPictures(userId: string, pictures: StoredPicture[]): Promise<string[]> {
    const ts = now();
    const rows = pictures.map((p) => ({ id: uuidv7(), user_id: userId, mime: p.mime, data_base64: p.base64, bytes: p.bytes, created_at: ts }));
    for (let i = 0; i < rows.length; ) {
      if (i > 0) await yieldToLoop();
      let j = i + 1;
      for (let chars = rows[i]!.data_base64.length; j < rows.length && j - i < 100 && chars + rows[j]!.data_base64.length <= PICTURE_CHARS_PER_STATEMENT; j++) chars += rows[j]!.data_base64.length;
      await this.db.insertInto('own_flashcard_pictures').values(rows.slice(i, j)).execute();
      i = j;
    }
    return rows.map((r) => r.id);
  }

  /**
   * Removes at most `limit` pictures that no card shows and that were stored before `before`: what an
   * import staged for a command that then failed or never ran (a process that stopped in between).
   * Returns how many went.
   */
  async deleteUnlinkedPictures(before: string, limit: number): Promise<number> {
    const rows = await this.db
      .selectFrom('own_flashcard_pictures as p')
      .select('p.id')
      .where('p.created_at', '<', before)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('own_flashcards as c').select('c.id').where((eb) => eb.or([eb('c.front_picture_id', '=', eb.ref('p.id')), eb('c.back_picture_id', '=', eb.ref('p.id'))])))),
      )
      .limit(limit)
      .execute();
    await this.deletePictures(rows.map((r) => r.id));
    return rows.length;
  }

  /** A copy of a picture for another student (a shared set's), made by the database: its bytes never pass through here. */
  async copyPicture(userId: string, pictureId: string): Promise<string> {
    const id = uuidv7();
    await this.db
      .insertInto('own_flashcard_pictures')
      .columns(['id', 'user_id', 'mime', 'data_base64', 'bytes', 'created_at'])
      .expression((eb) =>
        eb
          .selectFrom('own_flashcard_pictures')
          .select((s) => [s.val(id).as('id'), s.val(userId).as('user_id'), 'mime', 'data_base64', 'bytes', s.val(now()).as('created_at')])
          .where('id', '=', pictureId),
      )
      .execute();
    return id;
  }

  findPicture(id: string): Promise<OwnPictureRow | undefined> {
    return this.db.selectFrom('own_flashcard_pictures').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Pictures by id with their bytes decoded, read 50 at a time with the event loop given back in
   * between: an export's 380 pictures (20 MB of base64) are never one long read (issue 38).
   */
  async pictureBytesByIds(ids: string[]): Promise<Map<string, { mime: string; data: Buffer }>> {
    const map = new Map<string, { mime: string; data: Buffer }>();
    const unique = [...new Set(ids)];
    for (let i = 0; i < unique.length; i += 50) {
      if (i > 0) await yieldToLoop();
      const rows = await this.db.selectFrom('own_flashcard_pictures').select(['id', 'mime', 'data_base64']).where('id', 'in', unique.slice(i, i + 50)).execute();
      for (const r of rows) map.set(r.id, { mime: r.mime, data: Buffer.from(r.data_base64, 'base64') });
    }
    return map;
  }

  async countPictures(userId: string): Promise<number> {
    const row = await this.db.selectFrom('own_flashcard_pictures').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async deletePictures(ids: Array<string | null>): Promise<void> {
    const real = ids.filter((id): id is string => id !== null);
    if (real.length) await this.db.deleteFrom('own_flashcard_pictures').where('id', 'in', real).execute();
  }

  /** The pictures of a set's cards (to delete them with the set). */
  async pictureIdsOfSet(setId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('own_flashcards').select(['front_picture_id', 'back_picture_id']).where('set_id', '=', setId).execute();
    return rows.flatMap((r) => [r.front_picture_id, r.back_picture_id]).filter((id): id is string => id !== null);
  }

  // ------------------------------------------------------------------ share links

  activeShare(setId: string): Promise<OwnShareRow | undefined> {
    return this.db.selectFrom('own_flashcard_share_links').selectAll().where('set_id', '=', setId).where('revoked_at', 'is', null).executeTakeFirst();
  }

  async insertShare(userId: string, setId: string, token: string): Promise<OwnShareRow> {
    const row = { token, set_id: setId, user_id: userId, created_at: now(), revoked_at: null };
    await this.db.insertInto('own_flashcard_share_links').values(row).execute();
    return row;
  }

  async revokeShares(setId: string): Promise<void> {
    await this.db.updateTable('own_flashcard_share_links').set({ revoked_at: now() }).where('set_id', '=', setId).where('revoked_at', 'is', null).execute();
  }

  findShare(token: string): Promise<OwnShareRow | undefined> {
    return this.db.selectFrom('own_flashcard_share_links').selectAll().where('token', '=', token).executeTakeFirst();
  }

  /** The set a share link points at, whoever owns it (the link is the permission). */
  setOfShare(share: OwnShareRow): Promise<OwnSetRow | undefined> {
    return this.findSet(share.user_id, share.set_id);
  }

  // ------------------------------------------------------------------ study (the session engine's store)

  /** Her cards of a set in the engine's shape, written order. */
  async studyCards(set: OwnSetRow): Promise<FlashcardRow[]> {
    return (await this.cardsOfSet(set.id)).map((c) => asFlashcardRow(c, set.subject_id ?? ''));
  }

  async createSession(input: NewFlashcardSession): Promise<string> {
    const id = uuidv7();
    const ts = now();
    await this.db
      .insertInto('own_flashcard_sessions')
      .values({
        id,
        user_id: input.userId,
        set_id: input.flashcardSetId!,
        source: input.source,
        title: input.title,
        card_order: input.order,
        first_side: input.firstSide,
        only_unknown: input.onlyUnknown ? 1 : 0,
        current_index: 0,
        created_at: ts,
        updated_at: ts,
        finished_at: null,
      })
      .execute();
    if (input.cardIds.length) {
      await this.db
        .insertInto('own_flashcard_session_cards')
        .values(input.cardIds.map((cardId, position) => ({ session_id: id, position, card_id: cardId, known: null, rating: null, answered_at: null })))
        .execute();
    }
    return id;
  }

  async findSession(userId: string, sessionId: string): Promise<FlashcardSessionRow | undefined> {
    const row = await this.db
      .selectFrom('own_flashcard_sessions')
      .innerJoin('own_flashcard_sets', 'own_flashcard_sets.id', 'own_flashcard_sessions.set_id')
      .selectAll('own_flashcard_sessions')
      .select('own_flashcard_sets.subject_id')
      .where('own_flashcard_sessions.id', '=', sessionId)
      .where('own_flashcard_sessions.user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return undefined;
    const { set_id, subject_id, ...rest } = row;
    return { ...rest, subject_id: subject_id ?? '', flashcard_set_id: set_id };
  }

  async sessionCards(sessionId: string): Promise<SessionCardRow[]> {
    const rows = await this.db
      .selectFrom('own_flashcard_session_cards')
      .innerJoin('own_flashcards', 'own_flashcards.id', 'own_flashcard_session_cards.card_id')
      .selectAll('own_flashcards')
      .select(['own_flashcard_session_cards.position', 'own_flashcard_session_cards.known as session_known', 'own_flashcard_session_cards.rating'])
      .where('own_flashcard_session_cards.session_id', '=', sessionId)
      .orderBy('own_flashcard_session_cards.position')
      .execute();
    return rows.map((r) => ({ ...asFlashcardRow(r, ''), position: r.position, known: r.session_known, rating: r.rating }));
  }

  async sessionFavoriteIds(userId: string, sessionId: string): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('own_flashcard_session_cards')
      .innerJoin('own_flashcards', 'own_flashcards.id', 'own_flashcard_session_cards.card_id')
      .select('own_flashcards.id')
      .where('own_flashcard_session_cards.session_id', '=', sessionId)
      .where('own_flashcards.user_id', '=', userId)
      .where('own_flashcards.is_favorite', '=', 1)
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  async answerCard(sessionId: string, position: number, patch: { known: boolean; rating?: number }): Promise<void> {
    await this.db
      .updateTable('own_flashcard_session_cards')
      .set({ known: patch.known ? 1 : 0, rating: patch.rating ?? null, answered_at: now() })
      .where('session_id', '=', sessionId)
      .where('position', '=', position)
      .execute();
  }

  async updateSession(sessionId: string, patch: { current_index: number; finished_at?: string | null }): Promise<void> {
    await this.db
      .updateTable('own_flashcard_sessions')
      .set({ current_index: patch.current_index, ...(patch.finished_at === undefined ? {} : { finished_at: patch.finished_at }), updated_at: now() })
      .where('id', '=', sessionId)
      .execute();
  }

  /** Her latest unfinished session per source of a set ('set', 'favorites', 'review'). */
  async openSessions(userId: string, setId: string): Promise<Map<string, string>> {
    const rows = await this.db
      .selectFrom('own_flashcard_sessions')
      .select(['id', 'source'])
      .where('user_id', '=', userId)
      .where('set_id', '=', setId)
      .where('finished_at', 'is', null)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const open = new Map<string, string>();
    for (const r of rows) if (!open.has(r.source)) open.set(r.source, r.id);
    return open;
  }

  async knowledge(userId: string, cardIds: string[]): Promise<Map<string, boolean>> {
    const map = new Map<string, boolean>();
    if (cardIds.length === 0) return map;
    const rows = await this.db.selectFrom('own_flashcards').select(['id', 'known']).where('user_id', '=', userId).where('id', 'in', cardIds).where('known', 'is not', null).execute();
    for (const r of rows) map.set(r.id, r.known === 1);
    return map;
  }

  async setKnowledge(userId: string, cardId: string, known: boolean): Promise<void> {
    await this.db.updateTable('own_flashcards').set({ known: known ? 1 : 0 }).where('id', '=', cardId).where('user_id', '=', userId).execute();
  }

  async favoriteIds(userId: string, cardIds: string[]): Promise<Set<string>> {
    if (cardIds.length === 0) return new Set();
    const rows = await this.db.selectFrom('own_flashcards').select('id').where('user_id', '=', userId).where('id', 'in', cardIds).where('is_favorite', '=', 1).execute();
    return new Set(rows.map((r) => r.id));
  }

  async setFavorite(userId: string, cardId: string, isFavorite: boolean): Promise<void> {
    await this.db.updateTable('own_flashcards').set({ is_favorite: isFavorite ? 1 : 0 }).where('id', '=', cardId).where('user_id', '=', userId).execute();
  }

  async schedules(userId: string, cardIds: string[]): Promise<Map<string, ScheduleRow>> {
    const map = new Map<string, ScheduleRow>();
    if (cardIds.length === 0) return map;
    const rows = await this.db.selectFrom('own_flashcards').selectAll().where('user_id', '=', userId).where('id', 'in', cardIds).execute();
    for (const r of rows) {
      const schedule = scheduleOf(r);
      if (schedule) map.set(r.id, schedule);
    }
    return map;
  }

  /** Her scheduled cards of a set due by `until`, earliest first. */
  async dueSchedules(userId: string, setId: string, until: string): Promise<ScheduleRow[]> {
    const rows = await this.db
      .selectFrom('own_flashcards')
      .selectAll()
      .where('user_id', '=', userId)
      .where('set_id', '=', setId)
      .where('due', 'is not', null)
      .where('due', '<=', until)
      .orderBy('due')
      .orderBy('id')
      .execute();
    return rows.map((r) => scheduleOf(r)!);
  }

  async scheduledCardIds(userId: string, setId: string): Promise<Set<string>> {
    const rows = await this.db.selectFrom('own_flashcards').select('id').where('user_id', '=', userId).where('set_id', '=', setId).where('due', 'is not', null).execute();
    return new Set(rows.map((r) => r.id));
  }

  /** Compare-and-set on the card's schedule version: false when another review got there first. */
  async saveSchedule(row: ScheduleRow, expectedVersion: number): Promise<boolean> {
    const updated = await this.db
      .updateTable('own_flashcards')
      .set({
        due: row.due,
        stability: row.stability,
        difficulty: row.difficulty,
        elapsed_days: row.elapsed_days,
        scheduled_days: row.scheduled_days,
        learning_steps: row.learning_steps,
        reps: row.reps,
        lapses: row.lapses,
        state: row.state,
        last_review: row.last_review,
        schedule_version: row.version,
      })
      .where('id', '=', row.flashcard_id)
      .where('user_id', '=', row.user_id)
      .where('schedule_version', '=', expectedVersion)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }
}
