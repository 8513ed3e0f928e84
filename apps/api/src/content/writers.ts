import type { LoadedSubject } from '@blok/content/load';
import type { Executor } from '@blok/db';

/*
 * The content import's writers, one per owner of the catalogue's tables (decision 041): the
 * library writes a subject, its audiences, images, summaries and chapters; questions its lists,
 * questions and answers; flashcards its sets and cards. `writeSubject` (importer.ts) orders them in
 * the caller's transaction; none of them commits. The composition root hands them to the studio.
 */

/** The kinds of id a subject's content has; each is a global key of its table. */
export type IdKind = 'subject' | 'samenvatting' | 'hoofdstuk' | 'vragenlijst' | 'vraag' | 'flashcardset' | 'flashcard';

/** An id a subject claims that already belongs to another subject in the database. */
export interface ForeignId {
  kind: IdKind;
  id: string;
  /** the subject it belongs to */
  subjectId: string;
}

/** What every owner's writer does with its part of one validated subject, on the caller's transaction. */
export interface ContentPartWriter {
  /** the ids of `claims` of its own kinds that already belong to a subject other than `subjectId` */
  idsOfOtherSubjects(db: Executor, subjectId: string, claims: ReadonlyArray<readonly [IdKind, string]>): Promise<ForeignId[]>;
  /** deletes its rows of the subject that the subject no longer has */
  removeStale(trx: Executor, s: LoadedSubject): Promise<void>;
}

/** The library's part: the subject itself, its audiences and images, summaries and chapters. */
export interface LibraryContentWriter extends ContentPartWriter {
  /** the content hash the subject was last written with, if it exists */
  storedHash(db: Executor, subjectId: string): Promise<string | undefined>;
  /** upserts the subject with `hash`, replaces its audiences and images, upserts its summaries and chapters */
  write(trx: Executor, s: LoadedSubject, written: { hash: string; images: ReadonlyMap<string, Buffer> }): Promise<void>;
  /** stores one more image beside the subject's (the studio's uploads); the same name again is a no-op */
  addImage(trx: Executor, subjectId: string, name: string, mime: string, data: Buffer): Promise<void>;
}

/** The questions' part: question lists, questions and answers. */
export interface QuestionsContentWriter extends ContentPartWriter {
  /**
   * Upserts the subject's lists, questions and answers; answers gone from a question go too. Returns
   * the questions whose earlier answers no longer count (decision 029): those whose correct answer
   * changed, then those the subject no longer has.
   */
  write(trx: Executor, s: LoadedSubject): Promise<{ outdatedQuestions: string[] }>;
}

/** The flashcards' part: sets and cards. */
export interface FlashcardsContentWriter extends ContentPartWriter {
  write(trx: Executor, s: LoadedSubject): Promise<void>;
}

export interface ContentWriters {
  library: LibraryContentWriter;
  questions: QuestionsContentWriter;
  flashcards: FlashcardsContentWriter;
}

/** How an owner finds, kind by kind, which of its ids a subject claims belong to another subject. */
export type ElsewhereQueries = Partial<Record<IdKind, (db: Executor, ids: string[], subjectId: string) => Promise<Array<{ id: string; subject_id: string }>>>>;

/** The ids of `claims` of the kinds `elsewhere` asks for that belong to another subject, kind by kind. */
export async function foreignIds(elsewhere: ElsewhereQueries, db: Executor, subjectId: string, claims: ReadonlyArray<readonly [IdKind, string]>): Promise<ForeignId[]> {
  const found: ForeignId[] = [];
  for (const [kind, query] of Object.entries(elsewhere) as Array<[IdKind, NonNullable<ElsewhereQueries[IdKind]>]>) {
    const ids = [...new Set(claims.filter(([k]) => k === kind).map(([, id]) => id))];
    if (ids.length === 0) continue;
    for (const r of await query(db, ids, subjectId)) found.push({ kind, id: r.id, subjectId: r.subject_id });
  }
  return found;
}
