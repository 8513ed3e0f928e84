import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { AppError } from '../errors.ts';

export interface RequestLimitOptions {
  /** requests a client address may make per window */
  max: number;
  windowMs: number;
  /** client addresses remembered at most; past it the longest-known one is forgotten (memory stays bounded) */
  maxClients?: number;
}

/** Addresses the limiter remembers by default, as @fastify/rate-limit's in-process store did (5000). */
export const REQUEST_LIMIT_MAX_CLIENTS = 5000;

/**
 * The API's per-address request limit of this process: a fixed window per client (request.clientKey:
 * its IPv4 address or its IPv6 /64; its first request starts the window), counted in a Map in one synchronous onRequest hook, for every request of the
 * context it is registered in (app.ts: the /api context; the web app's files are not counted). Over
 * the limit, a 429 too_many_requests with retry-after and the x-ratelimit headers; under it, no headers (no client
 * reads them before it is refused).
 *
 * It replaces @fastify/rate-limit with its in-process store (what the app used: the same counting,
 * per process), whose async hook awaited its key, its allow list and a promise around its store on
 * every request of the app (decision 014). Counters that must hold across API processes (login,
 * register, password reset) live in the database, not here. `STAND_INS_OFF=request-limit` puts
 * @fastify/rate-limit back (`requestLimitByLibrary`, decision 019).
 */
export default fp<RequestLimitOptions>(
  async (app, { max, windowMs, maxClients = REQUEST_LIMIT_MAX_CLIENTS }) => {
    const clients = new Map<string, { count: number; start: number }>();
    app.addHook('onRequest', (req, _reply, done) => {
      const now = Date.now();
      const key = req.clientKey;
      let client = clients.get(key);
      if (client === undefined) {
        if (clients.size >= maxClients) clients.delete(clients.keys().next().value!);
        client = { count: 0, start: now };
        clients.set(key, client);
      } else if (now - client.start >= windowMs) {
        client.count = 0;
        client.start = now;
      }
      client.count++;
      if (client.count <= max) return done();
      const reset = Math.max(1, Math.ceil((client.start + windowMs - now) / 1000));
      done(
        new AppError('too_many_requests', 'Te veel verzoeken. Probeer het zo opnieuw.', {
          'x-ratelimit-limit': String(max),
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': String(reset),
          'retry-after': String(reset),
        }),
      );
    });
  },
  { name: 'request-limit', dependencies: ['client-key'] },
);

/**
 * The same limit through @fastify/rate-limit (STAND_INS_OFF=request-limit): its in-process store of
 * `maxClients` addresses, a window per address, the same 429 answer and headers, and no headers
 * under the limit. It counts the requests of the routes registered after it in its context (an
 * unknown /api address answers 404 uncounted), where the stand-in counts every request of its context.
 */
export const requestLimitByLibrary = fp<RequestLimitOptions>(
  async (app, { max, windowMs, maxClients = REQUEST_LIMIT_MAX_CLIENTS }) => {
    await app.register(rateLimit, {
      global: true,
      max,
      timeWindow: windowMs,
      cache: maxClients,
      keyGenerator: (req) => req.clientKey,
      addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
      errorResponseBuilder: () => new AppError('too_many_requests', 'Te veel verzoeken. Probeer het zo opnieuw.'),
    });
  },
  { name: 'request-limit', dependencies: ['client-key'] },
);
