import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { TodayPlan } from '@blok/contract/plan';
import { signIn } from '../../../lib/auth/session.ts';
import { queryClient } from '../../../lib/react-query.ts';
import { testTokens } from '../../../testing/fixtures.ts';
import { mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { JUST_FETCHED_MS, todayPlanQueryOptions, useTodayPlan } from './get-today-plan.ts';

const plan: TodayPlan = { date: '2026-11-29', timeZone: 'Europe/Amsterdam', subjects: [], allDone: false };

function Today() {
  const today = useTodayPlan();
  return <p>{today.data ? `plan van ${today.data.date}` : 'laden'}</p>;
}

const todayCalls = (spy: ReturnType<typeof mockApi>) => spy.mock.calls.filter(([input]) => String(input instanceof Request ? input.url : input).includes('/plan/today')).length;

describe("Home's 'Vandaag' (issue 43)", () => {
  afterEach(() => queryClient.clear());

  it('takes the answer fetched for this opening (its loader, the early read) without asking again', async () => {
    await signIn(testTokens);
    const spy = mockApi([{ path: 'plan/today', body: plan }]);
    await queryClient.prefetchQuery(todayPlanQueryOptions());
    expect(todayCalls(spy)).toBe(1);
    renderWithProviders(<Today />);
    expect(await screen.findByText('plan van 2026-11-29')).toBeInTheDocument();
    // a refetch on mount would have gone out by now
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(todayCalls(spy)).toBe(1);
  });

  it('asks again when Home opens later: what she did since is ticked off', async () => {
    await signIn(testTokens);
    const spy = mockApi([{ path: 'plan/today', body: { ...plan, allDone: true } }]);
    queryClient.setQueryData(todayPlanQueryOptions().queryKey, plan, { updatedAt: Date.now() - JUST_FETCHED_MS - 1 });
    renderWithProviders(<Today />);
    expect(screen.getByText('plan van 2026-11-29')).toBeInTheDocument();
    await waitFor(() => expect(todayCalls(spy)).toBe(1));
    await waitFor(() => expect(queryClient.getQueryData(todayPlanQueryOptions().queryKey)).toMatchObject({ allDone: true }));
  });
});
