import type { RouteHandle } from '../components/layouts/app-layout.tsx';
import type { Namespace, QualifiedKey } from '../lib/i18n.ts';

/** What a route's `handle` may carry. */
export type AppRouteHandle = RouteHandle & {
  /** i18n key of the document title, with its namespace */
  titleKey?: QualifiedKey;
  /**
   * The namespaces (outside the first-visit ones) the screen shows, loaded with its code (issue 30);
   * the title's comes with it. A signed-in route without this list loads every namespace.
   */
  namespaces?: readonly Namespace[];
};
