import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@blok/contract';
import { uuidv7 } from '@blok/db';
import { AppError } from '../errors.ts';
import { runAsCommand, type CommandScope } from '../write/unit-of-work.ts';
import type { RequestIdentity } from '../write/idempotency.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The handler does nothing but its one unit of work (no reads that answer before it, no side
     * effect outside it): its Idempotency-Key is stored with its response inside that unit of
     * work's transaction, without a claim of its own before, so the command commits once instead of
     * twice (decision 014). Two concurrent requests with one key may then both run up to their
     * commit; the second stores nothing and answers the first's response. A function decides per request.
     */
    claimInTransaction?: boolean | ((req: FastifyRequest) => boolean);
  }
}

/** The key was claimed by a concurrent request between the lookup and the transaction's claim. */
class ClaimLost extends Error {}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Errors a retry with the same key may not repeat: the key is given up instead of stored. */
const NOT_STORED = new Set(['request_in_progress', 'too_many_requests', 'unauthorized', 'invalid_token', 'device_revoked', 'database_unavailable']);

function successStatusOf(schema: unknown): number {
  const response = (schema as { response?: Record<string, unknown> } | undefined)?.response ?? {};
  const codes = Object.keys(response)
    .map(Number)
    .filter((c) => c >= 200 && c < 300);
  return codes.length === 1 ? codes[0]! : 200;
}

/**
 * Makes every POST/PUT/PATCH/DELETE under /api a command (decision 007): with an Idempotency-Key
 * header (a UUID) the first response is stored with the change, in the same transaction; a repeat
 * with the same key and request gets that response again ('idempotent-replayed: true'), the same key
 * with another request 422 idempotency_key_reused, a repeat while the first still runs 409
 * request_in_progress. Keys are scoped to the signed-in user ('anonymous' before sign-in).
 */
export default fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!route.url.startsWith('/api/') || !methods.some((m) => WRITE_METHODS.has(m))) return;
      const original = route.handler as RouteHandlerMethod;
      const successStatus = successStatusOf(route.schema);
      const inTransaction = (route.config as { claimInTransaction?: boolean | ((req: FastifyRequest) => boolean) } | undefined)?.claimInTransaction ?? false;
      route.handler = async function command(this: unknown, req: FastifyRequest, reply: FastifyReply) {
        const header = req.headers[IDEMPOTENCY_KEY_HEADER];
        if (header === undefined) return original.call(this as never, req, reply);
        const key = Array.isArray(header) ? header[0] : header;
        if (!key || !UUID.test(key)) throw new AppError('invalid_idempotency_key', 'De Idempotency-Key moet een UUID zijn.');

        const store = app.services.idempotency;
        const identity: RequestIdentity = { scope: req.auth?.userId ?? 'anonymous', key: key.toLowerCase(), method: req.method, path: req.url, body: req.body };
        if (inTransaction === true || (typeof inTransaction === 'function' && inTransaction(req))) {
          // One commit: a read says whether the key is known; a free key is stored with the response
          // as the last statement of the command's own transaction. A concurrent request with the
          // same key that stored first wins: this one's transaction rolls back and it answers from
          // the key as stored.
          const seen = await store.lookup(identity);
          if (seen.kind === 'none') {
            const id = uuidv7();
            const scope: CommandScope = {
              successStatus,
              stored: false,
              complete: async (tx, status, body) => {
                if (!(await store.insert(tx, identity, id, Date.now(), { status, body }))) throw new ClaimLost();
              },
            };
            let result: unknown;
            try {
              result = await runAsCommand(scope, () => Promise.resolve(original.call(this as never, req, reply)));
            } catch (err) {
              if (err instanceof ClaimLost) return answer(await store.lookup(identity), reply);
              if (!scope.stored && err instanceof AppError && err.statusCode < 500 && !NOT_STORED.has(err.code)) {
                const body = { error: err.code, error_description: err.message };
                // a concurrent request with the key stored its answer first: that one is the answer
                if (!(await store.insert(app.database.db, identity, id, Date.now(), { status: err.statusCode, body }))) return answer(await store.lookup(identity), reply);
              }
              throw err;
            }
            // No unit of work ran (nothing changed): the answer is stored on its own, in one statement.
            if (!scope.stored) await store.insert(app.database.db, identity, id, Date.now(), { status: reply.statusCode || successStatus, body: result === reply ? null : (result ?? null) });
            return result;
          }
          if (seen.kind !== 'stale') return answer(seen, reply);
          // the first request died holding the key: take it over the usual way
        }
        const claim = await store.claim(identity);
        if (claim.kind === 'mismatch') {
          throw new AppError('idempotency_key_reused', 'Deze Idempotency-Key is al gebruikt voor een ander verzoek.');
        }
        if (claim.kind === 'in_progress') {
          throw new AppError('request_in_progress', 'Dit verzoek wordt nog verwerkt. Probeer het zo opnieuw.', { 'retry-after': '1' });
        }
        if (claim.kind === 'replay') {
          reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
          return reply.status(claim.status).send(claim.status === 204 ? null : claim.body);
        }

        const id = claim.id;
        const scope: CommandScope = {
          successStatus,
          stored: false,
          complete: (tx, status, body) => store.complete(tx, id, key.toLowerCase(), status, body),
        };
        try {
          const result = await runAsCommand(scope, () => Promise.resolve(original.call(this as never, req, reply)));
          // No unit of work ran (nothing changed): store the answer on its own.
          if (!scope.stored) await store.complete(app.database.db, id, key.toLowerCase(), reply.statusCode || successStatus, result === reply ? null : (result ?? null));
          return result;
        } catch (err) {
          if (!scope.stored) {
            if (err instanceof AppError && err.statusCode < 500 && !NOT_STORED.has(err.code)) {
              await store.complete(app.database.db, id, key.toLowerCase(), err.statusCode, { error: err.code, error_description: err.message });
            } else {
              await store.release(id).catch((releaseErr: unknown) => req.log.warn({ err: releaseErr }, 'idempotency key not released'));
            }
          }
          throw err;
        }
      } as RouteHandlerMethod;
    });

    /** The answer to a request whose key is already known: another request's, in progress, or stored. */
    function answer(seen: Awaited<ReturnType<typeof app.services.idempotency.lookup>>, reply: FastifyReply) {
      if (seen.kind === 'mismatch') throw new AppError('idempotency_key_reused', 'Deze Idempotency-Key is al gebruikt voor een ander verzoek.');
      if (seen.kind === 'replay') {
        reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
        return reply.status(seen.status).send(seen.status === 204 ? null : seen.body);
      }
      // in progress, or a claim that lapsed in between (a retry then takes it over)
      throw new AppError('request_in_progress', 'Dit verzoek wordt nog verwerkt. Probeer het zo opnieuw.', { 'retry-after': '1' });
    }
  },
  { name: 'commands', dependencies: ['services'] },
);
