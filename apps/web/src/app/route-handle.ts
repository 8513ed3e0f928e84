import type { RouteHandle } from '../components/layouts/app-layout.tsx';
import type { QualifiedKey } from '../lib/i18n.ts';

/** What a route's `handle` may carry. */
export type AppRouteHandle = RouteHandle & {
  /** i18n key of the document title, with its namespace */
  titleKey?: QualifiedKey;
};
