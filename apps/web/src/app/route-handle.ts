import type { RouteHandle } from '../components/layouts/app-layout.tsx';

/** What a route's `handle` may carry. */
export type AppRouteHandle = RouteHandle & {
  /** i18n key of the document title */
  titleKey?: string;
};
