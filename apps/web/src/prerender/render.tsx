import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router';
import { renderToString } from 'react-dom/server';
import { QueryClient } from '@tanstack/react-query';
import { AppProvider } from '../app/provider.tsx';

/**
 * A screen's markup as the app renders it, with React's server renderer (decisions 032, 048): the
 * routes' components at `path` through react-router's static handler, around a query cache that
 * `fill` may give the screen's data; `before` runs right before the (synchronous) render, for what the
 * screen reads of her browser. Renders that overlap in their awaits never see each other's browser.
 */
export async function renderRoute(
  routes: RouteObject[],
  path: string,
  { fill, before }: { fill?: (queryClient: QueryClient) => void; before?: () => void } = {},
): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://blok.invalid')));
  if (context instanceof Response) throw new Error(`render: ${path} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  fill?.(queryClient);
  before?.();
  try {
    return renderToString(
      <AppProvider queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>,
    );
  } finally {
    // The queries the screen made and were not given (the catalogue's on the registration, still
    // pending) hold a garbage-collection timer of five minutes each: without this the build waited
    // for them before it could end.
    queryClient.clear();
  }
}
