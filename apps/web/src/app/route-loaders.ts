import { matchRoutes, type LoaderFunction, type LoaderFunctionArgs, type Params, type RouteObject } from 'react-router';
import type { QueryKey } from '@tanstack/react-query';
import { queryClient as defaultQueryClient } from '../lib/react-query.ts';
import { isMarkedSignedIn } from '../lib/auth/token-storage.ts';
import { loadLaterNamespaces, loadNamespaces, type Namespace } from '../lib/i18n.ts';
import type { AppRouteHandle } from './route-handle.ts';

/** What a loader hands to `prefetchQuery`: a screen's own query options. */
type Prefetchable = { queryKey: QueryKey; queryFn?: unknown };

/**
 * The queries a screen shows first, from its params. The options come from the feature's api module,
 * imported here on demand: the module is small and shared with the route's chunk, so the fetch starts
 * while the screen's code is still on its way.
 */
type QueriesOf = (params: Params) => Promise<Prefetchable[]>;

/**
 * A route loader that starts the screen's queries together with its code (issue 14) instead of
 * chunk → mount → fetch. It never waits for them: the route renders as soon as its code is there and
 * its `useQuery` picks up the request already under way (or the fresh cached answer, as
 * `prefetchQuery` respects staleTime). Offline a prefetch pauses and the saved cache shows
 * (decision 013). Signed out it does nothing: the guard sends her away.
 */
export function prefetchOnNavigation(queries: QueriesOf, queryClient = defaultQueryClient): (args: LoaderFunctionArgs) => null {
  return ({ params }) => {
    if (!isMarkedSignedIn()) return null;
    void queries(params).then(
      (options) => {
        for (const option of options) void queryClient.prefetchQuery(option as Parameters<typeof queryClient.prefetchQuery>[0]);
      },
      // The api module did not arrive: the screen's own chunk fails the same way and shows why.
      () => undefined,
    );
    return null;
  };
}

/** Runs loaders side by side; the first redirect or result that is not null wins. */
export function allOf(...loaders: LoaderFunction[]): LoaderFunction {
  return async (args) => {
    const results = await Promise.all(loaders.map((loader) => loader(args)));
    return results.find((result) => result !== null && result !== undefined) ?? null;
  };
}

/** The namespaces a route's screen needs: its handle's list and its title's, or null when it names none. */
export function handleNamespaces(handle: AppRouteHandle | undefined): Namespace[] | null {
  if (!handle?.namespaces) return null;
  const title = handle.titleKey ? (handle.titleKey.slice(0, handle.titleKey.indexOf(':')) as Namespace) : null;
  return [...new Set([...handle.namespaces, ...(title ? [title] : [])])];
}

/**
 * The strings of the screen at the loader's address, fetched with the route's code (issue 30): the
 * deepest matching route's `handle.namespaces` (app/route-handle.ts), each namespace its own chunk;
 * every later namespace when that route names none.
 */
export function screenNamespaces(routes: () => RouteObject[]): LoaderFunction {
  return async ({ request }) => {
    // Matching the whole route table again costs a phone about as much as the router's own start;
    // in a task of its own, not in the one that makes the router and runs its loaders (issue 43).
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
    const match = matchRoutes(routes(), new URL(request.url).pathname)?.at(-1);
    const needed = handleNamespaces(match?.route.handle as AppRouteHandle | undefined);
    await (needed ? loadNamespaces(needed) : loadLaterNamespaces());
    return null;
  };
}

/** Loads these namespaces, for a route outside the signed-in group (decision 014, issue 30). */
export function namespaces(...list: Namespace[]): () => Promise<null> {
  return async () => {
    await loadNamespaces(list);
    return null;
  };
}
