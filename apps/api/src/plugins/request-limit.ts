import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { AppError } from '../errors.ts';

export interface RequestLimitOptions {
  /** requests a client address may make per window */
  max: number;
  windowMs: number;
  /** client addresses remembered at most; past it the one seen longest ago is forgotten (memory stays bounded) */
  maxClients?: number;
}

/** Addresses the limiter remembers by default (@fastify/rate-limit's in-process store's default). */
export const REQUEST_LIMIT_MAX_CLIENTS = 5000;

/**
 * The API's per-address request limit of this process, by @fastify/rate-limit with its in-process
 * store: a fixed window per client (request.clientKey: its IPv4 address or its IPv6 /64; its first
 * request starts the window) for the routes of the context it is registered in (app.ts: the /api
 * context, whose not-found handler is counted too, through `app.rateLimit()`; the web app's files are
 * not counted). Over the limit, a 429 too_many_requests with retry-after and the x-ratelimit headers;
 * under it, no headers (no client reads them before it is refused). Counters that must hold across
 * API processes (login, register, password reset) live in the database, not here.
 */
export default fp<RequestLimitOptions>(
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
