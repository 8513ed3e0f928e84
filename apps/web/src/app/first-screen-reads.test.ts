import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchRoutes, type LoaderFunctionArgs } from 'react-router';
import { signIn } from '../lib/auth/session.ts';
import { queryClient } from '../lib/react-query.ts';
import { testTokens } from '../testing/fixtures.ts';
import { firstScreenReads } from './first-screen-reads.ts';
import { routes } from './router.tsx';

/** The API paths the router's loaders ask for on a first visit of `pathname` (signed in). */
async function loaderReads(pathname: string, expected: string[]): Promise<string[]> {
  const asked = new Set<string>();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      asked.add(`${url.pathname.replace(/^\/api\//, '')}${url.search}`);
      return Response.json({ error: 'not_found' }, { status: 404 });
    }),
  );
  const request = new Request(`http://localhost${pathname}`);
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const loader = match.route.loader;
    if (typeof loader === 'function') await loader({ params: match.params, request, context: undefined } as unknown as LoaderFunctionArgs);
  }
  // the loaders start their queries without waiting for them: wait until they are all out
  await vi.waitFor(() => expect([...asked].sort()).toEqual([...expected].sort()));
  return [...asked];
}

describe('first-screen reads (decision 014, first-visit data)', () => {
  afterEach(() => queryClient.clear());

  it.each(['/summary/read/sum-1/ch-1', '/summary/read/a%20b/c%C3%A9', '/summary/read/sum-2', '/home', '/bibliotheek'])(
    'asks early for exactly what the loader of %s asks for',
    async (pathname) => {
      await signIn(testTokens);
      const early = firstScreenReads(pathname, true);
      expect(early.length).toBeGreaterThan(0);
      expect((await loaderReads(pathname, early)).sort()).toEqual([...early].sort());
    },
  );

  it('asks nothing signed out, nor for screens without early reads', () => {
    expect(firstScreenReads('/summary/read/sum-1/ch-1', false)).toEqual([]);
    expect(firstScreenReads('/summary/read/sum-1/chapters', true)).toEqual([]);
    expect(firstScreenReads('/auth/login', true)).toEqual([]);
    expect(firstScreenReads('/', true)).toEqual(firstScreenReads('/home', true));
  });
});
