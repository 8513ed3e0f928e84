import fp from 'fastify-plugin';
import { migrateToLatest, openDatabase, type DatabaseHandle, type Executor, type SqliteSynchronous } from '@blok/db';
import { DEMO_COURSES_DIR } from '@blok/content/load';
import { importContent } from '../content/importer.ts';
import { forgetOutdatedAnswers } from '../plan/service.ts';
import { forgetStandingBuilds } from '../standing/service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
  }
}

export interface DatabasePluginOptions {
  url: string;
  schema?: string;
  poolSize?: number;
  /** SQLite only: PRAGMA synchronous (decision 014) */
  synchronous?: SqliteSynchronous;
  /** PostgreSQL only: fixed queries as named prepared statements (decision 019; STAND_INS_OFF=pg-prepared: off) */
  preparedStatements?: boolean;
  /** SQLite only: checkpoints on a thread of their own (decision 019; STAND_INS_OFF=sqlite-checkpointer: off) */
  checkpointThread?: boolean;
  /** An already opened handle (tests share one); closed by its owner, not by the app. */
  handle?: DatabaseHandle;
  /** Import the demo content (idempotent: unchanged subjects are skipped). */
  seedDemo?: boolean;
}

/** Opens the database, applies migrations (idempotent) and closes it with the app. */
export default fp<DatabasePluginOptions>(
  async (app, opts) => {
    const handle = opts.handle ?? (await openDatabase({
        url: opts.url,
        schema: opts.schema,
        poolSize: opts.poolSize,
        synchronous: opts.synchronous,
        preparedStatements: opts.preparedStatements,
        checkpointThread: opts.checkpointThread,
        onConnectionError: (err) => app.log.warn({ err: err.message, code: (err as { code?: string }).code }, 'database connection lost; it is replaced on the next query'),
      }));
    if (!opts.handle) await migrateToLatest(handle.db);
    if (opts.seedDemo) {
      try {
        // answers to changed questions no longer count: the plan and the standing build her figures again
        const onOutdated = async (tx: Executor, subjectId: string, questionIds: readonly string[]) => {
          await forgetOutdatedAnswers(tx, subjectId, questionIds);
          await forgetStandingBuilds(tx, subjectId, questionIds);
        };
        const report = await importContent(handle.db, DEMO_COURSES_DIR, { dialect: handle.dialect, keepStudioReleases: true, onOutdated });
        app.log.info({ subjects: report.subjects.map((s) => `${s.id}:${s.status}`) }, 'demo content');
      } catch (err) {
        // Broken demo content must not keep the app from starting: the import changed nothing,
        // the content already in the database stays served.
        app.log.error({ err: err instanceof Error ? err.message : err }, 'demo content not imported');
      }
    }
    app.decorate('database', handle);
    if (!opts.handle) app.addHook('onClose', async () => handle.close());
  },
  { name: 'database' },
);
