import type { RouteObject } from 'react-router';
import type { HomeBanner, HomeContinue } from '@blok/contract/library';
import type { TodayPlan } from '@blok/contract/plan';
import type { Profile } from '@blok/contract/user';
import { renderRoute } from './render.tsx';
import { AppLayout } from '../components/layouts/app-layout.tsx';
import { RootLayout } from '../app/root-layout.tsx';
import { Component as Home } from '../app/routes/home/home.tsx';
import { paths } from '../config/paths.ts';
import { loadNamespaces } from '../lib/i18n.ts';
import { markSignedIn } from '../lib/auth/token-storage.ts';
import { profileQueryOptions } from '../features/user/api/get-profile.ts';
import { continueQueryOptions } from '../features/home/api/get-continue.ts';
import { homeBannerQueryOptions } from '../features/home/api/get-home-banner.ts';
import { todayPlanQueryOptions } from '../features/plan/api/get-today-plan.ts';

export { withScreen, namedStyles } from './page.ts';

/**
 * Her Home rendered by the server for the page itself (issue 43, decision 048), as her chapter is
 * (reader-screen.tsx): the app's own root layout, layout and Home route (the whole tree the app
 * hydrates), React's server renderer, the four answers Home's first screen shows (profile, 'Verder
 * studeren', the banner, 'Vandaag') as the API answers them. The API runs it on its render thread;
 * the app hydrates the page (main.tsx).
 */
const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    children: [{ Component: AppLayout, children: [{ path: paths.home.root.path, children: [{ index: true, Component: Home }] }] }],
  },
];

/** The strings Home's first render shows beyond the entry's own, loaded once when the thread starts. */
export async function prepareHome(): Promise<void> {
  await loadNamespaces(['library', 'plan']);
}

export type HomeScreen = {
  profile: Profile;
  continueCards: HomeContinue;
  banner: HomeBanner;
  today: TodayPlan;
};

/** The markup inside #root of Home's page as the app renders it on her first visit. */
export function renderHomeScreen({ profile, continueCards, banner, today }: HomeScreen): Promise<string> {
  return renderRoute(routes, paths.home.root.getHref(), {
    fill: (queryClient) => {
      queryClient.setQueryData(profileQueryOptions().queryKey, profile);
      queryClient.setQueryData(continueQueryOptions().queryKey, continueCards);
      queryClient.setQueryData(homeBannerQueryOptions().queryKey, banner);
      queryClient.setQueryData(todayPlanQueryOptions().queryKey, today);
    },
    before: markSignedIn,
  });
}
