import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '@blok/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEVICE_ID_HEADER } from '@blok/contract';
import { issueMessage, type FieldIssue } from '@blok/contract/validation/index';
import { AppError } from '../errors.ts';

/** Retry-After of a 503 database_unavailable: a restart or failover usually takes seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The answer to an address that is no route: the /api context's and, without a web build, the
 * pages' not-found handler (app.ts), each run with its own context's hooks.
 */
export function notFound(_request: FastifyRequest, reply: FastifyReply): void {
  void reply.status(404).send({ error: 'not_found', error_description: 'Deze pagina of dit adres bestaat niet.' });
}

/** Whether the error is the one the request's own stream failed with (Node sets `errored` on it). */
function isClientAbort(err: unknown, request: FastifyRequest): boolean {
  const failed = request.raw.errored;
  return failed != null && (err === failed || (err as { cause?: unknown }).cause === failed);
}

/**
 * One place that turns errors into `{ error, error_description }` answers: domain errors with
 * their status, schema violations as 400 invalid_request, anything unknown as a generic 500
 * (logged with the request id, never a stack trace to the client).
 */
export default fp(
  async (app) => {
    /** A signed-in call refused for its input still tells the client which device is active. */
    async function addDeviceHeader(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const header = request.headers.authorization;
      if (!header?.startsWith('Bearer ')) return;
      try {
        const claims = await app.services.tokens.verify(header.slice(7).trim());
        if (!claims) return;
        const state = await app.services.auth.deviceState(claims.sub, claims.dev);
        if (state.activeDeviceId) reply.header(DEVICE_ID_HEADER, state.activeDeviceId);
      } catch {
        // the answer stays a 400 either way
      }
    }

    app.setErrorHandler(async (err, request, reply) => {
      // The request's own stream failed: the client dropped the connection mid-request (a phone that
      // lost its network, a closed tab). Node fails the request with ECONNRESET ('aborted'), which
      // must not pass for a database socket's ECONNRESET (a 503 and a warning for the operator).
      if (isClientAbort(err, request)) {
        request.log.info({ code: (err as { code?: string }).code }, 'client aborted the request');
        return reply.status(400).send({ error: 'invalid_request', error_description: 'Het verzoek is afgebroken voordat het helemaal binnen was.' });
      }
      if (err instanceof AppError) {
        for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
        return reply.status(err.statusCode).send({ error: err.code, error_description: err.message, ...(err.fields ? { fields: err.fields } : {}) });
      }
      if (isDatabaseUnavailable(err)) {
        request.log.warn({ err: (err as Error).message }, 'database unavailable');
        return reply
          .status(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          .send({ error: 'database_unavailable', error_description: 'Blok is even niet bereikbaar. Probeer het over een paar seconden opnieuw.' });
      }
      if (hasZodFastifySchemaValidationErrors(err)) {
        await addDeviceHeader(request, reply);
        // Each refused field with the Dutch message of the rule it breaks; the description is the
        // first message, never a field's name (issue 26).
        const fields: FieldIssue[] = [];
        for (const v of err.validation) {
          const field = (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
          if (fields.some((f) => f.field === field)) continue;
          fields.push({ field, message: issueMessage({ ...(v.params as object), code: v.keyword, message: v.message }, field) });
        }
        return reply.status(400).send({
          error: 'invalid_request',
          error_description: fields[0] ? `${fields[0].message}.`.replace(/\.\.$/, '.') : 'Ongeldige invoer.',
          fields: fields.filter((f) => f.field !== ''),
        });
      }
      const e = err as { statusCode?: number; code?: string; message?: string };
      if (e.statusCode === 429) {
        return reply.status(429).send({ error: 'too_many_requests', error_description: 'Te veel verzoeken. Probeer het zo opnieuw.' });
      }
      if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
        request.log.info({ code: e.code }, 'client error');
        const description =
          e.statusCode === 413 ? 'Het verzoek is te groot.' : e.statusCode === 415 ? 'Dit type inhoud wordt niet ondersteund.' : 'Ongeldig verzoek.';
        return reply.status(e.statusCode).send({ error: 'invalid_request', error_description: description });
      }
      // A body the parsers cannot read (multipart without a boundary, a cut-off form): the client's
      // fault, answered 400 and logged without a stack trace.
      if (typeof e.message === 'string' && /^Multipart: |Unexpected end of (form|multipart data)|Malformed part header|boundary/i.test(e.message)) {
        request.log.info({ code: e.code, reason: e.message }, 'unreadable body');
        return reply.status(400).send({ error: 'invalid_request', error_description: 'De inhoud van dit verzoek kan niet worden gelezen.' });
      }
      request.log.error({ err }, 'unhandled error');
      return reply.status(500).send({ error: 'unknown', error_description: 'De server heeft een fout aangetroffen bij het verwerken van het verzoek.' });
    });
  },
  { name: 'error-handler' },
);
