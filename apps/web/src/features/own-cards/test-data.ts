import type { OwnCard, OwnSetDetail, OwnSetList, OwnSetSummary } from '@blok/contract/own-cards';

/** Builders for component tests: her sets and cards in the contract's shapes. */
export const SET_ID = '0190b000-0000-7000-8000-000000000001';
const WHEN = '2026-11-01T10:00:00.000Z';

export function makeCard(n: number, overrides: Partial<OwnCard> = {}): OwnCard {
  return {
    id: `0190b000-0000-7000-8000-0000000001${String(n).padStart(2, '0')}`,
    setId: SET_ID,
    sortIndex: n,
    front: { markdown: `Voorkant ${n}`, html: `<p>Voorkant ${n}</p>`, pictureUrl: null },
    back: { markdown: `Achterkant ${n}`, html: `<p>Achterkant ${n}</p>`, pictureUrl: null },
    chapterId: null,
    summaryId: null,
    tags: [],
    isFavorite: false,
    known: null,
    createdAt: WHEN,
    updatedAt: WHEN,
    ...overrides,
  };
}

export function makeSetSummary(overrides: Partial<OwnSetSummary> = {}): OwnSetSummary {
  return {
    id: SET_ID,
    title: 'Begrippen',
    description: '',
    subjectId: null,
    subjectTitle: null,
    courseId: null,
    courseName: null,
    sortIndex: 0,
    cardCount: 0,
    knownCount: 0,
    progress: 0,
    shared: false,
    createdAt: WHEN,
    updatedAt: WHEN,
    ...overrides,
  };
}

export function makeSet(cards: OwnCard[], overrides: Partial<OwnSetDetail> = {}): OwnSetDetail {
  return {
    ...makeSetSummary({ cardCount: cards.length }),
    cards: cards.map((card, i) => ({ ...card, sortIndex: i })),
    study: { sessionId: null, favorites: { cardCount: 0, knownCount: 0, sessionId: null }, review: null },
    share: null,
    ...overrides,
  };
}

export function makeSetList(sets: OwnSetSummary[]): OwnSetList {
  return { sets, limits: { sets: 50, cardsPerSet: 500, cards: 2000, cardCount: sets.reduce((n, s) => n + s.cardCount, 0) } };
}
