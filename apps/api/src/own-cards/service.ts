import { randomBytes } from 'node:crypto';
import {
  OWN_CARDS_MAX,
  OWN_CARD_SIDE_MAX,
  OWN_CARD_TAGS_MAX,
  OWN_CARD_TAG_MAX,
  OWN_PICTURES_MAX,
  OWN_SETS_MAX,
  OWN_SET_DESCRIPTION_MAX,
  OWN_SET_MAX_CARDS,
  OWN_SET_TITLE_MAX,
  SHARED_PREVIEW_CARDS,
  type CreateOwnSetBody,
  type OwnCard,
  type OwnCardBody,
  type OwnSetDetail,
  type OwnSetList,
  type OwnSetShare,
  type OwnSetSummary,
  type SharedSetPreview,
  type UpdateOwnSetBody,
} from '@blok/contract';
import { AppError } from '../errors.ts';
import { PICTURE_WORKERS } from '../uploads/picture-work.ts';
import { renderOwnCardHtml } from './render.ts';
import type { UnitOfWork } from '../write/unit-of-work.ts';
import { OwnCardsRepository, asStudyCard, ownPictureUrl, type NewOwnCard, type OwnCardRow, type OwnPictureRow, type OwnSetListRow, type OwnSetRow, type StoredPicture } from './repository.ts';
import { processCardPicture, type PictureInput } from './picture.ts';
import type { FlashcardsService } from '../flashcards/service.ts';

export type { PictureInput } from './picture.ts';

/** What her own flashcards need of the library (decision 020): subjects, chapters, and which subjects are hers. */
export interface OwnCardsLibrary {
  subjectTitle(id: string): Promise<{ id: string; title: string } | undefined>;
  subjectTitles(ids: string[]): Promise<Map<string, string>>;
  chapterPlace(chapterId: string): Promise<{ id: string; summaryId: string; subjectId: string } | undefined>;
  /** the subject is in her library now (her study year's, or added, and not removed) */
  inLibrary(userId: string, subjectId: string): Promise<boolean>;
  /** her own courses by id with their names (issue 41: a set can be in one) */
  courseNames(userId: string): Promise<Map<string, string>>;
}

/** A set as import makes it (createSetWithCards). */
export interface ImportSetInput {
  title: string;
  description?: string;
  /** a catalogue subject, or null / absent: personal */
  subjectId?: string | null;
}

/** A card as import brings it: Markdown sides, optional pictures as uploaded bytes. */
export interface ImportCardInput {
  front: string;
  back: string;
  frontPicture?: PictureInput | null;
  backPicture?: PictureInput | null;
  chapterId?: string | null;
  /** Anki's tags or a text's tags column */
  tags?: string[];
  /** the Anki note it came from (card import's JSON), kept until she changes the card */
  sourceNote?: string | null;
}

/** A set with everything an export writes: the Markdown and HTML of each side, the pictures' bytes. */
export interface OwnSetExport {
  set: { id: string; title: string; description: string; subjectId: string | null; subjectTitle: string | null };
  cards: Array<{
    id: string;
    front: string;
    back: string;
    frontHtml: string;
    backHtml: string;
    frontPicture: { mime: string; data: Buffer } | null;
    backPicture: { mime: string; data: Buffer } | null;
    chapterId: string | null;
    tags: string[];
    sourceNote: string | null;
  }>;
}

const setNotFound = () => new AppError('not_found', 'Deze set bestaat niet.');
const cardNotFound = () => new AppError('not_found', 'Deze kaart bestaat niet.');
/** Unknown, or not in her library: one answer (issue 38), so a set cannot be put in any subject of the catalogue. */
const subjectNotHers = () => new AppError('not_found', 'Dit vak staat niet in je bibliotheek. Voeg het eerst toe aan je bibliotheek.');
const courseNotFound = () => new AppError('not_found', 'Dit eigen vak bestaat niet (meer).');
const linkNotFound = () => new AppError('not_found', 'Deze link bestaat niet. Controleer of je hem helemaal hebt gekopieerd.');
const linkRevoked = () => new AppError('share_link_revoked', 'Deze link is ingetrokken door wie de set deelde. Vraag om een nieuwe link.');
const limit = (message: string) => new AppError('limit_reached', message);
/** Staged pictures no card shows after this many hours are removed by the sweep (decision 042). */
export const STAGED_PICTURE_HOURS = 6;
const SWEEP_BATCH = 500;

export { renderOwnCardHtml } from './render.ts';

/**
 * Renders many sides (an import's) as renderOwnCardHtml does each, off the event loop: the work
 * threads (threads/pool.ts), for the student they are for (her share of the threads).
 */
export type SideRenderer = (markdowns: string[], userId: string) => Promise<string[]>;

/** Tags as a card keeps them: without spaces, each once (case-insensitively), at most OWN_CARD_TAGS_MAX of OWN_CARD_TAG_MAX characters. */
export function cleanTags(tags: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim().replace(/\s+/g, '_').slice(0, OWN_CARD_TAG_MAX);
    if (tag !== '' && !out.some((t) => t.toLowerCase() === tag.toLowerCase())) out.push(tag);
  }
  return out.slice(0, OWN_CARD_TAGS_MAX);
}

/** A card's stored tags (a JSON array) as a list; anything else reads as none. */
function tagsOf(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

const emptySide = (markdown: string, pictureId: string | null) => markdown.trim() === '' && pictureId === null;

/**
 * Her own flashcards (issue 28, decision 023): sets in a subject or personal, cards with light
 * Markdown and a picture per side, reordering, share links and copies, and the bulk create and
 * read that import and export use. Every write is one unit of work whose result is the response
 * body (decision 007); another student's set or card answers 404 like an unknown one.
 */
export class OwnCardsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly library: OwnCardsLibrary,
    /** the session engine: what she can study in a set */
    private readonly flashcards: FlashcardsService,
    /** an import's sides to HTML off the event loop (one card's sides are rendered here) */
    private readonly renderSides: SideRenderer = async (markdowns) => markdowns.map(renderOwnCardHtml),
  ) {}

  private get repo(): OwnCardsRepository {
    return new OwnCardsRepository(this.uow.executor);
  }

  // ------------------------------------------------------------------ reads

  /** Her sets in her order; with a subject, only the sets in it (its flashcards overview); with a course of hers, those in it. */
  async list(userId: string, subjectId?: string, courseId?: string): Promise<OwnSetList> {
    const repo = this.repo;
    const [rows, cardCount, courses] = await Promise.all([repo.listSets(userId, subjectId, courseId), repo.countCards(userId), this.library.courseNames(userId)]);
    if (courseId !== undefined && !courses.has(courseId)) throw courseNotFound();
    const titles = await this.library.subjectTitles([...new Set(rows.map((r) => r.subject_id).filter((id): id is string => id !== null))]);
    return {
      sets: rows.map((r) => this.summary(r, titles, courses)),
      limits: { sets: OWN_SETS_MAX, cardsPerSet: OWN_SET_MAX_CARDS, cards: OWN_CARDS_MAX, cardCount },
    };
  }

  async detail(userId: string, setId: string, timeZone?: string): Promise<OwnSetDetail> {
    const repo = this.repo;
    const set = await repo.findSet(userId, setId);
    if (!set) throw setNotFound();
    return this.detailOf(repo, userId, set, timeZone);
  }

  /** A picture of a card, by its unguessable id. */
  findPicture(id: string): Promise<OwnPictureRow | undefined> {
    return this.repo.findPicture(id);
  }

  /** What a classmate sees of a shared set before she copies it. */
  async sharedPreview(token: string): Promise<SharedSetPreview> {
    const repo = this.repo;
    const set = await this.sharedSet(repo, token);
    const cards = await repo.cardsOfSet(set.id);
    const subject = set.subject_id ? await this.library.subjectTitle(set.subject_id) : undefined;
    const face = (html: string, picture: string | null) => ({ html, pictureUrl: picture ? ownPictureUrl(picture) : null });
    return {
      title: set.title,
      description: set.description,
      subjectTitle: subject?.title ?? null,
      cardCount: cards.length,
      cards: cards.slice(0, SHARED_PREVIEW_CARDS).map((c) => ({ front: face(c.front_html, c.front_picture_id), back: face(c.back_html, c.back_picture_id) })),
    };
  }

  /** Her cards as search indexes them (issue 41): a fingerprint that changes with any card or set, and the cards. */
  searchFingerprint(userId: string): Promise<string> {
    return this.repo.searchFingerprint(userId);
  }

  async cardsForSearch(userId: string): Promise<Array<{ id: string; setId: string; setTitle: string; front: string; back: string }>> {
    const rows = await this.repo.cardsForSearch(userId);
    return rows.map((r) => ({ id: r.id, setId: r.set_id, setTitle: r.set_title, front: r.front_markdown, back: r.back_markdown }));
  }

  /** Her cards linked to chapters, per chapter: how many and how many she knows (readiness, issue 27). */
  chapterCards(userId: string, chapterIds: string[]): Promise<Map<string, { cards: number; known: number }>> {
    return this.repo.chapterCounts(userId, chapterIds);
  }

  /**
   * Her sets in a subject with the cards to go through today, for the plan (issue 27, decision
   * 021): with `dueUntil` (spaced repetition) her cards due by then, else those she does not know yet.
   */
  setsToStudy(userId: string, subjectId: string, dueUntil: Date | null): Promise<Array<{ id: string; title: string; cards: number }>> {
    return this.repo.setsToStudy(userId, subjectId, dueUntil ? dueUntil.toISOString() : null);
  }

  /** Her cards in a course's sets with her latest verdict ('Wist ik' 1 / 0, null never) and review time (where she stands in the course, decision 049). */
  async courseCards(userId: string, courseId: string): Promise<Array<{ id: string; known: boolean | null; lastReview: string | null }>> {
    const rows = await this.repo.courseCards(userId, courseId);
    return rows.map((r) => ({ id: r.id, known: r.known === null ? null : r.known === 1, lastReview: r.last_review }));
  }

  /** The course a set of hers is in, or null. */
  courseOfSet(userId: string, setId: string): Promise<string | null> {
    return this.repo.courseOfSet(userId, setId);
  }

  /** Her sets in one of her own courses with the cards to go through today, as setsToStudy (issue 41: the plan of her course). */
  courseSetsToStudy(userId: string, courseId: string, dueUntil: Date | null): Promise<Array<{ id: string; title: string; cards: number }>> {
    return this.repo.courseSetsToStudy(userId, courseId, dueUntil ? dueUntil.toISOString() : null);
  }

  /** Per set of hers: how many different cards she answered in it since an instant (a plan task ticks off from it). */
  answeredSince(userId: string, setIds: string[], since: Date): Promise<Map<string, number>> {
    return this.repo.answeredSince(userId, setIds, since.toISOString());
  }

  /**
   * Export: a set of hers with each card's Markdown, HTML and picture bytes, in her order. Another
   * student's set is not found.
   */
  async exportSet(userId: string, setId: string): Promise<OwnSetExport> {
    const repo = this.repo;
    const set = await repo.findSet(userId, setId);
    if (!set) throw setNotFound();
    const cards = await repo.cardsOfSet(set.id);
    const pictures = await repo.pictureBytesByIds(cards.flatMap((c) => [c.front_picture_id, c.back_picture_id]).filter((id): id is string => id !== null));
    const bytes = (id: string | null) => (id ? (pictures.get(id) ?? null) : null);
    const subject = set.subject_id ? await this.library.subjectTitle(set.subject_id) : undefined;
    return {
      set: { id: set.id, title: set.title, description: set.description, subjectId: set.subject_id, subjectTitle: subject?.title ?? null },
      cards: cards.map((c) => ({
        id: c.id,
        front: c.front_markdown,
        back: c.back_markdown,
        frontHtml: c.front_html,
        backHtml: c.back_html,
        frontPicture: bytes(c.front_picture_id),
        backPicture: bytes(c.back_picture_id),
        chapterId: c.chapter_id,
        tags: tagsOf(c.tags),
        sourceNote: c.source_note,
      })),
    };
  }

  // ------------------------------------------------------------------ sets

  createSet(userId: string, body: CreateOwnSetBody): Promise<OwnSetDetail> {
    return this.uow.run(async () => {
      const repo = this.repo;
      const subjectId = await this.checkSubject(userId, body.subjectId ?? null);
      const courseId = await this.checkCourse(userId, body.courseId ?? null, subjectId);
      if ((await repo.countSets(userId)) >= OWN_SETS_MAX) throw limit(`Je hebt al ${OWN_SETS_MAX} sets. Verwijder er een voordat je een nieuwe maakt.`);
      const id = await repo.insertSet({ userId, subjectId, courseId, title: body.title, description: body.description ?? '', sortIndex: await repo.nextSetSortIndex(userId) });
      return this.detailOf(repo, userId, (await repo.findSet(userId, id))!);
    });
  }

  updateSet(userId: string, setId: string, body: UpdateOwnSetBody): Promise<OwnSetDetail> {
    return this.uow.run(async () => {
      const repo = this.repo;
      const set = await repo.findSet(userId, setId);
      if (!set) throw setNotFound();
      // a set whose subject has left her library since keeps it (and keeps working); moving it needs one of hers
      const subjectId = body.subjectId === set.subject_id ? set.subject_id : await this.checkSubject(userId, body.subjectId);
      // courseId left out (an older app): the set stays in its course, unless it moves into a subject
      const wantedCourse = body.courseId === undefined ? (subjectId === null ? set.course_id : null) : body.courseId;
      const courseId = wantedCourse === set.course_id && wantedCourse !== null && subjectId === null ? set.course_id : await this.checkCourse(userId, wantedCourse, subjectId);
      await repo.updateSet(set.id, { title: body.title, description: body.description, subjectId, courseId });
      return this.detailOf(repo, userId, (await repo.findSet(userId, set.id))!);
    });
  }

  /** Deletes a set with its cards, their pictures, sessions and share links. */
  deleteSet(userId: string, setId: string): Promise<null> {
    return this.uow.run(async () => {
      const repo = this.repo;
      const set = await repo.findSet(userId, setId);
      if (!set) throw setNotFound();
      const pictures = await repo.pictureIdsOfSet(set.id);
      await repo.deleteSet(set.id);
      await repo.deletePictures(pictures);
      return null;
    });
  }

  /** Puts her sets in this order: every set of hers, each once. */
  reorderSets(userId: string, setIds: string[]): Promise<OwnSetList> {
    return this.uow.run(async () => {
      const repo = this.repo;
      const sets = await repo.listSets(userId);
      if (!samePermutation(sets.map((s) => s.id), setIds)) throw new AppError('invalid_request', 'Geef elke set precies één keer op.');
      for (const [index, id] of setIds.entries()) await repo.setSortIndex(id, index);
      return this.list(userId);
    });
  }

  // ------------------------------------------------------------------ cards

  addCard(userId: string, setId: string, body: OwnCardBody): Promise<OwnCard> {
    return this.uow.run(async () => {
      const repo = this.repo;
      const set = await repo.findSet(userId, setId);
      if (!set) throw setNotFound();
      await this.checkRoom(repo, userId, set.id, 1, 0);
      const link = await this.checkChapter(body.chapterId ?? null, body.summaryId ?? null);
      if (emptySide(body.front, null)) throw new AppError('invalid_request', 'Schrijf iets op de voorkant.');
      if (emptySide(body.back, null)) throw new AppError('invalid_request', 'Schrijf iets op de achterkant.');
      const [id] = await repo.insertCards(userId, set.id, await repo.nextCardSortIndex(set.id), [this.newCard(body.front, body.back, null, null, link, body.tags ?? [], null)]);
      await repo.touchSet(set.id);
      return this.card((await repo.findCard(userId, id!))!);
    });
  }

  updateCard(userId: string, cardId: string, body: OwnCardBody): Promise<OwnCard> {
    return this.uow.run(async () => {
      const repo = this.repo;
      const card = await repo.findCard(userId, cardId);
      if (!card) throw cardNotFound();
      const link = await this.checkChapter(body.chapterId ?? null, body.summaryId ?? null);
      if (emptySide(body.front, card.front_picture_id)) throw new AppError('invalid_request', 'Schrijf iets op de voorkant of kies een afbeelding.');
      if (emptySide(body.back, card.back_picture_id)) throw new AppError('invalid_request', 'Schrijf iets op de achterkant of kies een afbeelding.');
      await repo.updateCardText(card.id, {
        front_markdown: body.front,
        back_markdown: body.back,
        front_html: renderOwnCardHtml(body.front),
        back_html: renderOwnCardHtml(body.back),
        chapter_id: link.chapterId,
        summary_id: link.summaryId,
        ...(body.tags === undefined ? {} : { tags: JSON.stringify(cleanTags(body.tags)) }),
        // changed sides: no longer what its Anki note makes
        ...(body.front === card.front_markdown && body.back === card.back_markdown ? {} : { source_note: null }),
      });
      await repo.touchSet(card.set_id);
      return this.card((await repo.findCard(userId, card.id))!);
    });
  }

  deleteCard(userId: string, cardId: string): Promise<null> {
    return this.uow.run(async () => {
      const repo = this.repo;
      const card = await repo.findCard(userId, cardId);
      if (!card) throw cardNotFound();
      await repo.deleteCard(card.id);
      await repo.deletePictures([card.front_picture_id, card.back_picture_id]);
      await repo.touchSet(card.set_id);
      return null;
    });
  }

  /** Puts a set's cards in this order: every card of the set, each once. */
  reorderCards(userId: string, setId: string, cardIds: string[]): Promise<OwnSetDetail> {
    return this.uow.run(async () => {
      const repo = this.repo;
      const set = await repo.findSet(userId, setId);
      if (!set) throw setNotFound();
      const cards = await repo.cardsOfSet(set.id);
      if (!samePermutation(cards.map((c) => c.id), cardIds)) throw new AppError('invalid_request', 'Geef elke kaart van de set precies één keer op.');
      for (const [index, id] of cardIds.entries()) await repo.setCardSortIndex(id, index);
      await repo.touchSet(set.id);
      return this.detailOf(repo, userId, set);
    });
  }

  /** A new picture on one side of a card (checked and re-encoded before the transaction); the old one is deleted. */
  async replacePicture(userId: string, cardId: string, side: 'front' | 'back', file: PictureInput): Promise<OwnCard> {
    // a quick 404 before the image work; checked again inside the unit of work
    if (!(await this.repo.findCard(userId, cardId))) throw cardNotFound();
    const picture = await processCardPicture(file);
    return this.uow.run(async () => {
      const repo = this.repo;
      const card = await repo.findCard(userId, cardId);
      if (!card) throw cardNotFound();
      const old = side === 'front' ? card.front_picture_id : card.back_picture_id;
      if (old === null && (await repo.countPictures(userId)) >= OWN_PICTURES_MAX) throw limit(`Je hebt al ${OWN_PICTURES_MAX} afbeeldingen op je kaarten. Verwijder er een voordat je een nieuwe kiest.`);
      const id = await repo.insertPicture(userId, picture);
      await repo.setCardPicture(card.id, side, id);
      await repo.deletePictures([old]);
      await repo.touchSet(card.set_id);
      return this.card((await repo.findCard(userId, card.id))!);
    });
  }

  removePicture(userId: string, cardId: string, side: 'front' | 'back'): Promise<OwnCard> {
    return this.uow.run(async () => {
      const repo = this.repo;
      const card = await repo.findCard(userId, cardId);
      if (!card) throw cardNotFound();
      const text = side === 'front' ? card.front_markdown : card.back_markdown;
      if (text.trim() === '') throw new AppError('invalid_request', 'Deze kant heeft geen tekst: schrijf eerst iets voordat je de afbeelding weghaalt.');
      await repo.setCardPicture(card.id, side, null);
      await repo.deletePictures([side === 'front' ? card.front_picture_id : card.back_picture_id]);
      await repo.touchSet(card.set_id);
      return this.card((await repo.findCard(userId, card.id))!);
    });
  }

  // ------------------------------------------------------------------ sharing

  /** The set's share link: the active one, or a new one. */
  share(userId: string, setId: string): Promise<OwnSetShare> {
    return this.uow.run(async () => {
      const repo = this.repo;
      const set = await repo.findSet(userId, setId);
      if (!set) throw setNotFound();
      const active = (await repo.activeShare(set.id)) ?? (await repo.insertShare(userId, set.id, randomBytes(32).toString('base64url')));
      return { token: active.token, createdAt: active.created_at };
    });
  }

  /** Revokes the set's link: whoever opens it from now on reads that it was revoked. Copies made stay. */
  revokeShare(userId: string, setId: string): Promise<OwnSetDetail> {
    return this.uow.run(async () => {
      const repo = this.repo;
      const set = await repo.findSet(userId, setId);
      if (!set) throw setNotFound();
      await repo.revokeShares(set.id);
      return this.detailOf(repo, userId, set);
    });
  }

  /** A copy of a shared set among her own sets: its cards and pictures, with her own study state (fresh). */
  copyShared(userId: string, token: string): Promise<OwnSetDetail> {
    return this.uow.run(async () => {
      const repo = this.repo;
      const source = await this.sharedSet(repo, token);
      const cards = await repo.cardsOfSet(source.id);
      const pictureIds = cards.flatMap((c) => [c.front_picture_id, c.back_picture_id]).filter((id): id is string => id !== null);
      if ((await repo.countSets(userId)) >= OWN_SETS_MAX) throw limit(`Je hebt al ${OWN_SETS_MAX} sets. Verwijder er een voordat je deze toevoegt.`);
      await this.checkRoom(repo, userId, null, cards.length, pictureIds.length);
      // copied by the database (issue 38): their bytes are never decoded and encoded again here
      const copies = new Map<string, string>();
      for (const id of new Set(pictureIds)) copies.set(id, await repo.copyPicture(userId, id));
      // the copy stays in the set's subject when that is one of hers, else it is personal
      const subjectId = source.subject_id !== null && (await this.library.inLibrary(userId, source.subject_id)) ? source.subject_id : null;
      const setId = await repo.insertSet({ userId, subjectId, title: source.title, description: source.description, sortIndex: await repo.nextSetSortIndex(userId) });
      const copy = (id: string | null) => (id ? (copies.get(id) ?? null) : null);
      await repo.insertCards(
        userId,
        setId,
        0,
        cards.map((c) => ({
          front_markdown: c.front_markdown,
          back_markdown: c.back_markdown,
          front_html: c.front_html,
          back_html: c.back_html,
          front_picture_id: copy(c.front_picture_id),
          back_picture_id: copy(c.back_picture_id),
          chapter_id: c.chapter_id,
          summary_id: c.summary_id,
          tags: c.tags,
          source_note: c.source_note,
        })),
      );
      return this.detailOf(repo, userId, (await repo.findSet(userId, setId))!);
    });
  }

  // ------------------------------------------------------------------ import

  /**
   * Import: a new set with all its cards in one unit of work, all or nothing (issue 28). Checks
   * the title, every side (Markdown, at most OWN_CARD_SIDE_MAX characters; text or a picture) and
   * her limits, and every picture like an upload (before the transaction: a bad picture stores
   * nothing). Errors name the card by its 1-based number. Inside a caller's unit of work it joins it.
   */
  async createSetWithCards(userId: string, input: ImportSetInput, cards: ImportCardInput[]): Promise<OwnSetDetail> {
    const title = input.title.trim();
    const description = (input.description ?? '').trim();
    if (title === '' || title.length > OWN_SET_TITLE_MAX) throw new AppError('invalid_request', `Geef de set een naam van 1 tot ${OWN_SET_TITLE_MAX} tekens.`);
    if (description.length > OWN_SET_DESCRIPTION_MAX) throw new AppError('invalid_request', `Een beschrijving is hoogstens ${OWN_SET_DESCRIPTION_MAX} tekens.`);
    if (cards.length === 0) throw new AppError('invalid_request', 'Er zijn geen kaarten om te bewaren.');
    if (cards.length > OWN_SET_MAX_CARDS) throw limit(`Een set heeft hoogstens ${OWN_SET_MAX_CARDS} kaarten; deze heeft er ${cards.length}.`);
    for (const [i, c] of cards.entries()) {
      if (c.front.length > OWN_CARD_SIDE_MAX || c.back.length > OWN_CARD_SIDE_MAX) throw new AppError('invalid_request', `Kaart ${i + 1}: een kant is hoogstens ${OWN_CARD_SIDE_MAX} tekens.`);
      if (c.front.trim() === '' && !c.frontPicture) throw new AppError('invalid_request', `Kaart ${i + 1}: de voorkant is leeg.`);
      if (c.back.trim() === '' && !c.backPicture) throw new AppError('invalid_request', `Kaart ${i + 1}: de achterkant is leeg.`);
    }
    // Before any transaction is open (issue 38): the pictures through the process's image queue, as
    // many at once as it decodes (an error names the first card in order that has one, as one at a
    // time would), and the sides' HTML on a work thread, not on the event loop.
    const [processed, html] = await Promise.all([this.processPictures(cards), this.renderSides(cards.flatMap((c) => [c.front, c.back]), userId)]);
    const pictures = processed.flatMap((p) => [p.front, p.back]).filter((p) => p !== null);
    // The pictures are staged before the command's transaction, each statement a short transaction of
    // its own (decision 042): megabytes of pictures in one transaction held SQLite's connection and
    // the event loop for 0.4 s at its commit. Her room is checked first, so a set over her limits
    // stages nothing; the transaction checks again, counting what was staged as hers.
    const staged = pictures.length === 0 || this.uow.inUnitOfWork ? null : await this.stagePictures(userId, cards.length, pictures);
    try {
      return await this.uow.run(async () => {
        const repo = this.repo;
        const subjectId = await this.checkSubject(userId, input.subjectId ?? null);
        if ((await repo.countSets(userId)) >= OWN_SETS_MAX) throw limit(`Je hebt al ${OWN_SETS_MAX} sets. Verwijder er een voordat je een nieuwe maakt.`);
        await this.checkRoom(repo, userId, null, cards.length, staged === null ? pictures.length : 0);
      // a chapter is looked up once, and must be in the set's subject
      const places = new Map<string, { chapterId: string | null; summaryId: string | null }>();
      const links: Array<{ chapterId: string | null; summaryId: string | null }> = [];
      for (const c of cards) {
        const chapterId = c.chapterId ?? null;
        if (chapterId !== null && !places.has(chapterId)) {
          const place = await this.library.chapterPlace(chapterId);
          if (!place) throw new AppError('not_found', 'Dit hoofdstuk bestaat niet.');
          if (place.subjectId !== subjectId) throw new AppError('invalid_request', 'Dit hoofdstuk hoort niet bij het gekozen vak.');
          places.set(chapterId, { chapterId: place.id, summaryId: place.summaryId });
        }
        links.push(chapterId === null ? { chapterId: null, summaryId: null } : places.get(chapterId)!);
      }
        const setId = await repo.insertSet({ userId, subjectId, title, description, sortIndex: await repo.nextSetSortIndex(userId) });
        // the pictures in the cards' order (front, then back): staged, or here inside a caller's unit of work
        const pictureIds = staged ?? (await repo.insertPictures(userId, pictures));
        let nextPicture = 0;
        const rows: NewOwnCard[] = cards.map((c, i) => {
          const front = processed[i]!.front ? pictureIds[nextPicture++]! : null;
          const back = processed[i]!.back ? pictureIds[nextPicture++]! : null;
          return this.newCard(c.front, c.back, front, back, links[i]!, c.tags ?? [], c.sourceNote ?? null, { front: html[2 * i]!, back: html[2 * i + 1]! });
        });
        await repo.insertCards(userId, setId, 0, rows);
        return this.detailOf(repo, userId, (await repo.findSet(userId, setId))!);
      });
    } catch (err) {
      // the command stored nothing: neither do its staged pictures (what a stopped process leaves, the sweep removes)
      if (staged !== null) await this.repo.deletePictures(staged).catch(() => undefined);
      throw err;
    }
  }

  /**
   * Stores an import's pictures ahead of its command, after a check of her room that the command
   * repeats (decision 042). Returns their ids in order.
   */
  private async stagePictures(userId: string, cards: number, pictures: StoredPicture[]): Promise<string[]> {
    const repo = this.repo;
    await this.checkRoom(repo, userId, null, cards, pictures.length);
    return repo.insertPictures(userId, pictures);
  }

  /**
   * Renders again the cards whose text has a `<` or `>` (a leased job, once per renderer fix): cards
   * saved before the fix of 29-11-2026 showed "a<b en c>d" as "a**d**". On the work threads, 100
   * cards at a time; a card changed meanwhile keeps its own new HTML. Returns how many changed.
   */
  async rerenderAngleBrackets(): Promise<number> {
    let changed = 0;
    for (let after = ''; ; ) {
      const cards = await this.repo.cardsWithAngleBrackets(after, 100);
      if (cards.length === 0) return changed;
      after = cards.at(-1)!.id;
      const html = await this.renderSides(cards.flatMap((c) => [c.front_markdown, c.back_markdown]), 'maintenance');
      for (const [i, c] of cards.entries()) {
        const next = { front: html[2 * i]!, back: html[2 * i + 1]! };
        if (next.front === c.front_html && next.back === c.back_html) continue;
        await this.repo.setCardHtml(c.id, next, { front: c.front_markdown, back: c.back_markdown });
        changed += 1;
      }
    }
  }

  /** The sweep (a leased job, hourly): pictures no card shows, staged longer ago than STAGED_PICTURE_HOURS. */
  async sweepUnlinkedPictures(nowMs = Date.now()): Promise<number> {
    const before = new Date(nowMs - STAGED_PICTURE_HOURS * 3600_000).toISOString();
    let removed = 0;
    for (let n = SWEEP_BATCH; n === SWEEP_BATCH; removed += n) n = await this.repo.deleteUnlinkedPictures(before, SWEEP_BATCH);
    return removed;
  }

  // ------------------------------------------------------------------ helpers

  /**
   * Every picture of an import checked and re-encoded (processCardPicture), PICTURE_WORKERS at a
   * time: the image queue's width, so a 380-picture import takes both and others still take turns
   * between them. As one at a time: an error is the first card's in order (front before back), and
   * nothing after it is started; its base64 is made here, outside the transaction.
   */
  private async processPictures(cards: ImportCardInput[]): Promise<Array<{ front: StoredPicture | null; back: StoredPicture | null }>> {
    const out = cards.map(() => ({ front: null as StoredPicture | null, back: null as StoredPicture | null }));
    const jobs = cards.flatMap((c, i) => (['front', 'back'] as const).map((side) => ({ i, side, file: side === 'front' ? c.frontPicture : c.backPicture }))).filter((j) => j.file);
    let next = 0;
    let failedAt = Infinity;
    const failures = new Map<number, unknown>();
    const lane = async () => {
      while (next < jobs.length && next < failedAt) {
        const n = next++;
        const job = jobs[n]!;
        try {
          const p = await processCardPicture(job.file!);
          out[job.i]![job.side] = { mime: p.mime, base64: p.data.toString('base64'), bytes: p.data.length };
        } catch (err) {
          failures.set(n, err);
          failedAt = Math.min(failedAt, n);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PICTURE_WORKERS, jobs.length) }, lane));
    if (failures.size > 0) {
      const err = failures.get(failedAt);
      if (err instanceof AppError && err.code !== 'too_many_requests') throw new AppError(err.code, `Kaart ${jobs[failedAt]!.i + 1}: ${err.message}`);
      throw err;
    }
    return out;
  }

  private newCard(
    front: string,
    back: string,
    frontPicture: string | null,
    backPicture: string | null,
    link: { chapterId: string | null; summaryId: string | null },
    tags: readonly string[],
    sourceNote: string | null,
    html?: { front: string; back: string },
  ): NewOwnCard {
    return {
      tags: JSON.stringify(cleanTags(tags)),
      source_note: sourceNote,
      front_markdown: front,
      back_markdown: back,
      front_html: html?.front ?? renderOwnCardHtml(front),
      back_html: html?.back ?? renderOwnCardHtml(back),
      front_picture_id: frontPicture,
      back_picture_id: backPicture,
      chapter_id: link.chapterId,
      summary_id: link.summaryId,
    };
  }

  /** A subject a set may go into: one of her library (issue 38); unknown and not hers answer the same 404. */
  /** A course of hers for a set, never beside a subject (a set is in one place). */
  private async checkCourse(userId: string, courseId: string | null, subjectId: string | null): Promise<string | null> {
    if (courseId === null) return null;
    if (subjectId !== null) throw new AppError('invalid_request', 'Een set hoort bij een vak van Blok of bij een eigen vak, niet bij allebei.');
    if (!(await this.library.courseNames(userId)).has(courseId)) throw courseNotFound();
    return courseId;
  }

  private async checkSubject(userId: string, subjectId: string | null): Promise<string | null> {
    if (subjectId === null) return null;
    if (!(await this.library.inLibrary(userId, subjectId))) throw subjectNotHers();
    return subjectId;
  }

  /** A chapter link: the chapter must exist, and a summary given with it must be the chapter's. */
  private async checkChapter(chapterId: string | null, summaryId: string | null): Promise<{ chapterId: string | null; summaryId: string | null }> {
    if (chapterId === null) return { chapterId: null, summaryId: null };
    const place = await this.library.chapterPlace(chapterId);
    if (!place || (summaryId !== null && summaryId !== place.summaryId)) throw new AppError('not_found', 'Dit hoofdstuk bestaat niet.');
    return { chapterId: place.id, summaryId: place.summaryId };
  }

  /** Room for `cards` more cards (in a set, when given) and `pictures` more pictures within her limits. */
  private async checkRoom(repo: OwnCardsRepository, userId: string, setId: string | null, cards: number, pictures: number): Promise<void> {
    if (setId !== null && (await repo.countCardsInSet(setId)) + cards > OWN_SET_MAX_CARDS) throw limit(`Een set heeft hoogstens ${OWN_SET_MAX_CARDS} kaarten. Begin een nieuwe set.`);
    if (setId === null && cards > OWN_SET_MAX_CARDS) throw limit(`Een set heeft hoogstens ${OWN_SET_MAX_CARDS} kaarten.`);
    if ((await repo.countCards(userId)) + cards > OWN_CARDS_MAX) throw limit(`Je hebt hoogstens ${OWN_CARDS_MAX} eigen kaarten. Verwijder er eerst een paar.`);
    if (pictures > 0 && (await repo.countPictures(userId)) + pictures > OWN_PICTURES_MAX) throw limit(`Je hebt hoogstens ${OWN_PICTURES_MAX} afbeeldingen op je kaarten.`);
  }

  /** The set of a share link: unknown → 404, revoked → 410 with a clear message. */
  private async sharedSet(repo: OwnCardsRepository, token: string): Promise<OwnSetRow> {
    const share = await repo.findShare(token);
    if (!share) throw linkNotFound();
    if (share.revoked_at !== null) throw linkRevoked();
    const set = await repo.setOfShare(share);
    if (!set) throw linkNotFound();
    return set;
  }

  private summary(r: OwnSetListRow, titles: Map<string, string>, courses: Map<string, string>): OwnSetSummary {
    return {
      id: r.id,
      title: r.title,
      description: r.description,
      subjectId: r.subject_id,
      subjectTitle: r.subject_id ? (titles.get(r.subject_id) ?? null) : null,
      courseId: r.course_id,
      courseName: r.course_id ? (courses.get(r.course_id) ?? null) : null,
      sortIndex: r.sort_index,
      cardCount: r.card_count,
      knownCount: r.known_count,
      progress: r.card_count ? Math.round((r.known_count / r.card_count) * 100) : 0,
      shared: r.shared > 0,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    };
  }

  private card(c: OwnCardRow): OwnCard {
    const face = (markdown: string, html: string, picture: string | null) => ({ markdown, html, pictureUrl: picture ? ownPictureUrl(picture) : null });
    return {
      id: c.id,
      setId: c.set_id,
      sortIndex: c.sort_index,
      front: face(c.front_markdown, c.front_html, c.front_picture_id),
      back: face(c.back_markdown, c.back_html, c.back_picture_id),
      chapterId: c.chapter_id,
      summaryId: c.summary_id,
      tags: tagsOf(c.tags),
      isFavorite: c.is_favorite === 1,
      known: c.known === null ? null : c.known === 1,
      createdAt: c.created_at,
      updatedAt: c.updated_at,
    };
  }

  private async detailOf(repo: OwnCardsRepository, userId: string, set: OwnSetRow, timeZone?: string): Promise<OwnSetDetail> {
    const [cards, share, subject, courses] = await Promise.all([
      repo.cardsOfSet(set.id),
      repo.activeShare(set.id),
      set.subject_id ? this.library.subjectTitle(set.subject_id) : undefined,
      set.course_id ? this.library.courseNames(userId) : new Map<string, string>(),
    ]);
    // the engine gets the cards as read here, not reading them again
    const study = await this.flashcards.ownStudy(
      userId,
      set,
      timeZone,
      cards.map((c) => asStudyCard(c, set.subject_id ?? '')),
    );
    const known = cards.filter((c) => c.known === 1).length;
    return {
      ...this.summary({ ...set, card_count: cards.length, known_count: known, shared: share ? 1 : 0 }, new Map(subject ? [[subject.id, subject.title]] : []), courses),
      cards: cards.map((c) => this.card(c)),
      study,
      share: share ? { token: share.token, createdAt: share.created_at } : null,
    };
  }
}

function samePermutation(current: string[], wanted: string[]): boolean {
  if (current.length !== wanted.length) return false;
  const set = new Set(wanted);
  return set.size === wanted.length && current.every((id) => set.has(id));
}
