import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

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
    app.get('/', (_req, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
    app.get('/*', (req, reply) => {
      const path = (req.params as { '*': string })['*'];
      if (path.startsWith('api/') || path === 'api') {
        return reply.status(404).send({ error: 'not_found', error_description: 'Deze pagina of dit adres bestaat niet.' });
      }
      if (/\.[a-z0-9]+$/i.test(path)) {
        return reply.status(404).send({ error: 'not_found', error_description: 'Dit bestand bestaat niet.' });
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'web' },
);
