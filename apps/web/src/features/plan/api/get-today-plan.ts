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

export const useTodayPlan = () => useQuery(todayPlanQueryOptions());
