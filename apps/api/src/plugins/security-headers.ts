import fp from 'fastify-plugin';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';

export type SecurityHeadersOptions = FastifyHelmetOptions & {
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
 * The fixed headers of every response of the context it is registered in, and its x-request-id.
 * app.ts registers it twice: in the pages' context (the web app, its files) with @fastify/helmet's
 * document headers (with the options given: Blok's CSP) and the permissions policy, and in the /api
 * context with the short set of `api` (OWASP's REST Security Cheat Sheet: a CSP that allows nothing,
 * nosniff, no framing): the document headers would be a dozen more lines on every answer that no
 * browser reads. Which set a request gets follows from the context Fastify routed it to, never from
 * its raw URL. Like @fastify/helmet, Blok's own headers are set on the raw response in one
 * synchronous onRequest hook, so a route's own header (an image's stricter CSP, say) still wins.
 */
export default fp<SecurityHeadersOptions>(
  async (app, { permissionsPolicy, httpsOnly, api, ...options }) => {
    // helmet's headers for the pages: every route and the not-found handler of this context
    // (helmet's options are a union of exclusive spellings: the rest of a destructured union is not one)
    if (!api) await app.register(fastifyHelmet, { ...(options as FastifyHelmetOptions), global: true });
    const headers = api ? Object.entries(api.headers) : permissionsPolicy ? [['permissions-policy', permissionsPolicy] as const] : [];
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
