import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import fp from 'fastify-plugin';
import compress from '@fastify/compress';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Smaller answers go as they are: compressing them costs more CPU than the bytes it saves. */
export const COMPRESS_MIN_BYTES = 8 * 1024;

/** The encoding to use for an Accept-Encoding header: brotli, then gzip, else none. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
    accepted.set(name!.trim(), q ? Number(q[1]) : 1);
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

/**
 * Large JSON answers of GET calls (the register screen's catalogue is 99 KB, a long chapter tens of
 * KB) go compressed when the browser accepts it: brotli at quality 5 or gzip at level 6, in zlib's
 * thread pool so the event loop is not blocked. Small answers (every hot path of the bench but the
 * chapter) and writes are untouched. The web's static files are precompressed at build time
 * (plugins/web.ts), not here. It stands in for @fastify/compress, whose async onSend hook ran on
 * every answer (decision 019); `STAND_INS_OFF=compress-json` puts it back (`compressJsonByLibrary`).
 */
export default fp(
  async (app) => {
    // A callback hook, not an async one: every answer passes here, and all but the large GET
    // answers leave at once, without a promise and a turn of the microtask queue each.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.method !== 'GET' || reply.statusCode !== 200) return done(null, payload);
      if (typeof payload !== 'string' || payload.length < COMPRESS_MIN_BYTES) return done(null, payload);
      if (reply.hasHeader('content-encoding')) return done(null, payload);
      const type = reply.getHeader('content-type');
      if (typeof type !== 'string' || !type.startsWith('application/json')) return done(null, payload);
      reply.header('vary', 'accept-encoding');
      const encoding = pickEncoding(request.headers['accept-encoding']);
      if (!encoding) return done(null, payload);
      const compressed =
        encoding === 'br'
          ? brotli(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(payload) } })
          : gzipAsync(payload, { level: 6 });
      compressed.then(
        (body) => {
          reply.header('content-encoding', encoding);
          reply.removeHeader('content-length');
          done(null, body);
        },
        (err: Error) => done(err),
      );
    });
  },
  { name: 'compress-json' },
);

/**
 * @fastify/compress with the same threshold, encodings and levels (STAND_INS_OFF=compress-json). It
 * compresses what its mime database calls compressible, on every method, for the routes registered
 * after it; answers that already carry a content-encoding (the web's precompressed files) pass.
 */
export const compressJsonByLibrary = fp(
  async (app) => {
    await app.register(compress, {
      global: true,
      threshold: COMPRESS_MIN_BYTES,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
      zlibOptions: { level: 6 },
    });
  },
  { name: 'compress-json' },
);
