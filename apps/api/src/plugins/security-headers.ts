import fp from 'fastify-plugin';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet would set, computed once. @fastify/helmet builds its middleware (and parses the
 * CSP) anew on every request in two onRequest hooks; the headers never depend on the request here,
 * so they are worked out at start-up and copied onto each response. Like @fastify/helmet they are set
 * on the raw response, so a route's own header (an image's stricter CSP, say) still wins.
 */
export function helmetHeaders(options: HelmetOptions): Array<[string, string]> {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => void headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => void headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as never, res as never, (err?: unknown) => {
    if (err) throw err;
  });
  return [...headers];
}

export type SecurityHeadersOptions = HelmetOptions & {
  /** the Permissions-Policy header */
  permissionsPolicy?: string;
  /** headers only for requests that came over https (HSTS) */
  httpsOnly?: Record<string, string>;
  /**
   * The API's context: its JSON answers get these headers instead of the document headers (helmet's
   * and the permissions policy), which only mean something to a page a browser renders.
   */
  api?: { headers: Record<string, string> };
};

/**
 * The fixed headers of every response of the context it is registered in, and its x-request-id, set
 * in one synchronous onRequest hook on the raw response: no onSend hook, no per-request header
 * objects. app.ts registers it twice: in the pages' context (the web app, its files) with helmet's
 * headers and the permissions policy, and in the /api context with the short set of `api` (OWASP's
 * REST Security Cheat Sheet: a CSP that allows nothing, nosniff, no framing): the document headers
 * would be a dozen more lines on every answer that no browser reads. Which set a request gets follows
 * from the context Fastify routed it to, never from its raw URL.
 *
 * It stands in for @fastify/helmet (decision 019), which runs helmet's middleware per request;
 * `STAND_INS_OFF=security-headers` puts it back (`securityHeadersByLibrary`).
 */
export default fp<SecurityHeadersOptions>(
  async (app, { permissionsPolicy, httpsOnly, api, ...options }) => {
    const headers = api ? Object.entries(api.headers) : helmetHeaders(options);
    if (permissionsPolicy && !api) headers.push(['permissions-policy', permissionsPolicy]);
    const secure = Object.entries(httpsOnly ?? {});
    app.addHook('onRequest', (req, reply, done) => {
      const raw = reply.raw;
      for (const [name, value] of headers) raw.setHeader(name, value);
      raw.setHeader('x-request-id', req.id);
      if (secure.length > 0 && req.protocol === 'https') for (const [name, value] of secure) raw.setHeader(name, value);
      done();
    });
  },
  { name: 'security-headers' },
);

/**
 * The same headers with @fastify/helmet doing helmet's part on every page request, as it does by
 * default (STAND_INS_OFF=security-headers): the API's short set, the permissions policy, HSTS over
 * https and the request id are still set here.
 */
export const securityHeadersByLibrary = fp<SecurityHeadersOptions>(
  async (app, { permissionsPolicy, httpsOnly, api, ...options }) => {
    // not global: the hook below calls it, in the pages' context only (the API's context gets its own set)
    // (helmet's option types reach @fastify/helmet's typings through its CommonJS declarations)
    if (!api) await app.register(fastifyHelmet, { ...(options as FastifyHelmetOptions), global: false });
    const apiHeaders = Object.entries(api?.headers ?? {});
    const secure = Object.entries(httpsOnly ?? {});
    app.addHook('onRequest', (req, reply, done) => {
      const raw = reply.raw;
      if (api) for (const [name, value] of apiHeaders) raw.setHeader(name, value);
      else {
        void reply.helmet();
        if (permissionsPolicy) raw.setHeader('permissions-policy', permissionsPolicy);
      }
      raw.setHeader('x-request-id', req.id);
      if (secure.length > 0 && req.protocol === 'https') for (const [name, value] of secure) raw.setHeader(name, value);
      done();
    });
  },
  { name: 'security-headers' },
);
