import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { clearAuthStorage, markSignedIn } from '../lib/auth/token-storage.ts';
import { allOf, handleNamespaces, prefetchOnNavigation } from './route-loaders.ts';
import { routes } from './router.tsx';

const args = (params: Record<string, string>) => ({ params, request: new Request('http://localhost/x'), context: undefined }) as unknown as LoaderFunctionArgs;

describe('route loaders (issue 14)', () => {
  afterEach(() => clearAuthStorage());

  it('starts the screen queries from the params without waiting for them', async () => {
    markSignedIn();
    const client = new QueryClient();
    let answer: (value: string) => void = () => undefined;
    const queryFn = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    const loader = prefetchOnNavigation(async ({ id = '' }) => [{ queryKey: ['summary', id], queryFn }], client);
    // The loader returns at once: the route renders when its code is there, not when the data is.
    expect(loader(args({ id: 's1' }))).toBeNull();
    await vi.waitFor(() => expect(queryFn).toHaveBeenCalledTimes(1));
    answer('the summary');
    await vi.waitFor(() => expect(client.getQueryData(['summary', 's1'])).toBe('the summary'));
  });

  it('does nothing signed out, and swallows an api module that did not arrive', async () => {
    const client = new QueryClient();
    const queries = vi.fn(async () => [{ queryKey: ['x'], queryFn: () => 1 }]);
    expect(prefetchOnNavigation(queries, client)(args({}))).toBeNull();
    expect(queries).not.toHaveBeenCalled();
    markSignedIn();
    expect(prefetchOnNavigation(() => Promise.reject(new Error('chunk')), client)(args({}))).toBeNull();
  });

  it('allOf runs loaders side by side and passes on the first real result (a redirect)', async () => {
    const redirect = new Response(null, { status: 302, headers: { location: '/logout' } });
    expect(await allOf(() => null, () => redirect)(args({}))).toBe(redirect);
    expect(await allOf(() => null, async () => null)(args({}))).toBeNull();
  });
});

describe('namespaces per route (issue 30)', () => {
  it('names the title’s namespace with the screen’s, and none for a route that lists none', () => {
    expect(handleNamespaces({ titleKey: 'library:details.title', namespaces: ['summary'] })).toEqual(['summary', 'library']);
    expect(handleNamespaces({ titleKey: 'summary:read.title', namespaces: ['summary'] })).toEqual(['summary']);
    expect(handleNamespaces({ titleKey: 'shop:title' })).toBeNull();
  });

  it('gives the reader only its own strings: her highlights bring theirs after the first paint (issue 43)', () => {
    const find = (list: typeof routes, path: string): (typeof routes)[number] | undefined =>
      list.map((r) => (r.path === path ? r : find(r.children ?? [], path))).find(Boolean);
    expect(handleNamespaces(find(routes, '/summary/read/:id/:chapterId?')?.handle)).toEqual(['summary']);
  });
});
