import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

/**
 * The screens a first visit opens, by address (without the leading slash), and the copy of
 * index.html the web build writes for each (`first-screen/<page>.html`, vite.config.ts FIRST_SCREENS):
 * it also names the screen's chunks and stylesheets, so the browser fetches them with the entry
 * instead of after it ran (decision 014, "First screens"). The addresses are main.tsx's
 * fetchFirstScreen's. `/` shows Home to a signed-in browser and the registration to any other: the
 * token cookies tell which copy to send (a hint for what to fetch, nothing more; a wrong guess costs
 * a fetch, never a wrong screen).
 */
const SIGNED_IN_COOKIE = /(?:^|;\s*)(?:access_token|refresh_token)=[^;]/;
const FIRST_SCREENS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^auth\/login\/?$/, 'login'],
  [/^auth\/register\/?$/, 'register'],
  [/^home\/?$/, 'home'],
  [/^summary\/read\//, 'reader'],
  [/^bibliotheek\/?$/, 'library'],
];

/**
 * Serves the built web app (apps/web/dist) on / with the SPA fallback: @fastify/static registers a
 * route per built file; any other GET outside /api that does not look like a file answers
 * index.html, so the client router handles deep links.
 */
export default fp<{ root: string }>(
  async (app, opts) => {
    const index = join(opts.root, 'index.html');
    if (!existsSync(index)) {
      app.log.warn({ root: opts.root }, 'web build not found; serving the API only');
      return;
    }
    // a build without the copies (an older one) answers index.html everywhere
    const firstScreens = FIRST_SCREENS.filter(([, page]) => existsSync(join(opts.root, 'first-screen', `${page}.html`)));
    await app.register(fastifyStatic, {
      root: opts.root,
      wildcard: false,
      index: false,
      // The web build writes a .br and a .gz next to every compressible file (apps/web/scripts/
      // precompress.mjs): sent as they are when the browser accepts them, never compressed per request.
      preCompressed: true,
      // @fastify/static's own `cache-control: public, max-age=0` would overwrite setHeaders' header.
      cacheControl: false,
      setHeaders(res, path) {
        // Content-hashed files under assets/ never change; index.html, sw.js and the rest may.
        if (/[\\/]assets[\\/]/.test(path)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        else res.setHeader('cache-control', 'no-cache');
        res.setHeader('vary', 'accept-encoding');
      },
    });
    const home = firstScreens.find(([, page]) => page === 'home');
    const register = firstScreens.find(([, page]) => page === 'register');
    app.get('/', (req, reply) => {
      const screen = SIGNED_IN_COOKIE.test(req.headers.cookie ?? '') ? home : register;
      return reply.header('cache-control', 'no-cache').sendFile(screen ? `first-screen/${screen[1]}.html` : 'index.html');
    });
    app.get('/*', (req, reply) => {
      const path = (req.params as { '*': string })['*'];
      if (path.startsWith('api/') || path === 'api') {
        return reply.status(404).send({ error: 'not_found', error_description: 'Deze pagina of dit adres bestaat niet.' });
      }
      if (/\.[a-z0-9]+$/i.test(path)) {
        return reply.status(404).send({ error: 'not_found', error_description: 'Dit bestand bestaat niet.' });
      }
      const screen = firstScreens.find(([address]) => address.test(path));
      return reply.header('cache-control', 'no-cache').sendFile(screen ? `first-screen/${screen[1]}.html` : 'index.html');
    });
  },
  { name: 'web' },
);
