// The bare twin of Blok's hot paths: a Fastify instance with no plugins, hooks, schemas, logging,
// rate limiting or command wrapper, calling the same services (the same Kysely queries) on the same
// database file, and running Blok's device check on every authenticated request. What Blok spends beyond its twin is its request pipeline.
// Health's twin runs `select 1` on the bare driver; login's twin only verifies the password with
// the same argon2 parameters. The writes run the same statements as Blok's (the issue: "a twin
// that runs the same statements without the framework"): a request with an Idempotency-Key stores
// the key with the response in the change's own transaction, the one insert Blok's command makes;
// none of the command wrapper's checks, replays or errors (the bench's keys are always new).
// BENCH_TWIN_KEYS=off leaves the key out (the twin of 26-11-2026 and before: the service alone).
// The device check (the same query, AuthService.requestContext) is the spec's one-device rule
// ("Je bent uitgelogd omdat er op een ander apparaat is ingelogd"): required work, so the twin does
// it too (decision 014, issue 30). BENCH_TWIN_DEVICE=off leaves it out (the twin of 26-11-2026 and
// before, whose ratios in RESULTS.md count the check as Blok's pipeline).
// Started by run.ts as its own process: PORT, DATABASE_URL, JWT_SECRET.
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { openDatabase, sql } from '@blok/db';
import { UnitOfWork, runAsCommand, type CommandScope } from '../apps/api/src/write/unit-of-work.ts';
import { IdempotencyStore } from '../apps/api/src/write/idempotency.ts';
import { AccessTokens } from '../apps/api/src/auth/tokens.ts';
import { AuthService } from '../apps/api/src/auth/service.ts';
import { UserAccounts } from '../apps/api/src/user/accounts.ts';
import { QuestionsReadService } from '../apps/api/src/questions/read-service.ts';
import { QuestionSessionService } from '../apps/api/src/questions/session-service.ts';
import { QuestionCatalogueService } from '../apps/api/src/questions/catalogue-service.ts';
import { LibraryService } from '../apps/api/src/library/library-service.ts';
import { ReaderService } from '../apps/api/src/library/reader-service.ts';
import { HomeService } from '../apps/api/src/library/home-service.ts';
import { FlashcardsService } from '../apps/api/src/flashcards/service.ts';
import { verifyPassword } from '../apps/api/src/auth/passwords.ts';
import { CatalogueService } from '../apps/api/src/catalogue/service.ts';
import { CATALOGUE } from '@blok/content/catalogue';

const env = process.env;
const handle = await openDatabase({ url: env.DATABASE_URL!, poolSize: Number(env.DATABASE_POOL_SIZE ?? 10), synchronous: env.SQLITE_SYNCHRONOUS === 'FULL' ? 'FULL' : 'NORMAL' });
const { db } = handle;
const uow = new UnitOfWork(db);
const tokens = new AccessTokens(env.JWT_SECRET!, Number(env.ACCESS_TOKEN_TTL_SECONDS ?? 900));
const big = 1_000_000_000;
const accounts = new UserAccounts(uow);
// the catalogue as the API reads it (decision 031); the bench never changes it
const catalogue: CatalogueService = new CatalogueService(uow, { roleOf: (e, id) => accounts.roleOf(e, id), studentsIn: (e, c) => accounts.studentsIn(e, c) }, { allSubjects: (e) => library.allSubjects(e), audienceMap: (e) => library.audienceMap(e), setStudyYearSubjects: (tx, s, y, ids) => library.setStudyYearSubjects(tx, s, y, ids) }, { audit: async () => {}, audiencesChanged: async () => {} });
await catalogue.seed(CATALOGUE);
const auth = new AuthService(uow, tokens, { loginPerIp: big, loginFailuresPerAccountAndIp: big, loginFailuresPerAccount: big, loginFailuresPerIp: big, registerPerIp: big, windowSeconds: 900 }, catalogue);
const subjectTitles = { subjectTitle: (id: string) => library.subjectTitle(id), subjectTitles: (ids: string[]) => library.subjectTitles(ids) };
const questions = new QuestionsReadService(uow, subjectTitles);
const questionSessions = new QuestionSessionService(uow, subjectTitles);
const questionCatalogue = new QuestionCatalogueService(uow);
const library: LibraryService = new LibraryService(uow, {
  listProgress: (userId, listIds) => questions.listProgress(userId, listIds),
  listCounts: (subjectIds) => questionCatalogue.listCounts(subjectIds),
  listsOfSubject: (subjectId) => questionCatalogue.listsOfSubject(subjectId),
}, { flashcardsEnabled: true });
const reader = new ReaderService(uow);
const home = new HomeService(uow, library, questions);
const flashcards = new FlashcardsService(uow, { leitnerEnabled: false, fsrs: { newCardsPerDay: 20, desiredRetention: 0.9, fuzz: true } }, library);

const store = new IdempotencyStore(db, env.JWT_SECRET!);
const withKeys = env.BENCH_TWIN_KEYS !== 'off';
const withDeviceCheck = env.BENCH_TWIN_DEVICE !== 'off';

/**
 * A write with an Idempotency-Key: its unit of work stores the key with the response (the route's
 * `plain` or encrypted form) as its last statement, as Blok's `claimInTransaction` routes do; the
 * stored text is what is sent.
 */
async function command(req: FastifyRequest, reply: FastifyReply, scopeId: string, plain: boolean, run: () => Promise<unknown>): Promise<unknown> {
  const key = req.headers['idempotency-key'];
  if (!withKeys || typeof key !== 'string') return run();
  const identity = { scope: scopeId, key: key.toLowerCase(), method: req.method, path: req.url, body: req.body, plain };
  let text: string | null = null;
  const scope: CommandScope = {
    successStatus: 200,
    stored: false,
    complete: async (tx, status, body) => {
      text = JSON.stringify(body);
      if ((await store.insert(tx, identity, Date.now(), { status, text })) === null) throw new Error('idempotency key already stored');
    },
  };
  await runAsCommand(scope, run);
  return reply.type('application/json; charset=utf-8').send(text);
}

const app = Fastify({ logger: false });
app.setErrorHandler((err: Error & { statusCode?: number }, _req, reply) => {
  if (!err.statusCode || err.statusCode >= 500 || process.env.BENCH_DEBUG) console.error(err);
  void reply.status(err.statusCode ?? 500).send({ error: err.message });
});
async function userId(authorization: string | undefined): Promise<string> {
  const claims = await tokens.verify(authorization?.slice(7) ?? '');
  if (!claims) throw Object.assign(new Error('unauthorized'), { statusCode: 401 });
  if (withDeviceCheck) await auth.requestContext(claims.sub, claims.dev);
  return claims.sub;
}
type P = Record<string, string>;
app.get('/api/health', async () => {
  await sql`select 1`.execute(db);
  return { status: 'ok', database: handle.dialect };
});
app.get('/api/library', async (req) => library.library(await accounts.student(await userId(req.headers.authorization))));
app.get('/api/home/continue', async (req) => home.continueCards(await accounts.student(await userId(req.headers.authorization))));
app.get('/api/summaries/:id/chapters/:chapterId', async (req) => {
  const p = req.params as P;
  return reader.chapter(await accounts.student(await userId(req.headers.authorization)), p.id!, p.chapterId!);
});
app.get('/api/session/:id', async (req) => questions.overview(await userId(req.headers.authorization), (req.params as P).id!));
app.get('/api/session/:id/next', async (req) => questionSessions.next(await userId(req.headers.authorization), (req.params as P).id!));
app.get('/api/flashcard-sessions/:id', async (req) => flashcards.session(await userId(req.headers.authorization), (req.params as P).id!));
app.post('/api/flashcard-sessions/:id/answer', async (req, reply) => {
  const id = await userId(req.headers.authorization);
  return command(req, reply, id, true, () => flashcards.answer(id, (req.params as P).id!, req.body as { position: number; known: boolean }));
});
app.post('/api/question-list/:id/save-answer', async (req, reply) => {
  const id = await userId(req.headers.authorization);
  return command(req, reply, id, true, () => questionSessions.saveAnswer(id, (req.params as P).id!, req.body as { questionId: string; answerId: string; sessionId: string }));
});
app.post('/api/auth/login', async (req, reply) => {
  const b = req.body as P;
  // before sign-in a key's scope is 'anonymous', and a token response is stored encrypted
  if (b.grant_type === 'refresh_token') return command(req, reply, 'anonymous', false, () => auth.refresh({ clientId: b.client_id!, refreshToken: b.refresh_token!, deviceId: b.device_id }));
  // login's twin: the password check alone, same hash, same argon2 parameters
  const row = await db.selectFrom('users').select('password_hash').where('email', '=', b.username!.toLowerCase()).executeTakeFirstOrThrow();
  return { ok: await verifyPassword(row.password_hash, b.password!) };
});
app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
  done(null, Object.fromEntries(new URLSearchParams(body as string)));
});
await app.listen({ host: '127.0.0.1', port: Number(env.PORT) });
process.send?.('ready');
process.on('SIGTERM', () => void app.close().then(() => handle.close()).then(() => process.exit(0)));
