import { Outlet, type RouteObject } from 'react-router';
import { renderRoute } from './render.tsx';
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
export function renderFirstScreen(screen: PrerenderedScreen): Promise<string> {
  return renderRoute(routes, PRERENDERED_SCREENS[screen]);
}
