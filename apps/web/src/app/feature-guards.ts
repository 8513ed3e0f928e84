import { redirect } from 'react-router';
import { paths } from '../config/paths.ts';
import { appConfigQueryOptions } from '../lib/app-config.ts';
import { queryClient } from '../lib/react-query.ts';

/**
 * The flashcard routes exist only with flashcardsEnabled (GET /api/config): with the flag off
 * they answer the not-found page. Flags that cannot be read keep the spec's default (on).
 */
export async function requireFlashcards(): Promise<Response | null> {
  const config = await queryClient.ensureQueryData(appConfigQueryOptions).catch(() => null);
  return config && !config.flashcardsEnabled ? redirect(paths.notFound.getHref()) : null;
}
