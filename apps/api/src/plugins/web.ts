import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ChapterParamsSchema } from '@blok/contract/library';
import { notFound } from './error-handler.ts';
import { sessionOf } from './authenticate.ts';
import { ScreenPages } from '../web-render/screen-pages.ts';
import type { Encoding, HomeScreenData, ReaderScreenData } from '../web-render/types.ts';

/**
 * The screens a first visit opens each have a copy of index.html in the web build
 * (`first-screen/<page>.html`): it also names the screen's chunks and stylesheets, so the browser
 * fetches them with the entry instead of after it ran (decision 014, "First screens"). `/` shows Home
 * to a signed-in browser and the registration to any other: the web app's cookies tell which copy to
 * send (a hint for what to fetch, nothing more; a wrong guess costs a fetch, never a wrong screen):
 * its access token, or once that ran out its `signed_in` marker (the refresh token is an HttpOnly
 * cookie of /api/auth, never sent with a page, decision 034; `refresh_token` is the readable one of
 * a browser from before).
 */
const SIGNED_IN_COOKIE = /(?:^|;\s*)(?:access_token|signed_in|refresh_token)=[^;]/;

/**
 * The first screens' addresses as the web build wrote them (`first-screen/addresses.json`, from the
 * web app's own list, apps/web/src/app/first-screens.ts), each with its copy of index.html. A build
 * without them (an older one) has none: index.html everywhere.
 */
function readFirstScreens(root: string): Array<{ page: string; address: RegExp }> {
  const file = join(root, 'first-screen', 'addresses.json');
  if (!existsSync(file)) return [];
  const listed = JSON.parse(readFileSync(file, 'utf8')) as Array<{ page?: unknown; address?: unknown }>;
  return listed.flatMap(({ page, address }) =>
    typeof page === 'string' && /^[a-z-]+$/.test(page) && typeof address === 'string' && existsSync(join(root, 'first-screen', `${page}.html`))
      ? [{ page, address: new RegExp(address) }]
      : [],
  );
}

/**
 * The first screens whose copy carries the screen itself, rendered at build time for a visitor
 * (`first-screen/prerendered.json`, decision 032): a signed-in browser gets index.html there instead,
 * so it never sees the visitor's screen before the app sends it on.
 */
function readPrerendered(root: string): Set<string> {
  const file = join(root, 'first-screen', 'prerendered.json');
  if (!existsSync(file)) return new Set();
  const listed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  return new Set(Array.isArray(listed) ? listed.filter((page): page is string => typeof page === 'string') : []);
}

/** A cookie's value from the request's Cookie header (the first of that name), or undefined. */
function cookie(req: FastifyRequest, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The encoding of a page the browser accepts, brotli first. */
function acceptedEncoding(req: FastifyRequest): Encoding {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

/** A place in a chapter below this is its top: the page shows the chapter from there. */
const TOP_OF_CHAPTER = 0.02;

/** The student of a page request: her `access_token` cookie passing the API's own check (token, device, account), or null. */
async function pageStudent(app: FastifyInstance, req: FastifyRequest) {
  const token = cookie(req, 'access_token');
  if (!token) return null;
  const session = await sessionOf(app, token);
  return session.ok ? session.auth : null;
}

/**
 * Her chapter's data for the reader's page rendered by the server (decision 048), or null for the
 * plain page: the address of one chapter, her access token cookie (the one the app sends as its bearer
 * token; SameSite=Strict, so a page asked for from another site never carries it) passing the API's own
 * check, the chapter hers to read (not a Premium chapter without a subscription), and her place in it
 * at its top (the app scrolls her to a place further on). Anything else, or any error, is the plain
 * page: the app then answers as it always did.
 */
async function readerScreen(app: FastifyInstance, req: FastifyRequest, path: string): Promise<ReaderScreenData | null> {
  const [, id, chapterId] = /^\/summary\/read\/([^/]+)\/([^/]+)\/?$/.exec(path) ?? [];
  const params = ChapterParamsSchema.safeParse({ id, chapterId });
  if (!params.success) return null;
  const her = await pageStudent(app, req);
  if (!her) return null;
  const [summary, chapter] = await Promise.all([
    app.services.reader.summary(her.student, params.data.id),
    app.services.reader.chapter(her.student, params.data.id, params.data.chapterId),
  ]);
  if (chapter.position >= TOP_OF_CHAPTER) return null;
  const size = Number(cookie(req, 'blok_text_size'));
  return { path, summary, chapter, textSize: Number.isInteger(size) ? size : null };
}

/**
 * Her Home's data for its page rendered by the server (decision 048): the four reads of Home's first
 * screen as the API answers them ('Vandaag' in the time zone her plan keeps), or null for the plain page.
 */
async function homeScreen(app: FastifyInstance, req: FastifyRequest): Promise<HomeScreenData | null> {
  const her = await pageStudent(app, req);
  if (!her) return null;
  const [profile, continueCards, banner, today] = await Promise.all([
    app.services.user.profile(her.userId),
    app.services.home.continueCards(her.student),
    app.services.home.homeBanner(her.student),
    app.services.plan.today(her.student),
  ]);
  return { profile, continueCards, banner, today };
}

/** The path of a request's address without its query, decoded as the router decoded it. */
function decodedPath(url: string): string {
  const path = url.split('?', 1)[0]!;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * Serves the built web app (apps/web/dist) on / with the SPA fallback: @fastify/static registers a
 * route per built file; any other GET that reaches no route (the API's addresses never do: the /api
 * context has its own 404) and does not look like a file answers index.html, so the client router
 * handles deep links.
 */
export default fp<{ root: string; serverRender?: { timeoutMs: number } }>(
  async (app, opts) => {
    const index = join(opts.root, 'index.html');
    if (!existsSync(index)) {
      app.log.warn({ root: opts.root }, 'web build not found; serving the API only');
      app.setNotFoundHandler(notFound);
      return;
    }
    const firstScreens = readFirstScreens(opts.root);
    // her chapter and her Home rendered into their pages, on a thread of its own (decision 048)
    const screenPages = opts.serverRender
      ? ScreenPages.of({ webRoot: opts.root, timeoutMs: opts.serverRender.timeoutMs, queue: 8, heapMb: 128, log: app.log })
      : null;
    if (screenPages) {
      app.addHook('onReady', async () => screenPages.start());
      app.addHook('onClose', async () => screenPages.close());
    }
    /** Her page with its screen in it, or null for the plain page. */
    const rendered = async (req: FastifyRequest, page: string | undefined, path: string) => {
      if (!screenPages || (page !== 'reader' && page !== 'home') || !SIGNED_IN_COOKIE.test(req.headers.cookie ?? '')) return null;
      try {
        const screen = page === 'reader' ? await readerScreen(app, req, path).then((data) => data && ({ screen: 'reader', data }) as const) : await homeScreen(app, req).then((data) => data && ({ screen: 'home', data }) as const);
        if (!screen) return null;
        const encoding = acceptedEncoding(req);
        const body = await screenPages.render(screen, encoding);
        return body ? { body, encoding } : null;
      } catch {
        // a chapter she may not read, a summary gone, the database busy: the app answers it as always
        return null;
      }
    };
    /** Sends her rendered page: hers alone, never kept by a cache on the way, nor by the browser. */
    const sendRendered = (reply: FastifyReply, page: { body: Buffer; encoding: Encoding }) => {
      reply.status(200).header('cache-control', 'private, no-store').header('vary', 'accept-encoding, cookie').type('text/html; charset=utf-8');
      if (page.encoding !== 'identity') reply.header('content-encoding', page.encoding);
      return reply.send(page.body);
    };
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
    const prerendered = readPrerendered(opts.root);
    /** The copy of index.html for a screen, or index.html itself. */
    const pageFor = (screen: { page: string } | undefined, signedIn: boolean): string =>
      !screen || (signedIn && prerendered.has(screen.page)) ? 'index.html' : `first-screen/${screen.page}.html`;
    const home = firstScreens.find(({ page }) => page === 'home');
    const register = firstScreens.find(({ page }) => page === 'register');
    app.get('/', async (req, reply) => {
      const signedIn = SIGNED_IN_COOKIE.test(req.headers.cookie ?? '');
      const page = signedIn ? await rendered(req, 'home', '/') : null;
      if (page) return sendRendered(reply, page);
      return reply.header('cache-control', 'no-cache').sendFile(pageFor(signedIn ? home : register, signedIn));
    });
    // The SPA fallback is the pages' not-found handler, not a `/*` route: such a route would also
    // catch the API's unknown addresses (find-my-way falls back to it), which belong to the /api
    // context's own 404 with the API's headers and request limit (app.ts).
    app.setNotFoundHandler(async (req, reply) => {
      const path = decodedPath(req.url);
      if (/\.[a-z0-9]+$/i.test(path)) return reply.status(404).send({ error: 'not_found', error_description: 'Dit bestand bestaat niet.' });
      if (req.method !== 'GET' && req.method !== 'HEAD') return notFound(req, reply);
      const screen = firstScreens.find(({ address }) => address.test(path));
      const signedIn = SIGNED_IN_COOKIE.test(req.headers.cookie ?? '');
      const page = await rendered(req, screen?.page, path);
      if (page) return sendRendered(reply, page);
      return reply.status(200).header('cache-control', 'no-cache').sendFile(pageFor(screen, signedIn));
    });
  },
  { name: 'web' },
);
