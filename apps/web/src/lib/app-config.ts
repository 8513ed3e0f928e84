import { queryOptions, useQuery } from '@tanstack/react-query';
import { AppConfigSchema, type AppConfig } from '@blok/contract/config';
import { api } from './api-client.ts';

/** GET /api/config: the deployment's feature flags (public; read once per visit). */
export const appConfigQueryOptions = queryOptions({
  queryKey: ['config'] as const,
  queryFn: ({ signal }) => api.get('config', AppConfigSchema, { signal, skipErrorPopup: true }),
  staleTime: Infinity,
});

export const useAppConfig = () => useQuery(appConfigQueryOptions);

/**
 * Whether flashcards are on. While the flags load (or if they cannot be read) the spec's default
 * holds: flashcards on, spaced repetition off.
 */
export function useFeatureFlags(): AppConfig {
  const { data } = useAppConfig();
  return { flashcardsEnabled: data?.flashcardsEnabled ?? true, leitnerEnabled: data?.leitnerEnabled ?? false };
}
