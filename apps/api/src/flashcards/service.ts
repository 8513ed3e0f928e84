import { randomInt } from 'node:crypto';
import type { FSRS } from 'ts-fsrs';
import type {
  AnswerFlashcardBody,
  FlashcardFavorite,
  FlashcardOverview,
  FlashcardPositionBody,
  FlashcardSession,
  FlashcardSessionCard,
  FsrsRating,
  OwnSetDetail,
  RateFlashcardBody,
  StartFlashcardSessionBody,
  StartOwnSessionBody,
} from '@blok/contract';
import { plainText } from '@blok/domain/markup';
import { gradeCardAnswer } from '@blok/domain/question-types';
import { AppError } from '../errors.ts';
import type { Executor, UnitOfWork } from '../write/unit-of-work.ts';
import type { CardEvent, OwnCardJudgedEvent } from '../write/events.ts';
import { FlashcardsRepository, type FlashcardRow, type FlashcardSessionRow, type ScheduleRow, type SessionCardRow } from './repository.ts';
import type { OwnStudyCard, OwnStudySet, OwnStudyStore, StudyStore } from './study-store.ts';
import { GRADES, cardOf, createScheduler, dayBounds, intervalsOf, rowOf, type FsrsOptions } from './fsrs.ts';

export interface FlashcardsOptions {
  /** leitnerEnabled: FSRS spaced repetition; off, every FSRS call answers 404 */
  leitnerEnabled: boolean;
  fsrs: FsrsOptions;
  /** the clock (tests move it to see cards fall due) */
  now?: () => Date;
}

/** Most cards one review session draws (due first, then new). */
const MAX_REVIEW_CARDS = 200;
const DEFAULT_TIME_ZONE = 'UTC';

const subjectNotFound = () => new AppError('not_found', 'Dit vak bestaat niet.');
const setNotFound = () => new AppError('not_found', 'Deze flashcardset bestaat niet.');
const cardNotFound = () => new AppError('not_found', 'Deze flashcard bestaat niet.');
const sessionNotFound = () => new AppError('not_found', 'Deze flashcardsessie bestaat niet.');
const reviewDisabled = () => new AppError('not_found', 'Slim herhalen staat niet aan.');
const positionOutside = () => new AppError('invalid_request', 'Deze kaart hoort niet bij deze sessie.');
const cardRemoved = () => new AppError('not_found', 'Deze kaart is verwijderd uit de lesstof. Je gaat verder met de volgende kaart.');

/*
 * Where she is, stored as a place (decision 029): the stored position of the card she stands at, or
 * one past the last at the end. A card a release removes takes its session row with it (the foreign
 * key cascades); the place still names the same card, and the removed one is skipped over instead of
 * every card after it shifting under her. The API's positions are the cards' order among those left.
 */
const positionOf = (place: number, cards: readonly Pick<SessionCardRow, 'position'>[]): number => cards.filter((c) => c.position < place).length;
const placeOf = (position: number, cards: readonly Pick<SessionCardRow, 'position'>[]): number =>
  position < cards.length ? cards[position]!.position : cards.length ? cards[cards.length - 1]!.position + 1 : 0;

/**
 * The card she answers and its position: the one at `position`, or with `flashcardId` when the app
 * sends it (a card removed since she loaded the session is then refused instead of her verdict
 * landing on the card after it).
 */
function cardAt(cards: SessionCardRow[], body: { position: number; flashcardId?: string | undefined }): { card: SessionCardRow; position: number } {
  if (body.flashcardId !== undefined) {
    const position = cards.findIndex((c) => c.id === body.flashcardId);
    if (position < 0) throw cardRemoved();
    return { card: cards[position]!, position };
  }
  const card = cards[body.position];
  if (!card) throw positionOutside();
  return { card, position: body.position };
}

type Input = StartFlashcardSessionBody;
type SessionOptions = Pick<StartFlashcardSessionBody, 'order' | 'firstSide' | 'onlyUnknown'> & { source: FlashcardSessionRow['source'] };

/** Cards a session may be made of: a subject's (catalogue) or one of her sets (her own cards). */
interface ReviewScope {
  cards(): Promise<FlashcardRow[]>;
  due(until: string): Promise<ScheduleRow[]>;
  scheduled(): Promise<Set<string>>;
  startedSince(ms: number): Promise<number>;
}

/** What a new session is made of, whichever store keeps it. */
interface Deck {
  store: StudyStore;
  subjectId: string;
  flashcardSetId: string | null;
  title: string;
  cards: FlashcardRow[];
}

/** Fisher-Yates with a cryptographic source: every order is equally likely. */
function shuffle<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const face = (store: StudyStore, subjectId: string, html: string, picture: string | null) => ({
  html,
  pictureUrl: picture ? store.pictureUrl(subjectId, picture) : null,
});

/** What flashcards tell the plan (issue 27): each verdict, inside the verdict's own unit of work. */
export interface CardVerdicts {
  recordCard(tx: Executor, e: CardEvent): Promise<void>;
  /** a verdict on one of her own cards (issue 41: where she stands in the set's course listens) */
  recordOwnCard?(tx: Executor, e: OwnCardJudgedEvent): Promise<void>;
}

/** What flashcards need of the library: a subject's title. */
export interface SubjectTitles {
  subjectTitle(id: string): Promise<{ id: string; title: string } | undefined>;
}

/**
 * Flashcards: the overview of a subject's sets, favorites, study sessions (known / not known,
 * saved per card) and, with leitnerEnabled, FSRS spaced repetition. Every write is one unit of
 * work whose result is the response body (the command contract of decision 007).
 */
export class FlashcardsService {
  private readonly scheduler: FSRS;
  private readonly now: () => Date;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly options: FlashcardsOptions,
    /** subject titles, asked of the library, which owns the subjects (decision 020) */
    private readonly subjects: SubjectTitles,
    /** the plan's aggregates, kept current in the verdict's transaction (issue 27) */
    private readonly verdicts?: CardVerdicts,
    /** her own cards' store on an executor (the own-cards feature's, decision 023); none: catalogue cards only */
    private readonly ownStore?: (executor: Executor) => OwnStudyStore,
  ) {
    this.scheduler = createScheduler(options.fsrs);
    this.now = options.now ?? (() => new Date());
  }

  /** The repository on the current unit of work's transaction, or on the database for reads. */
  private get repo(): FlashcardsRepository {
    return new FlashcardsRepository(this.uow.executor);
  }

  /** Her own cards' store on the same executor (decision 023). */
  private get ownRepo(): OwnStudyStore {
    if (!this.ownStore) throw new AppError('not_found', 'Deze set bestaat niet (meer).');
    return this.ownStore(this.uow.executor);
  }

  private subjectScope(repo: FlashcardsRepository, userId: string, subjectId: string): ReviewScope {
    return {
      cards: () => repo.cardsOfSubject(subjectId),
      due: (until) => repo.dueSchedules(userId, subjectId, until),
      scheduled: () => repo.scheduledCardIds(userId, subjectId),
      startedSince: (ms) => repo.newCardsStartedSince(userId, subjectId, ms),
    };
  }

  private setScope(repo: OwnStudyStore, userId: string, set: OwnStudySet, read?: FlashcardRow[]): ReviewScope {
    let cards: Promise<FlashcardRow[]> | null = read ? Promise.resolve(read) : null;
    const studyCards = () => (cards ??= repo.studyCards(set));
    return {
      cards: studyCards,
      due: (until) => repo.dueSchedules(userId, set.id, until),
      scheduled: () => repo.scheduledCardIds(userId, set.id),
      // the review log is this engine's table, whichever store keeps the cards
      startedSince: async (ms) => this.repo.newCardsStartedAmong(userId, (await studyCards()).map((c) => c.id), ms),
    };
  }

  /**
   * A card's subject and front side (its set's title when the front is only a picture): what a
   * report of a mistake in it refers to (decision 029). Only the catalogue's cards; her own cards
   * are hers to correct.
   */
  async cardPlace(id: string): Promise<{ id: string; subjectId: string; front: string; setTitle: string } | undefined> {
    const repo = this.repo;
    const card = await repo.findCard(id);
    if (!card) return undefined;
    const set = await repo.findSet(card.flashcard_set_id);
    return { id: card.id, subjectId: card.subject_id, front: card.front_html, setTitle: set?.title ?? '' };
  }

  // ------------------------------------------------------------------ overview

  async overview(userId: string, subjectId: string, timeZone = DEFAULT_TIME_ZONE): Promise<FlashcardOverview> {
    const repo = this.repo;
    const subject = await this.subjects.subjectTitle(subjectId);
    if (!subject) throw subjectNotFound();
    const [sets, cards, open] = await Promise.all([repo.setsOfSubject(subjectId), repo.cardsOfSubject(subjectId), repo.openSessions(userId, subjectId)]);
    const ids = cards.map((c) => c.id);
    const [knowledge, favorites] = await Promise.all([repo.knowledge(userId, ids), repo.favoriteIds(userId, ids)]);

    let dueBySet: Map<string, number> | null = null;
    let review: FlashcardOverview['review'] = null;
    if (this.options.leitnerEnabled) {
      const now = this.now();
      const { start, end } = dayBounds(timeZone, now);
      const [due, scheduled, startedToday] = await Promise.all([
        repo.dueSchedules(userId, subjectId, end.toISOString()),
        repo.scheduledCardIds(userId, subjectId),
        repo.newCardsStartedSince(userId, subjectId, start.getTime()),
      ]);
      const setOf = new Map(cards.map((c) => [c.id, c.flashcard_set_id]));
      dueBySet = new Map();
      for (const d of due) {
        const setId = setOf.get(d.flashcard_id);
        if (setId) dueBySet.set(setId, (dueBySet.get(setId) ?? 0) + 1);
      }
      const unscheduled = cards.filter((c) => !scheduled.has(c.id)).length;
      const perDay = this.options.fsrs.newCardsPerDay;
      review = {
        dueCount: due.filter((d) => setOf.has(d.flashcard_id)).length,
        newCount: Math.min(unscheduled, Math.max(0, perDay - startedToday)),
        newCardsPerDay: perDay,
        sessionId: open.get('review') ?? null,
      };
    }

    const favoriteCards = cards.filter((c) => favorites.has(c.id));
    return {
      subjectId: subject.id,
      subjectTitle: subject.title,
      sets: sets.map((s) => {
        const own = cards.filter((c) => c.flashcard_set_id === s.id);
        const known = own.filter((c) => knowledge.get(c.id) === true).length;
        return {
          id: s.id,
          title: s.title,
          description: s.description,
          sortIndex: s.sort_index,
          chapterId: s.chapter_id,
          cardCount: own.length,
          knownCount: known,
          progress: own.length ? Math.round((known / own.length) * 100) : 0,
          sessionId: open.get(s.id) ?? null,
          dueCount: dueBySet ? (dueBySet.get(s.id) ?? 0) : null,
        };
      }),
      favorites: {
        cardCount: favoriteCards.length,
        knownCount: favoriteCards.filter((c) => knowledge.get(c.id) === true).length,
        sessionId: open.get('favorites') ?? null,
      },
      review,
    };
  }

  // ------------------------------------------------------------------ sessions

  /** Starts a session over a set, her favorites, or (FSRS) her due and new cards. */
  start(userId: string, input: Input): Promise<FlashcardSession> {
    if (input.source === 'review' && !this.options.leitnerEnabled) return Promise.reject(reviewDisabled());
    return this.uow.run(async () => {
      const repo = this.repo;
      const subject = await this.subjects.subjectTitle(input.subjectId);
      if (!subject) throw subjectNotFound();
      let cards: FlashcardRow[];
      let title: string;
      if (input.source === 'set') {
        const set = await repo.findSet(input.flashcardSetId!);
        if (!set || set.subject_id !== subject.id) throw setNotFound();
        cards = (await repo.cardsOfSubject(subject.id)).filter((c) => c.flashcard_set_id === set.id);
        title = set.title;
      } else if (input.source === 'favorites') {
        const all = await repo.cardsOfSubject(subject.id);
        const favorites = await repo.favoriteIds(
          userId,
          all.map((c) => c.id),
        );
        cards = all.filter((c) => favorites.has(c.id));
        title = `Favorieten: ${subject.title}`;
      } else {
        cards = await this.reviewQueue(this.subjectScope(repo, userId, subject.id), input.timeZone ?? DEFAULT_TIME_ZONE);
        title = `Herhalen: ${subject.title}`;
      }
      const deck = { store: repo, subjectId: subject.id, flashcardSetId: input.source === 'set' ? input.flashcardSetId! : null, title, cards };
      return this.begin(userId, deck, { source: input.source, order: input.order, firstSide: input.firstSide, onlyUnknown: input.onlyUnknown });
    });
  }

  /**
   * Starts a session over one of her own sets (decision 023): the whole set, her favorites in it,
   * or (FSRS) its due and new cards. The same session as a subject's, kept in her own store.
   */
  startOwn(userId: string, setId: string, input: StartOwnSessionBody): Promise<FlashcardSession> {
    const source = input.source ?? 'set';
    if (source === 'review' && !this.options.leitnerEnabled) return Promise.reject(reviewDisabled());
    return this.uow.run(async () => {
      const own = this.ownRepo;
      const set = await own.findSet(userId, setId);
      if (!set) throw setNotFound();
      let cards: FlashcardRow[];
      let title = set.title;
      if (source === 'set') {
        cards = await own.studyCards(set);
        if (cards.length === 0) throw new AppError('conflict', 'Deze set heeft nog geen kaarten. Maak eerst een kaart.');
      } else if (source === 'favorites') {
        const all = await own.studyCards(set);
        const favorites = await own.favoriteIds(
          userId,
          all.map((c) => c.id),
        );
        cards = all.filter((c) => favorites.has(c.id));
        title = `Favorieten: ${set.title}`;
      } else {
        cards = await this.reviewQueue(this.setScope(own, userId, set), input.timeZone ?? DEFAULT_TIME_ZONE);
        title = `Herhalen: ${set.title}`;
      }
      const deck = { store: own, subjectId: set.subject_id ?? '', flashcardSetId: set.id, title, cards };
      return this.begin(userId, deck, { source, order: input.order, firstSide: input.firstSide, onlyUnknown: input.onlyUnknown });
    });
  }

  /** The one way a session begins: the empty cases, only-unknown, the order; then it is stored and loaded. */
  private async begin(userId: string, deck: Deck, input: SessionOptions): Promise<FlashcardSession> {
    const { store } = deck;
    let cards = deck.cards;
    if (input.source === 'favorites' && cards.length === 0) throw new AppError('conflict', 'Je hebt nog geen favoriete kaarten. Tik op de ster bij een kaart om hem te bewaren.');
    if (input.source === 'review' && cards.length === 0) throw new AppError('conflict', 'Je bent klaar voor vandaag: er zijn geen kaarten te herhalen en geen nieuwe meer.');
    if (input.onlyUnknown) {
      const knowledge = await store.knowledge(
        userId,
        cards.map((c) => c.id),
      );
      cards = cards.filter((c) => knowledge.get(c.id) !== true);
      if (cards.length === 0) throw new AppError('conflict', 'Je kent alle kaarten al. Oefen ze allemaal om ze fris te houden.');
    }
    // Review sessions keep their order: due cards first (earliest first), then new ones.
    const order = input.source === 'review' ? 'written' : (input.order ?? 'written');
    const ordered = order === 'shuffled' ? shuffle(cards) : cards;
    const id = await store.createSession({
      userId,
      subjectId: deck.subjectId,
      source: input.source,
      flashcardSetId: deck.flashcardSetId,
      title: deck.title,
      order,
      firstSide: input.firstSide ?? 'front',
      onlyUnknown: input.onlyUnknown ?? false,
      cardIds: ordered.map((c) => c.id),
    });
    return this.load(store, userId, id);
  }

  /** Due cards first (earliest due first), then new cards in written order up to today's limit. */
  private async reviewQueue(scope: ReviewScope, timeZone: string): Promise<FlashcardRow[]> {
    const now = this.now();
    const { start, end } = dayBounds(timeZone, now);
    const [cards, due, scheduled, startedToday] = await Promise.all([scope.cards(), scope.due(end.toISOString()), scope.scheduled(), scope.startedSince(start.getTime())]);
    const byId = new Map(cards.map((c) => [c.id, c]));
    const dueCards = due.map((d) => byId.get(d.flashcard_id)).filter((c): c is FlashcardRow => c !== undefined);
    const allowedNew = Math.max(0, this.options.fsrs.newCardsPerDay - startedToday);
    const newCards = cards.filter((c) => !scheduled.has(c.id)).slice(0, allowedNew);
    return [...dueCards, ...newCards].slice(0, MAX_REVIEW_CARDS);
  }

  /**
   * What she can study in one of her sets (the own set's page): her open sessions, favorites and,
   * with FSRS on, what is due today and how many new cards she may start. `read`: her set's cards
   * as the caller has just read them in the same unit of work.
   */
  async ownStudy(userId: string, set: OwnStudySet, timeZone = DEFAULT_TIME_ZONE, read?: OwnStudyCard[]): Promise<OwnSetDetail['study']> {
    const own = this.ownRepo;
    const scope = this.setScope(own, userId, set, read);
    const [cards, open] = await Promise.all([scope.cards(), own.openSessions(userId, set.id)]);
    const ids = cards.map((c) => c.id);
    // her set as its page has just read it (`read`: 1,000 cards are not read three times more, issue 38)
    const [knowledge, favorites] = read
      ? [new Map(read.filter((c) => c.known !== null).map((c) => [c.id, c.known!])), new Set(read.filter((c) => c.favorite).map((c) => c.id))]
      : await Promise.all([own.knowledge(userId, ids), own.favoriteIds(userId, ids)]);
    let review: OwnSetDetail['study']['review'] = null;
    if (this.options.leitnerEnabled) {
      const { start, end } = dayBounds(timeZone, this.now());
      const [due, scheduled, startedToday] = await Promise.all([scope.due(end.toISOString()), scope.scheduled(), scope.startedSince(start.getTime())]);
      const perDay = this.options.fsrs.newCardsPerDay;
      review = {
        dueCount: due.length,
        newCount: Math.min(cards.filter((c) => !scheduled.has(c.id)).length, Math.max(0, perDay - startedToday)),
        newCardsPerDay: perDay,
        sessionId: open.get('review') ?? null,
      };
    }
    const favoriteIds = ids.filter((id) => favorites.has(id));
    return {
      sessionId: open.get('set') ?? null,
      favorites: {
        cardCount: favoriteIds.length,
        knownCount: favoriteIds.filter((id) => knowledge.get(id) === true).length,
        sessionId: open.get('favorites') ?? null,
      },
      review,
    };
  }

  async session(userId: string, sessionId: string): Promise<FlashcardSession> {
    const found = await this.owned(userId, sessionId);
    return this.present(found.store, userId, found);
  }

  /** 'Wist ik' / 'Wist ik niet' for a card: saved in the session and as her latest verdict; moves on. */
  answer(userId: string, sessionId: string, body: AnswerFlashcardBody): Promise<FlashcardSession> {
    return this.uow.run(async (tx) => {
      const { store: repo, session, cards } = await this.owned(userId, sessionId);
      if (session.source === 'review') {
        throw new AppError('conflict', 'Beoordeel deze kaart met Opnieuw, Moeilijk, Goed of Makkelijk.');
      }
      const { card, position } = cardAt(cards, body);
      // A typed answer (issue 40) is judged by the app against the side she answers: graded evidence.
      const typed =
        body.typedAnswer === undefined ? undefined : gradeCardAnswer(body.typedAnswer, plainText(session.first_side === 'back' ? card.front_html : card.back_html));
      const known = typed ? typed.status === 1 : body.known;
      await repo.answerCard(session.id, card.position, { known });
      await repo.setKnowledge(userId, card.id, known);
      await this.tellPlan(tx, repo, {
        userId,
        subjectId: session.subject_id,
        flashcardId: card.id,
        setId: card.flashcard_set_id,
        known,
        ...(typed ? { score: typed.score } : {}),
      });
      await this.moveTo(repo, session, position + 1, cards);
      return this.load(repo, userId, session.id);
    });
  }

  /** An FSRS rating for a card of a review session: reschedules it, logs the review, moves on. */
  rate(userId: string, sessionId: string, body: RateFlashcardBody): Promise<FlashcardSession> {
    if (!this.options.leitnerEnabled) return Promise.reject(reviewDisabled());
    return this.uow.run(async (tx) => {
      const { store: repo, session, cards } = await this.owned(userId, sessionId);
      if (session.source !== 'review') throw new AppError('conflict', 'Deze sessie gebruikt Wist ik en Wist ik niet.');
      const { card, position } = cardAt(cards, body);
      if (card.rating !== null) throw new AppError('answer_locked', 'Deze kaart heb je in deze sessie al beoordeeld.');

      const now = this.now();
      const stored = (await repo.schedules(userId, [card.id])).get(card.id);
      const version = stored?.version ?? 0;
      const conflict = () => new AppError('conflict', 'Deze kaart is intussen op een ander apparaat herhaald. Laad de sessie opnieuw.');
      if (body.scheduleVersion !== version) throw conflict();
      const before = cardOf(stored, now);
      const { card: next } = this.scheduler.next(before, now, GRADES[body.rating]);
      const saved = await repo.saveSchedule(rowOf(next, { userId, flashcardId: card.id, subjectId: session.subject_id }, version + 1), version);
      if (!saved) throw conflict();
      await this.repo.appendReviewLog({
        user_id: userId,
        flashcard_id: card.id,
        review_time: now.getTime(),
        review_rating: body.rating,
        review_state: before.state,
        review_duration: body.durationMs,
        time_zone: body.timeZone,
      });
      const known = body.rating >= 2;
      await repo.answerCard(session.id, card.position, { known, rating: body.rating });
      await repo.setKnowledge(userId, card.id, known);
      await this.tellPlan(tx, repo, {
        userId,
        subjectId: session.subject_id,
        flashcardId: card.id,
        setId: card.flashcard_set_id,
        known,
        fsrs: { stability: next.stability, lastReview: (next.last_review ?? now).toISOString() },
      });
      await this.moveTo(repo, session, position + 1, cards);
      return this.load(repo, userId, session.id);
    });
  }

  /** Goes to a card (back to an earlier one); `cardCount` shows the end screen. */
  goTo(userId: string, sessionId: string, body: FlashcardPositionBody): Promise<FlashcardSession> {
    return this.uow.run(async () => {
      const { store: repo, session, cards } = await this.owned(userId, sessionId);
      if (body.position > cards.length) throw positionOutside();
      await this.moveTo(repo, session, body.position, cards);
      return this.load(repo, userId, session.id);
    });
  }

  /** 'Herhaal de kaarten die je niet wist': a new session with the cards she did not know, in the same order. */
  repeatUnknown(userId: string, sessionId: string): Promise<FlashcardSession> {
    return this.uow.run(async () => {
      const { store: repo, session, cards } = await this.owned(userId, sessionId);
      if (session.source === 'review' && !this.options.leitnerEnabled) throw reviewDisabled();
      const unknown = cards.filter((c) => c.known === 0);
      if (unknown.length === 0) throw new AppError('conflict', 'Je wist alle kaarten van deze sessie.');
      const id = await repo.createSession({
        userId,
        subjectId: session.subject_id,
        source: session.source,
        flashcardSetId: session.flashcard_set_id,
        title: session.title,
        order: session.card_order,
        firstSide: session.first_side,
        onlyUnknown: false,
        cardIds: unknown.map((c) => c.id),
      });
      return this.load(repo, userId, id);
    });
  }

  // ------------------------------------------------------------------ favorites

  setFavorite(userId: string, flashcardId: string, isFavorite: boolean): Promise<FlashcardFavorite> {
    return this.uow.run(async () => {
      const repo = this.repo;
      if (await repo.findCard(flashcardId)) {
        if (isFavorite) await repo.addFavorite(userId, flashcardId);
        else await repo.removeFavorite(userId, flashcardId);
        return { flashcardId, isFavorite };
      }
      // one of her own cards (another student's answers 404 like an unknown one)
      const own = this.ownRepo;
      if (!(await own.findCard(userId, flashcardId))) throw cardNotFound();
      await own.setFavorite(userId, flashcardId, isFavorite);
      return { flashcardId, isFavorite };
    });
  }

  // ------------------------------------------------------------------ helpers

  /** Tells the plan about a verdict on a catalogue card, in the same transaction (its chapter is the card's set's). */
  private async tellPlan(
    tx: Executor,
    store: StudyStore,
    v: { userId: string; subjectId: string; flashcardId: string; setId: string; known: boolean; fsrs?: CardEvent['fsrs']; score?: number },
  ): Promise<void> {
    // Her own cards keep no plan aggregates: readiness reads their latest verdicts from the own-cards
    // service (ownCards.chapterCards) when it is computed, for the cards linked to a chapter. A
    // verdict on one is told as such: where she stands in her set's course keeps it (decision 049).
    if (!this.verdicts) return;
    if (!(store instanceof FlashcardsRepository)) {
      await this.verdicts.recordOwnCard?.(tx, { userId: v.userId, setId: v.setId, flashcardId: v.flashcardId, known: v.known, ...(v.score !== undefined ? { score: v.score } : {}), at: this.now().toISOString() });
      return;
    }
    const set = await store.findSet(v.setId);
    await this.verdicts.recordCard(tx, { userId: v.userId, subjectId: v.subjectId, chapterId: set?.chapter_id ?? null, flashcardId: v.flashcardId, known: v.known, ...(v.fsrs ? { fsrs: v.fsrs } : {}), ...(v.score !== undefined ? { score: v.score } : {}) });
  }

  /** Her session in whichever store keeps it: the catalogue's first (the usual case), then her own cards'. */
  private async owned(userId: string, sessionId: string, known?: StudyStore): Promise<{ store: StudyStore; session: FlashcardSessionRow; cards: SessionCardRow[] }> {
    let store: StudyStore = known ?? this.repo;
    let session = await store.findSession(userId, sessionId);
    if (!session && !known) {
      store = this.ownRepo;
      session = await store.findSession(userId, sessionId);
    }
    if (!session) throw sessionNotFound();
    if (session.source === 'review' && !this.options.leitnerEnabled) throw reviewDisabled();
    return { store, session, cards: await store.sessionCards(session.id) };
  }

  private async moveTo(repo: StudyStore, session: FlashcardSessionRow, position: number, cards: readonly SessionCardRow[]): Promise<void> {
    const current = Math.min(Math.max(0, position), cards.length);
    const reachedEnd = current >= cards.length && session.finished_at === null;
    const place = placeOf(current, cards);
    await repo.updateSession(session.id, reachedEnd ? { current_index: place, finished_at: new Date().toISOString() } : { current_index: place });
  }

  private async load(repo: StudyStore, userId: string, sessionId: string): Promise<FlashcardSession> {
    return this.present(repo, userId, await this.owned(userId, sessionId, repo));
  }

  private async present(repo: StudyStore, userId: string, { session, cards }: { session: FlashcardSessionRow; cards: SessionCardRow[] }): Promise<FlashcardSession> {
    const [subject, favorites] = await Promise.all([session.subject_id ? this.subjects.subjectTitle(session.subject_id) : undefined, repo.sessionFavoriteIds(userId, session.id)]);
    const isReview = session.source === 'review';
    const schedules = isReview
      ? await repo.schedules(
          userId,
          cards.map((c) => c.id),
        )
      : new Map();
    const now = this.now();
    const current = positionOf(session.current_index, cards);
    return {
      id: session.id,
      subjectId: session.subject_id,
      subjectTitle: subject?.title ?? '',
      source: session.source,
      flashcardSetId: session.flashcard_set_id,
      title: session.title,
      order: session.card_order,
      firstSide: session.first_side,
      onlyUnknown: session.only_unknown === 1,
      currentIndex: current,
      cardCount: cards.length,
      knownCount: cards.filter((c) => c.known === 1).length,
      unknownCount: cards.filter((c) => c.known === 0).length,
      finished: current >= cards.length,
      createdAt: session.created_at,
      updatedAt: session.updated_at,
      cards: cards.map((c, index): FlashcardSessionCard => {
        const schedule = schedules.get(c.id);
        return {
          position: index,
          flashcardId: c.id,
          flashcardSetId: c.flashcard_set_id,
          front: face(repo, c.subject_id, c.front_html, c.front_picture),
          back: face(repo, c.subject_id, c.back_html, c.back_picture),
          isFavorite: favorites.has(c.id),
          known: c.known === null ? null : c.known === 1,
          rating: (c.rating as FsrsRating | null) ?? null,
          scheduleVersion: isReview ? (schedule?.version ?? 0) : null,
          intervals: isReview && c.rating === null ? intervalsOf(this.scheduler, cardOf(schedule, now), now) : null,
        };
      }),
    };
  }
}
