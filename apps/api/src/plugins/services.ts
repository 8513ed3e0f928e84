import fp from 'fastify-plugin';
import { AuthService, type RateLimits } from '../auth/service.ts';
import { AccessTokens } from '../auth/tokens.ts';
import { LibraryService } from '../library/service.ts';
import { QuestionsService } from '../questions/service.ts';
import { UserService } from '../user/service.ts';
import { JobRunner } from '../jobs/runner.ts';
import { purgeFinishedJobs } from '../jobs/queue.ts';
import { IdempotencyStore } from '../write/idempotency.ts';
import { UnitOfWork } from '../write/unit-of-work.ts';

declare module 'fastify' {
  interface FastifyInstance {
    services: {
      uow: UnitOfWork;
      idempotency: IdempotencyStore;
      tokens: AccessTokens;
      auth: AuthService;
      user: UserService;
      library: LibraryService;
      questions: QuestionsService;
    };
    /** The leased job runner of this process (decision 007). */
    jobs: JobRunner;
  }
}

export interface ServicesOptions {
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  rateLimits: RateLimits;
  jobs: { enabled: boolean; pollIntervalMs: number; leaseSeconds: number };
}

/** How long finished jobs are kept (their dedupe keys with them). */
const FINISHED_JOB_RETENTION_DAYS = 7;
const HOUR = 3600;

/**
 * The one composition root: wires every feature's services to the unit of work once, registers the
 * jobs, and starts the job runner with the app (JOBS=off: this process only serves requests).
 * Routes reach services through app.services and call one method per request.
 */
export default fp<ServicesOptions>(
  async (app, opts) => {
    const { db, dialect } = app.database;
    const uow = new UnitOfWork(db);
    const jobs = new JobRunner(db, dialect, { pollIntervalMs: opts.jobs.pollIntervalMs, leaseSeconds: opts.jobs.leaseSeconds, batchSize: 10, log: app.log });
    const tokens = new AccessTokens(opts.jwtSecret, opts.accessTokenTtlSeconds);
    const idempotency = new IdempotencyStore(db, opts.jwtSecret);
    const auth = new AuthService(uow, tokens, opts.rateLimits);
    const user = new UserService(uow);
    const questions = new QuestionsService(uow);
    const library = new LibraryService(uow, {
      listProgress: (userId, listIds) => questions.listProgress(userId, listIds),
      openSessions: (userId, limit) => questions.openSessions(userId, limit),
    });

    // Maintenance: every hour, in one process of however many.
    jobs.every('maintenance.purge-idempotency-keys', HOUR, async (_payload, { tx }) => {
      await idempotency.purge(tx);
    });
    jobs.every('maintenance.purge-auth', HOUR, async (_payload, { tx }) => {
      await auth.purgeExpired(tx);
    });
    jobs.every('maintenance.purge-finished-jobs', 24 * HOUR, async (_payload, { tx }) => {
      await purgeFinishedJobs(tx, new Date(Date.now() - FINISHED_JOB_RETENTION_DAYS * 24 * HOUR * 1000).toISOString());
    });

    app.decorate('services', { uow, idempotency, tokens, auth, user, library, questions });
    app.decorate('jobs', jobs);
    if (opts.jobs.enabled) {
      app.addHook('onReady', async () => jobs.start());
    }
    app.addHook('onClose', async () => jobs.stop(10_000));
  },
  { name: 'services', dependencies: ['database'] },
);
