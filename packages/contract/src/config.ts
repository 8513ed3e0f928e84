import { z } from 'zod/mini';

/** Feature flags the web app reads at start (GET /api/config); set by the API's environment. */
export const AppConfigSchema = z.object({
  /** flashcards: the four flashcard routes and every entry point to them (spec section 1: true) */
  flashcardsEnabled: z.boolean(),
  /** spaced repetition with FSRS (spec section 1: false); only with flashcardsEnabled */
  leitnerEnabled: z.boolean(),
});
export type AppConfig = z.infer<typeof AppConfigSchema>;
