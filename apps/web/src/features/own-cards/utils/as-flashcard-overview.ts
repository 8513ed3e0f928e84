import type { FlashcardOverview } from '@blok/contract/flashcards';
import type { OwnSetDetail } from '@blok/contract/own-cards';

/**
 * Her set in the shape of a subject's flashcards overview, so the flashcards' settings form
 * (set or favorites, order, first side, only unknown) serves her own set too (decision 023).
 */
export function asFlashcardOverview(set: OwnSetDetail): FlashcardOverview {
  return {
    subjectId: set.subjectId ?? '',
    subjectTitle: set.subjectTitle ?? set.title,
    sets: [
      {
        id: set.id,
        title: set.title,
        description: set.description,
        sortIndex: set.sortIndex,
        chapterId: null,
        cardCount: set.cardCount,
        knownCount: set.knownCount,
        progress: set.progress,
        sessionId: set.study.sessionId,
        dueCount: set.study.review ? set.study.review.dueCount : null,
      },
    ],
    favorites: set.study.favorites,
    review: set.study.review,
  };
}
