import fp from 'fastify-plugin';
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

export default fp<HelmetOptions>(
  async (app, options) => {
    const headers = helmetHeaders(options);
    app.addHook('onRequest', (_req, reply, done) => {
      const raw = reply.raw;
      for (const [name, value] of headers) raw.setHeader(name, value);
      done();
    });
  },
  { name: 'security-headers' },
);
