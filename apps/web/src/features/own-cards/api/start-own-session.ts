import { FlashcardSessionSchema } from '@blok/contract/flashcards';
import type { StartOwnSessionBody } from '@blok/contract/own-cards';
import { api } from '../../../lib/api-client.ts';
import { timeZone } from '../utils/time-zone.ts';

/**
 * POST own-flashcard-sets/{id}/sessions: a flashcard session over her set (the whole set, her
 * favorites in it, or FSRS review); the flashcards feature's session screen shows it.
 */
export const startOwnSession = (setId: string, body: StartOwnSessionBody) =>
  api.post(`own-flashcard-sets/${encodeURIComponent(setId)}/sessions`, { ...body, timeZone: timeZone() }, FlashcardSessionSchema, { skipErrorPopup: true });
