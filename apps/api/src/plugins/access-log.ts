import fp from 'fastify-plugin';
import pino from 'pino';

interface LoggerInternals {
  isLevelEnabled(level: string): boolean;
  [key: symbol]: unknown;
}

/**
 * The access log: one line per answered request, `request completed` with the request id, the
 * request's method, address, host and peer, the status and the response time, as Fastify's own
 * request logging writes it (which is off: two lines per request).
 *
 * The line is the one pino would write for that object (level, time, the logger's bindings such as
 * pid and hostname, the fields, msg), put together as one string and written to the logger's own
 * destination. Through pino it cost about 28 µs of a 200 µs request in the bench (serializers,
 * redaction, a stringify per nested object; decision 014); this costs a JSON.stringify per string.
 * Its fields are picked here, never headers or a body, so it needs no redaction. The level is the
 * logger's: at `warn` or above there is no access log.
 *
 * It leans on pino's internals (the `streamSym` and `chindingsSym` symbols, the bindings kept as a
 * JSON fragment): a pino that changed them refuses to start here, never goes silent
 * (test/access-log.test.ts). `STAND_INS_OFF=access-log` turns it off for Fastify's own request
 * logging through pino (two lines per request; decision 019).
 */
export default fp(
  async (app) => {
    const log = app.log as unknown as LoggerInternals;
    const stream = pino.symbols?.streamSym === undefined ? undefined : (log[pino.symbols.streamSym] as { write(line: string): unknown } | undefined);
    const bindings = pino.symbols?.chindingsSym === undefined ? undefined : log[pino.symbols.chindingsSym];
    if (!stream || typeof stream.write !== 'function' || typeof bindings !== 'string' || (bindings !== '' && !bindings.startsWith(',')) || typeof log.isLevelEnabled !== 'function') {
      throw new Error("access-log: the logger is not pino as this plugin knows it (pino.symbols.streamSym / chindingsSym changed); set STAND_INS_OFF=access-log for Fastify's request logging and fix plugins/access-log.ts");
    }
    const str = (value: string | undefined) => (value === undefined ? undefined : JSON.stringify(value));
    app.addHook('onResponse', (req, reply, done) => {
      if (log.isLevelEnabled('info')) {
        const host = str(req.host);
        const address = str(req.ip);
        const port = req.socket?.remotePort;
        stream.write(
          `{"level":30,"time":${Date.now()}${bindings},"reqId":${str(req.id)},"req":{"method":${str(req.method)},"url":${str(req.url)}` +
            `${host === undefined ? '' : `,"host":${host}`}${address === undefined ? '' : `,"remoteAddress":${address}`}${port === undefined ? '' : `,"remotePort":${port}`}}` +
            `,"res":{"statusCode":${reply.statusCode}},"responseTime":${reply.elapsedTime},"msg":"request completed"}\n`,
        );
      }
      done();
    });
  },
  { name: 'access-log' },
);
