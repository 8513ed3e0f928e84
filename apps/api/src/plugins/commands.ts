import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@blok/contract';
import { AppError } from '../errors.ts';
import { runAsCommand, type CommandScope } from '../write/unit-of-work.ts';

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
      route.handler = async function command(this: unknown, req: FastifyRequest, reply: FastifyReply) {
        const header = req.headers[IDEMPOTENCY_KEY_HEADER];
        if (header === undefined) return original.call(this as never, req, reply);
        const key = Array.isArray(header) ? header[0] : header;
        if (!key || !UUID.test(key)) throw new AppError('invalid_idempotency_key', 'De Idempotency-Key moet een UUID zijn.');

        const store = app.services.idempotency;
        const claim = await store.claim({
          scope: req.auth?.userId ?? 'anonymous',
          key: key.toLowerCase(),
          method: req.method,
          path: req.url,
          body: req.body,
        });
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
  },
  { name: 'commands', dependencies: ['services'] },
);
