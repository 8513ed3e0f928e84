import fp from 'fastify-plugin';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '@blok/db';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
  }
}

export interface DatabasePluginOptions {
  url: string;
  schema?: string;
  poolSize?: number;
  /** An already opened handle (tests share one); closed by its owner, not by the app. */
  handle?: DatabaseHandle;
}

/** Opens the database, applies migrations (idempotent) and closes it with the app. */
export default fp<DatabasePluginOptions>(
  async (app, opts) => {
    const handle = opts.handle ?? (await openDatabase({ url: opts.url, schema: opts.schema, poolSize: opts.poolSize }));
    if (!opts.handle) await migrateToLatest(handle.db);
    app.decorate('database', handle);
    if (!opts.handle) app.addHook('onClose', async () => handle.close());
  },
  { name: 'database' },
);
