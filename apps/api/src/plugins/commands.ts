import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@blok/contract';
import { AppError } from '../errors.ts';
import { runAsCommand, type CommandScope } from '../write/unit-of-work.ts';
import type { Replay, RequestIdentity } from '../write/idempotency.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The handler does nothing but its one unit of work (no reads that answer before it, no side
     * effect outside it): its Idempotency-Key is stored with its response inside that unit of
     * work's transaction, without a claim or a read of its own before, so the command commits once
     * instead of twice (decision 014). A request whose key is known (a retry, two concurrent
     * requests with one key) runs up to that insert, rolls back and answers from the stored key.
     * A function decides per request.
     */
    claimInTransaction?: boolean | ((req: FastifyRequest) => boolean);
    /**
     * The route's responses hold no secret (no token; only what the signed-in student may read in
     * the app anyway): the stored copy of a response is kept as sent instead of encrypted
     * (decision 014). Default: encrypted.
     */
    plainStoredResponse?: boolean;
    /**
     * false: the command needs no replay (a provider's webhook, idempotent by itself): its
     * Idempotency-Key header is ignored and nothing is stored (issue 25). Default true.
     */
    replayable?: boolean;
    /**
     * Request headers that change what the route answers (the auth routes' refresh cookie, decision
     * 034): part of the request's identity when present, so a repeat of the key without them (or
     * with them where the first had none) is another request and answers 422.
     */
    identityHeaders?: readonly string[];
  }
}

export interface CommandsOptions {
  /**
   * IDEMPOTENCY_ANONYMOUS_LIMIT_IP: Idempotency-Keys an address may store through anonymous
   * requests per hour, over all processes (in the database); past it they run without a stored key.
   */
  anonymousKeysPerAddress: number;
}

/** The key was claimed by a concurrent request between the lookup and the transaction's claim. */
class ClaimLost extends Error {}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Errors a retry with the same key may not repeat: the key is given up instead of stored. */
const NOT_STORED = new Set(['request_in_progress', 'too_many_requests', 'unauthorized', 'invalid_token', 'device_revoked', 'database_unavailable']);

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The body as the route sends it for this status: through the route's serializer (only the
 * contract's fields), so that the copy stored with the change is what the client got, and the
 * first answer is sent from that same text instead of being serialized a second time.
 */
function asSent(reply: FastifyReply, status: number, body: unknown): string | null {
  if (body === null || body === undefined || status === 204) return null;
  // { error, error_description }, built by the wrapper from an AppError: the errors' one shape
  if (status >= 400) return JSON.stringify(body);
  try {
    return reply.serializeInput(body as Record<string, unknown>, String(status)) as string;
  } catch (err) {
    // a status without a response schema: Fastify's default serializer
    if ((err as { code?: string }).code === 'FST_ERR_MISSING_SERIALIZATION_FN') return JSON.stringify(body);
    throw err;
  }
}

/** What the command answers: the stored text when it stored the handler's own value, else the value. */
function respond(reply: FastifyReply, result: unknown, sent: { body: unknown; text: string | null } | undefined): unknown {
  if (sent && sent.text !== null && result === sent.body && typeof result === 'object' && result !== null && result !== reply) {
    reply.type(JSON_TYPE);
    return sent.text;
  }
  return result;
}

function successStatusOf(schema: unknown): number {
  const response = (schema as { response?: Record<string, unknown> } | undefined)?.response ?? {};
  const codes = Object.keys(response)
    .map(Number)
    .filter((c) => c >= 200 && c < 300);
  return codes.length === 1 ? codes[0]! : 200;
}

/** The body a request is known by: with the route's identity headers it carries, when it has any. */
function identityBody(req: FastifyRequest, names: readonly string[]): unknown {
  if (names.length === 0) return req.body;
  const headers: Record<string, string> = {};
  for (const name of names) {
    const value = req.headers[name];
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  // without any of them the identity is the body alone, as for every other route
  return Object.keys(headers).length === 0 ? req.body : { body: req.body, headers };
}

/**
 * Makes every POST/PUT/PATCH/DELETE route of its context (app.ts: the /api context) a command (decision 007): with an Idempotency-Key
 * header (a UUID) the first response is stored with the change, in the same transaction; a repeat
 * with the same key and request gets that response again ('idempotent-replayed: true'), the same key
 * with another request 422 idempotency_key_reused, a repeat while the first still runs 409
 * request_in_progress. Keys are scoped to the signed-in user ('anonymous' before sign-in).
 */
export default fp<CommandsOptions>(
  async (app, opts) => {
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!methods.some((m) => WRITE_METHODS.has(m))) return;
      const original = route.handler as RouteHandlerMethod;
      const successStatus = successStatusOf(route.schema);
      const config = route.config as
        | { claimInTransaction?: boolean | ((req: FastifyRequest) => boolean); plainStoredResponse?: boolean; replayable?: boolean; identityHeaders?: readonly string[] }
        | undefined;
      const inTransaction = config?.claimInTransaction ?? false;
      const plain = config?.plainStoredResponse === true;
      const identityHeaders = config?.identityHeaders ?? [];
      // A command without replay stores nothing: its header is not even read.
      if (config?.replayable === false) return;
      route.handler = async function command(this: unknown, req: FastifyRequest, reply: FastifyReply) {
        const header = req.headers[IDEMPOTENCY_KEY_HEADER];
        if (header === undefined) return original.call(this as never, req, reply);
        const key = Array.isArray(header) ? header[0] : header;
        if (!key || !UUID.test(key)) throw new AppError('invalid_idempotency_key', 'De Idempotency-Key moet een UUID zijn.');

        const store = app.services.idempotency;
        const identity: RequestIdentity = { scope: req.auth?.userId ?? 'anonymous', key: key.toLowerCase(), method: req.method, path: req.url, body: identityBody(req, identityHeaders), plain };
        if (!req.auth) {
          // Anonymous: a per-address ceiling on stored keys, shared by every process (issue 25).
          // Past it the request stores no new key: no new row. Keyed like every per-address
          // counter: IPv6 by its /64 (plugins/client-key.ts).
          const quota = await store.countAnonymousKey(req.clientKey, opts.anonymousKeysPerAddress);
          if (!quota.allowed) {
            if (quota.count === opts.anonymousKeysPerAddress + 1) req.log.warn({ address: req.clientKey }, 'anonymous Idempotency-Keys over the per-address ceiling: not stored this hour');
            // A retry of a key stored before the ceiling was reached still gets its first answer
            // (a registration whose answer was lost must not run again and answer 409).
            const seen = await store.lookup(identity);
            if (seen.kind !== 'none' && seen.kind !== 'stale') return answer(seen, reply);
            return original.call(this as never, req, reply);
          }
        }
        /** the handler's value stored with the change, and its text as sent */
        let sent: { body: unknown; text: string | null } | undefined;
        const errorBody = (err: AppError) => ({ error: err.code, error_description: err.message });
        if (inTransaction === true || (typeof inTransaction === 'function' && inTransaction(req))) {
          // One commit, no read before: the key is stored with the response as the last statement of
          // the command's own transaction. If the key is known (a replay, another request's key, a
          // concurrent request with the key that stored first), that insert finds it: the
          // transaction rolls back, so nothing this request did stays, and it answers from the key
          // as stored. Only a retry pays for the work it then undoes (decision 014).
          const scope: CommandScope = {
            successStatus,
            stored: false,
            complete: async (tx, status, body) => {
              const text = asSent(reply, status, body);
              if ((await store.insert(tx, identity, Date.now(), { status, text })) === null) throw new ClaimLost();
              sent = { body, text };
            },
          };
          let known = false;
          try {
            const result = await runAsCommand(scope, () => Promise.resolve(original.call(this as never, req, reply)));
            if (!scope.stored) {
              // No unit of work ran (nothing changed): the answer is stored on its own, in one statement.
              const status = reply.statusCode || successStatus;
              const body = result === reply ? null : (result ?? null);
              const text = asSent(reply, status, body);
              if ((await store.insert(app.database.db, identity, Date.now(), { status, text })) !== null) sent = { body, text };
              else known = true;
            }
            if (!known) return respond(reply, result, sent);
          } catch (err) {
            if (err instanceof ClaimLost) known = true;
            else if (!scope.stored && err instanceof AppError && err.statusCode < 500 && !NOT_STORED.has(err.code)) {
              // a refusal is stored too, in one statement, unless the key is known: then that is the answer
              const response = { status: err.statusCode, text: asSent(reply, err.statusCode, errorBody(err)) };
              if ((await store.insert(app.database.db, identity, Date.now(), response)) !== null) throw err;
              known = true;
            } else throw err;
          }
          const seen = await store.lookup(identity);
          if (seen.kind !== 'stale') return answer(seen, reply);
          // the first request died holding the key: take it over the usual way, and run again
        }
        const claim = await store.claim(identity);
        if (claim.kind === 'mismatch') {
          throw new AppError('idempotency_key_reused', 'Deze Idempotency-Key is al gebruikt voor een ander verzoek.');
        }
        if (claim.kind === 'in_progress') {
          throw new AppError('request_in_progress', 'Dit verzoek wordt nog verwerkt. Probeer het zo opnieuw.', { 'retry-after': '1' });
        }
        if (claim.kind === 'replay') return replay(claim, reply);

        const id = claim.id;
        const scope: CommandScope = {
          successStatus,
          stored: false,
          complete: async (tx, status, body) => {
            const text = asSent(reply, status, body);
            await store.complete(tx, id, identity, { status, text });
            sent = { body, text };
          },
        };
        try {
          const result = await runAsCommand(scope, () => Promise.resolve(original.call(this as never, req, reply)));
          // No unit of work ran (nothing changed): store the answer on its own.
          if (!scope.stored) {
            const body = result === reply ? null : (result ?? null);
            const text = asSent(reply, reply.statusCode || successStatus, body);
            await store.complete(app.database.db, id, identity, { status: reply.statusCode || successStatus, text });
            sent = { body, text };
          }
          return respond(reply, result, sent);
        } catch (err) {
          if (!scope.stored) {
            if (err instanceof AppError && err.statusCode < 500 && !NOT_STORED.has(err.code)) {
              await store.complete(app.database.db, id, identity, { status: err.statusCode, text: asSent(reply, err.statusCode, errorBody(err)) });
            } else {
              await store.release(id).catch((releaseErr: unknown) => req.log.warn({ err: releaseErr }, 'idempotency key not released'));
            }
          }
          throw err;
        }
      } as RouteHandlerMethod;
    });

    /** Sends a stored response again: the text as it was sent, or (stored before 014) the value through the serializer. */
    function replay(seen: Replay, reply: FastifyReply) {
      reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      reply.status(seen.status);
      if (seen.status === 204) return reply.send(null);
      if (seen.text === undefined) return reply.send(seen.body);
      if (seen.text === null) return reply.send(null);
      return reply.type(JSON_TYPE).send(seen.text);
    }

    /** The answer to a request whose key is already known: another request's, in progress, or stored (or just purged: retry). */
    function answer(seen: Awaited<ReturnType<typeof app.services.idempotency.lookup>>, reply: FastifyReply) {
      if (seen.kind === 'mismatch') throw new AppError('idempotency_key_reused', 'Deze Idempotency-Key is al gebruikt voor een ander verzoek.');
      if (seen.kind === 'replay') return replay(seen, reply);
      // in progress, or a claim that lapsed in between (a retry then takes it over)
      throw new AppError('request_in_progress', 'Dit verzoek wordt nog verwerkt. Probeer het zo opnieuw.', { 'retry-after': '1' });
    }
  },
  { name: 'commands', dependencies: ['services'] },
);
