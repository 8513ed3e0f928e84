import type { ReactNode } from 'react';
import { render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, vi } from 'vitest';
import { AppProvider } from '../app/provider.tsx';
import { followSessionEvents, routes } from '../app/router.tsx';
import { queryClient } from '../lib/react-query.ts';

/** Renders a piece of the app inside the app's providers (translations, server state, toasts), without the router. */
export function renderWithProviders(ui: ReactNode) {
  return render(<AppProvider>{ui}</AppProvider>);
}

/**
 * Renders the real app (routes, guards, layouts) at a path, in memory, and waits until the first
 * navigation (guards and lazy route modules) has settled.
 */
export async function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const stopFollowing = followSessionEvents(router);
  const view = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  // The first import of a lazy route module is transformed on demand and can be slow.
  await waitFor(
    () => {
      expect(router.state.initialized && router.state.navigation.state === 'idle').toBe(true);
      expect(document.querySelector('[data-app-splash]')).toBeNull();
    },
    { timeout: 10_000 },
  );
  return {
    ...view,
    router,
    unmount: () => {
      stopFollowing();
      view.unmount();
    },
  };
}

/**
 * Server errors (5xx, a lost connection) fail a query at once, without the app's two retries a second
 * and two apart: for tests of a screen's load error. The setup restores the app's defaults after each test.
 */
export function failQueriesAtOnce() {
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
}

/**
 * What a screen reader reads of an element's text: its text nodes in order, as they run together,
 * without the parts hidden from it (aria-hidden). Two numbers in adjacent nodes merge here as they do
 * when spoken.
 */
export function spokenText(element: Element): string {
  let text = '';
  const walk = (node: Node) => {
    if (node instanceof Element && node.getAttribute('aria-hidden') === 'true') return;
    if (node.nodeType === Node.TEXT_NODE) text += node.textContent ?? '';
    node.childNodes.forEach(walk);
  };
  walk(element);
  return text.replace(/\s+/g, ' ').trim();
}

type MockRoute = {
  method?: string;
  /** path under /api, e.g. 'auth/login' */
  path: string;
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
};

/** Stubs fetch with canned answers per method + path; unknown calls answer 404. Returns the spy. */
export function mockApi(routesToMock: MockRoute[]) {
  const spy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = new URL(url, 'http://localhost').pathname.replace(/^\/api\//, '');
    const match = routesToMock.find((r) => r.path === path && (r.method ?? 'GET').toUpperCase() === method);
    if (!match) return new Response(JSON.stringify({ error: 'not_found', error_description: 'Niet gevonden' }), { status: 404 });
    const status = match.status ?? 200;
    const body = match.body === undefined || status === 204 ? null : JSON.stringify(match.body);
    return new Response(body, { status, headers: { 'content-type': 'application/json', ...match.headers } });
  });
  vi.stubGlobal('fetch', spy);
  return spy;
}
