import { Outlet, createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router';
import { renderToString } from 'react-dom/server';
import { QueryClient } from '@tanstack/react-query';
import { AppProvider } from '../app/provider.tsx';
import { AuthLayout } from '../components/layouts/auth-layout.tsx';
import { Component as Login } from '../app/routes/auth/login.tsx';
import { Component as Register } from '../app/routes/auth/register.tsx';
import { paths } from '../config/paths.ts';
import { PRERENDERED_SCREENS, type PrerenderedScreen } from '../app/first-screens.ts';

export { PRERENDERED_SCREENS };
export { withScreen } from './page.ts';

/**
 * The first screens that look the same to every visitor, rendered at build time (decision 032,
 * scripts/prerender.mjs): the login page and the registration's first step (where `/` leads a
 * visitor). The same layout and route
 * components as the app's router (app/router.tsx), in the same places, with React's own server
 * renderer; the app then renders them again in the browser and takes their place.
 * Only what sits inside #root on the page: the root layout's toasts and progress bar show nothing
 * on a first visit.
 */
const routes: RouteObject[] = [
  {
    id: 'root',
    Component: Outlet,
    children: [
      {
        path: paths.auth.root.path,
        Component: AuthLayout,
        children: [
          { path: paths.auth.login.path, Component: Login },
          { path: paths.auth.register.path, Component: Register },
        ],
      },
    ],
  },
];

/** The markup of a screen as the app renders it for a visitor on a phone's first visit. */
export async function renderFirstScreen(screen: PrerenderedScreen): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(PRERENDERED_SCREENS[screen], 'http://blok.invalid')));
  if (context instanceof Response) throw new Error(`prerender: ${screen} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = new QueryClient();
  try {
    return renderToString(
      <AppProvider queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>,
    );
  } finally {
    // The queries the screen made (the catalogue's, still pending) hold a garbage-collection timer of
    // five minutes each: without this the build waited for them before it could end.
    queryClient.clear();
  }
}
