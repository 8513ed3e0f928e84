import Fastify from 'fastify';
import pino, { type DestinationStream } from 'pino';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { constants as zlib } from 'node:zlib';
import type { DatabaseHandle } from '@blok/db';
import type { Env, StandIn } from './env.ts';
import { AppError } from './errors.ts';
import database from './plugins/database.ts';
import services from './plugins/services.ts';
import commands from './plugins/commands.ts';
import authenticate from './plugins/authenticate.ts';
import errorHandler, { notFound } from './plugins/error-handler.ts';
import web from './plugins/web.ts';
import securityHeaders from './plugins/security-headers.ts';
import authRoutes from './routes/auth/index.ts';
import userRoutes from './routes/user/index.ts';
import userPublicRoutes from './routes/user/public.ts';
import passwordResetRoutes from './routes/password-reset/index.ts';
import { resolveVapidKeys } from './push/vapid.ts';
import type { PushResolver } from './push/endpoint-policy.ts';
import catalogueRoutes from './routes/catalogue/index.ts';
import healthRoutes from './routes/health/index.ts';
import libraryRoutes from './routes/library/index.ts';
import questionsRoutes from './routes/questions/index.ts';
import flashcardsRoutes from './routes/flashcards/index.ts';
import ownCardsRoutes from './routes/own-cards/index.ts';
import cardImportRoutes from './routes/card-import/index.ts';
import annotationsRoutes from './routes/annotations/index.ts';
import mockExamRoutes from './routes/mockexam/index.ts';
import progressRoutes from './routes/progress/index.ts';
import configRoutes from './routes/config/index.ts';
import shopRoutes from './routes/shop/index.ts';
import planRoutes from './routes/plan/index.ts';
import studioRoutes from './routes/studio/index.ts';
import studioCatalogueRoutes from './routes/studio/catalogue.ts';
import reportRoutes, { reportInboxRoutes } from './routes/reports/index.ts';
import coursesRoutes from './routes/courses/index.ts';
import courseQuestionsRoutes from './routes/course-questions/index.ts';
import searchRoutes from './routes/search/index.ts';
import requestLimit from './plugins/request-limit.ts';
import clientKey from './plugins/client-key.ts';

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 8 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v, depth + 1));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Browser features Blok never uses; a third party's script cannot turn them on either. Only features
 * Chromium knows: an unknown one ('bluetooth') is a console error on every page (perf.spec.ts checks).
 */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), interest-cohort=()';

/** HSTS, sent only on requests that came over https. */
const HSTS = { 'strict-transport-security': 'max-age=31536000; includeSubDomains' };

/** The API's answers are data, never a page: nothing may load from them or frame them. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

export interface BuildOptions {
  env: Env;
  /** reuse an opened (and migrated) database, as the tests do */
  database?: DatabaseHandle;
  /** PostgreSQL schema to use (tests) */
  databaseSchema?: string;
  /** false to silence logs; defaults to JSON logs at env.LOG_LEVEL */
  logger?: boolean;
  /** where the JSON logs go (tests read them); default stdout */
  logStream?: DestinationStream;
  /** serve the web build; default true */
  serveWeb?: boolean;
  /** how push endpoints' host names resolve (tests: without the network); default the system's */
  pushResolver?: PushResolver;
}

/** Smaller answers go as they are: compressing them costs more CPU than the bytes it saves. */
export const COMPRESS_MIN_BYTES = 8 * 1024;

/** What the logs gather before they are written: about a dozen access lines. */
export const LOG_BUFFER_BYTES = 4096;
/** The longest a log line waits in that buffer. */
export const LOG_FLUSH_MS = 1000;

/**
 * Where the JSON logs go: stdout, written off the event loop in batches of LOG_BUFFER_BYTES and at
 * least every LOG_FLUSH_MS, and at once when the process exits (pino flushes on exit). One write
 * per line cost a write in the thread pool per request: 15-30 µs of a 200 µs read in the bench
 * (decision 014). A process killed with -9 loses at most the last second of lines. Tests write each
 * line at once (pino's default), so a failing test's log is complete.
 */
export function logDestination(env: Pick<Env, 'NODE_ENV'>): DestinationStream {
  if (env.NODE_ENV === 'test') return pino.destination({ dest: 1, sync: false });
  return pino.destination({ dest: 1, sync: false, minLength: LOG_BUFFER_BYTES, periodicFlush: LOG_FLUSH_MS });
}

/** TRUST_PROXY (validated in env.ts): false, a hop count, or the proxies' addresses/CIDRs. */
function trustProxy(value: string): boolean | string[] | ((addr: string, hop: number) => boolean) {
  if (value === 'false' || value === '') return false;
  if (/^\d+$/.test(value)) {
    // hop 0 is the socket's peer (the nearest proxy); the client is the first address past the proxies
    const hops = Number(value);
    return (_addr, hop) => hop < hops;
  }
  return value.split(',').map((p) => p.trim());
}

/** Builds the Fastify app: external plugins, app plugins, routes, then error and not-found handlers. */
export async function buildApp(opts: BuildOptions) {
  const { env } = opts;
  /** Whether a stand-in for a library is on (decision 019; STAND_INS_OFF names those that are not). */
  const standIn = (name: StandIn) => !env.STAND_INS_OFF.has(name);
  const app = Fastify({
    // JSON logs through pino, with Fastify's own request logging: `incoming request` and `request
    // completed` (the status and the response time) per request; no header or body is logged.
    logger:
      opts.logger === false
        ? false
        : {
            level: env.LOG_LEVEL,
            redact: {
              paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.refresh_token', '*.access_token'],
              censor: '[redacted]',
            },
            stream: opts.logStream ?? logDestination(env),
          },
    trustProxy: trustProxy(env.TRUST_PROXY),
    // A client's X-Request-Id becomes the log id only when it is a UUID (no log forging).
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && UUID.test(given) ? given.toLowerCase() : randomUUID();
    },
    // Fastify's own refusals (a malformed URL, a too long parameter) in the product's error shape.
    frameworkErrors: (error, _req, reply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      const body = { error: 'invalid_request', error_description: status === 414 ? 'Het adres is te lang.' : 'Het adres van dit verzoek is ongeldig.' };
      void (reply as unknown as { status(c: number): { type(t: string): { send(b: unknown): unknown } } }).status(status).type('application/json; charset=utf-8').send(body);
    },
    // Node's HTTP parser refusals (431 headers too large, 400 malformed request) likewise.
    clientErrorHandler: (err: NodeJS.ErrnoException, socket) => {
      if (!socket.writable) return void socket.destroy();
      const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'HPE_URI_TOO_LONG' ? 414 : 400;
      const body = JSON.stringify({ error: 'invalid_request', error_description: status === 431 ? 'De headers van dit verzoek zijn te groot.' : 'Ongeldig verzoek.' });
      socket.end(`HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : status === 414 ? 'URI Too Long' : 'Bad Request'}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
    },
    bodyLimit: 1_048_576,
    // The first start imports all demo content and migrates: allow it more than Fastify's 10 s.
    pluginTimeout: 120_000,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // request.clientKey: the one key every per-address counter counts a client by (IPv6 by its network).
  await app.register(clientKey, { ipv6Prefix: env.IPV6_SUBNET_PREFIX });
  // NUL characters are never meaningful input, and PostgreSQL cannot store them in text: refuse
  // them at the door for every route, so both dialects answer alike (400, never a 500).
  // A callback hook, not an async one: every request passes here (no promise and microtask turn each).
  app.addHook('preValidation', (req, _reply, done) => {
    if (containsNul(req.body) || containsNul(req.query) || containsNul(req.params)) {
      return done(new AppError('invalid_request', 'De invoer bevat ongeldige tekens.'));
    }
    done();
  });

  await app.register(database, {
    url: env.DATABASE_URL,
    schema: opts.databaseSchema,
    poolSize: env.DATABASE_POOL_SIZE,
    synchronous: env.SQLITE_SYNCHRONOUS,
    preparedStatements: standIn('pg-prepared'),
    checkpointThread: standIn('sqlite-checkpointer'),
    handle: opts.database,
    seedDemo: env.SEED_DEMO,
  });
  await app.register(services, {
    jwtSecret: env.JWT_SECRET,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    tokenSigner: standIn('token-signer') ? 'node' : 'jose',
    rateLimits: {
      loginPerIp: env.LOGIN_RATE_LIMIT_IP,
      loginFailuresPerAccountAndIp: env.LOGIN_RATE_LIMIT_ACCOUNT_IP,
      loginFailuresPerAccount: env.LOGIN_RATE_LIMIT_ACCOUNT,
      loginFailuresPerIp: env.LOGIN_FAILURE_LIMIT_IP,
      registerPerIp: env.REGISTER_RATE_LIMIT_IP,
      windowSeconds: env.LOGIN_RATE_LIMIT_WINDOW_SECONDS,
    },
    deviceCookieMaxAgeSeconds: env.LOGIN_DEVICE_COOKIE_DAYS * 86_400,
    jobs: { enabled: env.JOBS, pollIntervalMs: env.JOBS_POLL_INTERVAL_MS, leaseSeconds: env.JOBS_LEASE_SECONDS },
    flashcards: {
      enabled: env.FLASHCARDS_ENABLED,
      leitnerEnabled: env.FLASHCARDS_ENABLED && env.LEITNER_ENABLED,
      fsrs: { newCardsPerDay: env.FSRS_NEW_CARDS_PER_DAY, desiredRetention: env.FSRS_DESIRED_RETENTION, fuzz: env.FSRS_FUZZ },
    },
    profile: {
      vapid: resolveVapidKeys(env),
      pushEndpoints: { hosts: env.PUSH_ENDPOINT_HOSTS, allowLoopback: env.PUSH_ENDPOINT_ALLOW_LOOPBACK, resolve: opts.pushResolver },
      smtpUrl: env.SMTP_URL,
      mailFrom: env.MAIL_FROM,
      outboxDir: env.MAIL_OUTBOX_DIR,
      publicUrl: env.PUBLIC_URL,
      allowRequestOrigin: env.NODE_ENV !== 'production',
      forgotPasswordPerWindow: env.FORGOT_PASSWORD_RATE_LIMIT,
      resetFailuresPerIp: env.RESET_PASSWORD_FAILURE_LIMIT_IP,
    },
    shop: { publicUrl: env.PUBLIC_URL, mollieApiKey: env.MOLLIE_API_KEY, payments: env.payments, production: env.NODE_ENV === 'production' },
    work: {
      threads: env.WORK_THREADS,
      queue: env.WORK_QUEUE,
      perStudent: env.WORK_PER_STUDENT,
      timeoutMs: env.WORK_TIMEOUT_S * 1000,
      heapMb: env.WORK_HEAP_MB,
      idleMs: env.WORK_IDLE_S * 1000,
    },
    courses: {
      limits: {
        coursesFree: env.COURSES_FREE,
        coursesPremium: env.COURSES_PREMIUM,
        storageFreeBytes: env.COURSE_STORAGE_FREE_MB * 1024 * 1024,
        storagePremiumBytes: env.COURSE_STORAGE_PREMIUM_MB * 1024 * 1024,
        fileBytes: env.COURSE_FILE_MAX_MB * 1024 * 1024,
        filePages: env.COURSE_FILE_MAX_PAGES,
      },
      checker: {
        workers: env.COURSE_PDF_WORKERS,
        queue: env.COURSE_PDF_QUEUE,
        timeoutMs: env.COURSE_PDF_TIMEOUT_S * 1000,
        heapMb: env.COURSE_PDF_WORKER_HEAP_MB,
        maxPages: env.COURSE_FILE_MAX_PAGES,
      },
    },
  });
  // Before both contexts below: they inherit it (the API's errors and the pages' alike).
  await app.register(errorHandler);

  // Everything that applies to the API lives in this one encapsulated context (docs/architecture.md, "The
  // API's pipeline"): its hooks run for every request Fastify routes into it, its 404 included, in
  // whatever spelling the address came (`/%61pi/health` is routed, decoded, to /api/health). Nothing
  // here picks requests by testing the raw URL.
  await app.register(
    async (api) => {
      // JSON answers: nothing may load or frame them, no type sniffing, no cross-origin no-cors reads,
      // no caching unless the route says otherwise. The documentation (/api/docs) gets the same set;
      // swagger-ui sends its own content security policy there (staticCSP).
      await api.register(securityHeaders, {
        api: {
          headers: {
            'content-security-policy': API_CONTENT_SECURITY_POLICY,
            'x-content-type-options': 'nosniff',
            'x-frame-options': 'DENY',
            'cross-origin-resource-policy': 'same-origin',
            'referrer-policy': 'no-referrer',
            // a student's own data is kept by no cache; a route that may be cached says so itself
            // (the catalogue, content images, public pictures)
            'cache-control': 'no-store',
          },
        },
        httpsOnly: HSTS,
      });
      await api.register(requestLimit, { max: env.API_RATE_LIMIT_PER_MINUTE, windowMs: 60_000 });
      await api.register(formbody);
      await api.register(swagger, {
        openapi: {
          info: { title: 'Blok API', description: 'API of Blok, the Dutch study app.', version: '1.0.0' },
          components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
        },
        transform: jsonSchemaTransform,
      });
      // The readable docs and the OpenAPI document: on outside production, in production only on request.
      if (env.API_DOCS ?? env.NODE_ENV !== 'production') await api.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
      // Before the routes: it turns every write route registered after it into a command.
      await api.register(commands, { anonymousKeysPerAddress: env.IDEMPOTENCY_ANONYMOUS_LIMIT_IP });
      await api.register(authenticate);
      // Large answers (the register screen's catalogue is 99 KB, a long chapter tens of KB) go
      // compressed when the client accepts it: brotli at quality 5 or gzip at level 6, from
      // COMPRESS_MIN_BYTES up; smaller ones as they are. The web's static files are precompressed at
      // build time (plugins/web.ts), not here.
      await api.register(compress, {
        global: true,
        threshold: COMPRESS_MIN_BYTES,
        encodings: ['br', 'gzip'],
        brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
        zlibOptions: { level: 6 },
      });

      await api.register(healthRoutes, { prefix: '/health' });
      await api.register(catalogueRoutes, { prefix: '/catalogue' });
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(userRoutes, { prefix: '/user' });
      await api.register(userPublicRoutes);
      await api.register(passwordResetRoutes, { prefix: '/auth' });
      // Feature route plugins declare their own full paths below /api.
      await api.register(libraryRoutes);
      await api.register(questionsRoutes);
      await api.register(annotationsRoutes);
      await api.register(mockExamRoutes);
      await api.register(progressRoutes);
      await api.register(configRoutes, { prefix: '/config', config: { flashcardsEnabled: env.FLASHCARDS_ENABLED, leitnerEnabled: env.FLASHCARDS_ENABLED && env.LEITNER_ENABLED } });
      // Feature flag off: the routes do not exist (404), like the web app's routes and entry points.
      if (env.FLASHCARDS_ENABLED) {
        await api.register(flashcardsRoutes, { leitnerEnabled: env.LEITNER_ENABLED });
        await api.register(ownCardsRoutes);
        await api.register(cardImportRoutes, {
          limits: {
            maxFileBytes: env.CARD_IMPORT_MAX_FILE_MB * 1024 * 1024,
            maxUnpackedBytes: env.CARD_IMPORT_MAX_UNPACKED_MB * 1024 * 1024,
            maxCards: env.CARD_IMPORT_MAX_CARDS,
            maxPictures: env.CARD_IMPORT_MAX_PICTURES,
            maxPictureBytes: env.CARD_IMPORT_MAX_PICTURE_KB * 1024,
            maxNoteBytes: env.CARD_IMPORT_MAX_NOTE_KB * 1024,
            zstdMaxWindowBytes: env.CARD_IMPORT_ZSTD_MAX_WINDOW_MB * 1024 * 1024,
          },
          runner: {
            workers: env.CARD_IMPORT_WORKERS,
            queue: env.CARD_IMPORT_QUEUE,
            queueBytes: env.CARD_IMPORT_QUEUE_MB * 1024 * 1024,
            queueWaitMs: env.CARD_IMPORT_QUEUE_WAIT_S * 1000,
            timeoutMs: env.CARD_IMPORT_PARSE_TIMEOUT_S * 1000,
            smallTextBytes: env.CARD_IMPORT_SMALL_TEXT_KB * 1024,
            smallTextQueue: 16,
            heapMb: env.CARD_IMPORT_WORKER_HEAP_MB,
            idleMs: env.CARD_IMPORT_WORKER_IDLE_S * 1000,
          },
        });
      }
      // The test checkout's routes exist only when it takes the payments (decision 015).
      await api.register(studioRoutes, { prefix: '/studio' });
      await api.register(studioCatalogueRoutes, { prefix: '/studio/catalogue' });
      await api.register(reportRoutes, { prefix: '/reports' });
      await api.register(reportInboxRoutes, { prefix: '/studio' });
      await api.register(shopRoutes, { prefix: '/shop', testCheckout: env.payments === 'test' });
      await api.register(planRoutes);
      await api.register(coursesRoutes);
      await api.register(courseQuestionsRoutes);
      await api.register(searchRoutes);
      // An address below /api that is no route: a JSON 404 with the API's headers, counted by the limit
      // (@fastify/rate-limit counts routes; its handler counts the not-found answers too).
      api.setNotFoundHandler({ preHandler: api.rateLimit() }, notFound);
    },
    { prefix: '/api' },
  );

  // The pages: the built web app (its files, the SPA fallback for deep links) and every other address,
  // with helmet's document headers (@fastify/helmet) and the permissions policy.
  await app.register(async (pages) => {
    await pages.register(securityHeaders, {
      permissionsPolicy: PERMISSIONS_POLICY,
      // HSTS only means something over https (behind TLS at the load balancer, say).
      httpsOnly: HSTS,
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'"],
          fontSrc: ["'self'", 'data:'],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // frame-ancestors 'none' and X-Frame-Options say the same: never in a frame.
      frameguard: { action: 'deny' },
      hsts: false,
    });
    // The web plugin answers addresses that are no file with the SPA fallback; without a build, a 404.
    if (opts.serveWeb !== false) {
      const serverRender = env.WEB_SERVER_RENDER === 'on' ? { timeoutMs: env.WEB_SERVER_RENDER_TIMEOUT_MS } : undefined;
      await pages.register(web, { root: env.WEB_DIST, serverRender });
    } else pages.setNotFoundHandler(notFound);
  });
  return app;
}
