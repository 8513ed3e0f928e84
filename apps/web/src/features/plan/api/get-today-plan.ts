import { queryOptions, useQuery } from '@tanstack/react-query';
import { TodayPlanSchema } from '@blok/contract/plan';
import { api } from '../../../lib/api-client.ts';
import { timeZone } from '../utils/time-zone.ts';

/** GET plan/today: today's tasks over her planned subjects, ticked off from what she did today. */
export const getTodayPlan = (signal?: AbortSignal) =>
  api.get(`plan/today?timeZone=${encodeURIComponent(timeZone())}`, TodayPlanSchema, { signal, skipErrorPopup: true });

export const todayPlanQueryOptions = () =>
  queryOptions({
    queryKey: ['plan', 'today'],
    queryFn: ({ signal }) => getTodayPlan(signal),
    staleTime: 0,
  });

/** An answer younger than this was asked for this very opening of Home (its loader, a first visit's early read). */
export const JUST_FETCHED_MS = 2_000;

/**
 * Always current when Home opens (staleTime 0: what she did since is ticked off), except when the
 * answer was fetched for this opening itself (Home's loader or a first visit's early read, issue 43):
 * then asking again would only repeat it.
 */
export const useTodayPlan = () =>
  useQuery({ ...todayPlanQueryOptions(), refetchOnMount: (query) => Date.now() - query.state.dataUpdatedAt >= JUST_FETCHED_MS });
