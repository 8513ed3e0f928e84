import fp from 'fastify-plugin';
import { AuthService, type RateLimits } from '../auth/service.ts';
import { AccessTokens } from '../auth/tokens.ts';
import { DeviceCookies } from '../auth/device-cookies.ts';
import { LibraryService } from '../library/library-service.ts';
import { ReaderService } from '../library/reader-service.ts';
import { HomeService } from '../library/home-service.ts';
import { QuestionsReadService } from '../questions/read-service.ts';
import { QuestionSessionService } from '../questions/session-service.ts';
import { QuestionCatalogueService } from '../questions/catalogue-service.ts';
import { FlashcardsService, type FlashcardsOptions } from '../flashcards/service.ts';
import { OwnCardsService } from '../flashcards/own-service.ts';
import { UserService } from '../user/service.ts';
import { AnnotationsService } from '../annotations/service.ts';
import { MockExamService } from '../mockexam/service.ts';
import { ProgressService } from '../progress/service.ts';
import { LibraryProgressSource } from '../library/progress-source.ts';
import { QuestionsProgressSource } from '../questions/progress-source.ts';
import { FlashcardsProgressSource } from '../flashcards/progress-source.ts';
import { PushService } from '../push/service.ts';
import { PushSender } from '../push/sender.ts';
import { PushEndpointPolicy, type PushEndpointPolicyOptions } from '../push/endpoint-policy.ts';
import { registerPushJobs } from '../push/jobs.ts';
import type { VapidKeys } from '../push/vapid.ts';
import { OutboxMailer, SmtpMailer, type Mailer } from '../mail/mailer.ts';
import { registerMailJobs } from '../mail/jobs.ts';
import { MailService } from '../mail/service.ts';
import { PasswordService } from '../auth/password-service.ts';
import { PaymentService } from '../shop/payment-service.ts';
import { SubscriptionService, SHOP_JOBS, type PeriodJobPayload } from '../shop/subscription-service.ts';
import { MollieProvider } from '../shop/mollie-provider.ts';
import { TestCheckoutProvider } from '../shop/test-provider.ts';
import { JobRunner } from '../jobs/runner.ts';
import { HealthService } from '../health/service.ts';
import { purgeFinishedJobs } from '../jobs/queue.ts';
import { IdempotencyStore } from '../write/idempotency.ts';
import { UnitOfWork } from '../write/unit-of-work.ts';
import { PlanService } from '../plan/service.ts';
import { LibraryPlanSource } from '../library/plan-source.ts';
import { QuestionsPlanSource } from '../questions/plan-source.ts';
import { FlashcardsPlanSource } from '../flashcards/plan-source.ts';
import { StudioService } from '../studio/service.ts';
import { CatalogueService } from '../catalogue/service.ts';
import { CATALOGUE } from '@blok/content/catalogue';

declare module 'fastify' {
  interface FastifyInstance {
    services: {
      uow: UnitOfWork;
      health: HealthService;
      idempotency: IdempotencyStore;
      tokens: AccessTokens;
      auth: AuthService;
      user: UserService;
      push: PushService;
      passwords: PasswordService;
      mail: MailService;
      mailer: Mailer;
      /** her library, suggestions, search, a subject's page; subject titles for other features */
      library: LibraryService;
      /** the reader: summaries, chapters, her reading progress, content images */
      reader: ReaderService;
      /** Home's welcome banner and continue cards */
      home: HomeService;
      /** her practice as she reads it; also her standing per list and open sessions for the library */
      questions: QuestionsReadService;
      /** her actions on practice sessions: start, answer, assess, navigate, reset, restart */
      questionSessions: QuestionSessionService;
      flashcards: FlashcardsService;
      /** her own flashcards (issue 28): sets, cards, pictures, share links, import and export */
      ownCards: OwnCardsService;
      /** the shop's payments: checkout, orders, the provider's webhook, the test checkout */
      payments: PaymentService;
      /** the shop page with her subscription, cancel; Premium periods and their jobs */
      subscriptions: SubscriptionService;
      mockExams: MockExamService;
      progress: ProgressService;
      plan: PlanService;
      studio: StudioService;
      /** the onboarding catalogue: universities, studies, year layers (decision 031) */
      catalogue: CatalogueService;
      annotations: AnnotationsService;
    };
    /** The leased job runner of this process (decision 007). */
    jobs: JobRunner;
  }
}

export interface ServicesOptions {
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  /** who signs access tokens: node:crypto (the stand-in) or jose's SignJWT (decision 019) */
  tokenSigner?: 'node' | 'jose';
  rateLimits: RateLimits;
  /** LOGIN_DEVICE_COOKIE_DAYS: how long a browser's device cookie proves its sign-in (decision 017) */
  deviceCookieMaxAgeSeconds: number;
  /** FLASHCARDS_ENABLED, LEITNER_ENABLED and the FSRS_* settings */
  flashcards: FlashcardsOptions & { enabled: boolean };
  jobs: { enabled: boolean; pollIntervalMs: number; leaseSeconds: number };
  /** profile, push reminders and password reset (issue 11) */
  profile: {
    vapid: VapidKeys;
    /** PUSH_ENDPOINT_HOSTS, PUSH_ENDPOINT_ALLOW_LOOPBACK and the resolver (decision 016) */
    pushEndpoints: PushEndpointPolicyOptions;
    /** SMTP_URL; unset: mails go to the outbox folder */
    smtpUrl: string | undefined;
    mailFrom: string;
    outboxDir: string;
    publicUrl: string;
    /** outside production a reset link may use the request's own address when PUBLIC_URL is unset */
    allowRequestOrigin: boolean;
    forgotPasswordPerWindow: number;
    /** failed password resets (a bad link) per address per window */
    resetFailuresPerIp: number;
  };
  /** PUBLIC_URL, MOLLIE_API_KEY and who takes payments (PAYMENTS; decision 015) */
  shop: { publicUrl: string; mollieApiKey?: string; payments: 'mollie' | 'test'; production: boolean };
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
    const tokens = new AccessTokens(opts.jwtSecret, opts.accessTokenTtlSeconds, opts.tokenSigner);
    const idempotency = new IdempotencyStore(db, opts.jwtSecret);
    // The catalogue (decision 031): its admins' changes go through the library (a study year's
    // subjects) and the studio (audit log, drafts); both are made below, called only after start-up.
    const catalogue: CatalogueService = new CatalogueService(
      uow,
      { roleOf: (executor, userId) => user.roleOf(executor, userId), studentsIn: (executor, choice) => user.studentsIn(executor, choice) },
      {
        allSubjects: (executor) => library.allSubjects(executor),
        audienceMap: (executor) => library.audienceMap(executor),
        setStudyYearSubjects: (tx, study, year, ids) => library.setStudyYearSubjects(tx, study, year, ids),
      },
      { audit: (tx, entry) => studio.audit(tx, entry), audiencesChanged: (tx, subjectId, audiences) => studio.audiencesChanged(tx, subjectId, audiences) },
    );
    // The demo catalogue (spec section 3) on a fresh database, once; not a part of SEED_DEMO:
    // registration needs a catalogue.
    if (await catalogue.seed(CATALOGUE)) app.log.info('demo catalogue seeded');
    const auth = new AuthService(uow, tokens, opts.rateLimits, catalogue, new DeviceCookies(opts.jwtSecret, opts.deviceCookieMaxAgeSeconds));
    // Profile, push and password reset (issue 11). Mail: SMTP when configured, else the outbox folder.
    const mailer: Mailer = opts.profile.smtpUrl
      ? new SmtpMailer(opts.profile.smtpUrl, opts.profile.mailFrom)
      : new OutboxMailer(opts.profile.outboxDir, opts.profile.mailFrom, (info, message) => app.log.info(info, message));
    const mail = new MailService(jobs);
    const pushEndpoints = new PushEndpointPolicy(opts.profile.pushEndpoints);
    // The reminders read her plan and due cards (issue 27); both are made below, called only after start-up.
    const push: PushService = new PushService(uow, jobs, new PushSender(opts.profile.vapid, pushEndpoints), app.log, {
      daySummary: (userId) => plan.daySummary(userId),
      timeZoneIn: (db, userId) => plan.timeZoneIn(db, userId),
      cardsDue: opts.flashcards.enabled && opts.flashcards.leitnerEnabled ? (userId, until) => flashcardsPlanSource!.dueCountAll(userId, until) : null,
    });
    app.addHook('onClose', async () => push.sender.close());
    const user = new UserService(uow, { mail, outbox: mailer instanceof OutboxMailer ? mailer : null, forgetters: [auth, push, idempotency], choices: catalogue });
    const passwords = new PasswordService(uow, mail, {
      changeFailuresPerAccount: opts.rateLimits.loginFailuresPerAccount,
      forgotPerWindow: opts.profile.forgotPasswordPerWindow,
      resetFailuresPerIp: opts.profile.resetFailuresPerIp,
      windowSeconds: opts.rateLimits.windowSeconds,
      publicUrl: opts.profile.publicUrl,
      allowRequestOrigin: opts.profile.allowRequestOrigin,
    });
    registerPushJobs(jobs, push);
    registerMailJobs(jobs, mailer);
    if (mailer instanceof SmtpMailer) app.addHook('onClose', async () => mailer.close());
    // subject titles are the library's; the library is made below (called only after start-up)
    const subjectTitles = {
      subjectTitle: (id: string) => library.subjectTitle(id),
      subjectTitles: (ids: string[]) => library.subjectTitles(ids),
    };
    const questions = new QuestionsReadService(uow, subjectTitles);
    const questionSessions = new QuestionSessionService(uow, subjectTitles, { recordAnswer: (tx, e) => plan.recordAnswer(tx, e) });
    const questionCatalogue = new QuestionCatalogueService(uow);
    const library: LibraryService = new LibraryService(uow, {
      listProgress: (userId, listIds) => questions.listProgress(userId, listIds),
      listCounts: (subjectIds) => questionCatalogue.listCounts(subjectIds),
      listsOfSubject: (subjectId) => questionCatalogue.listsOfSubject(subjectId),
    }, { flashcardsEnabled: opts.flashcards.enabled });
    const reader = new ReaderService(uow, { recordRead: (tx, e) => plan.recordRead(tx, e) });
    const home = new HomeService(uow, library, questions);
    // Exam-ready (issue 27): reads the owners through their plan sources (decision 020).
    const flashcardsPlanSource = opts.flashcards.enabled ? new FlashcardsPlanSource(uow, opts.flashcards.leitnerEnabled) : null;
    const plan: PlanService = new PlanService(uow, {
      library: new LibraryPlanSource(uow),
      practice: new QuestionsPlanSource(uow),
      cards: flashcardsPlanSource,
      // her own cards linked to a chapter count in its readiness, and her own sets of the subject get
      // tasks, asked of their owner (decision 020)
      ownCards: opts.flashcards.enabled
        ? {
            chapterCards: (userId, chapterIds) => ownCards.chapterCards(userId, chapterIds),
            setsToStudy: (userId, subjectId, dueUntil) => ownCards.setsToStudy(userId, subjectId, dueUntil),
            answeredSince: (userId, setIds, since) => ownCards.answeredSince(userId, setIds, since),
          }
        : null,
    }, { now: opts.flashcards.now, students: (userId) => user.student(userId), dialect });
    const flashcards = new FlashcardsService(uow, opts.flashcards, library, plan);
    const ownCards = new OwnCardsService(uow, library, flashcards);
    // highlights and notes: the chapters' reader texts are the library's reader's
    const annotations = new AnnotationsService(uow, reader);
    // Mock exams (issue 27): chapters from the library, questions from the questions catalogue.
    const mockExams = new MockExamService(uow, library, questionCatalogue);
    // The progress page (issue 27): every figure from its owner (decision 020).
    const progress = new ProgressService({
      library: new LibraryProgressSource(uow),
      practice: new QuestionsProgressSource(uow),
      cards: opts.flashcards.enabled ? new FlashcardsProgressSource(uow, opts.flashcards.leitnerEnabled) : null,
      mockExams,
    }, opts.flashcards.now);

    // Shop (decisions 009 and 015): Mollie when a key is set, else the test checkout, which in
    // production runs only because the operator chose PAYMENTS=test (env.ts refuses it otherwise).
    const testCheckout = opts.shop.payments === 'test' ? new TestCheckoutProvider(() => uow.executor) : null;
    const provider = testCheckout ?? new MollieProvider(opts.shop.mollieApiKey!);
    if (testCheckout && opts.shop.production) {
      app.log.error(
        { payments: 'test' },
        'PAYMENTS=test IN PRODUCTION: the built-in test checkout takes the payments; anyone can grant herself Premium without paying, no money moves',
      );
    }
    const subscriptions = new SubscriptionService(uow, jobs, user, { providerName: provider.name, log: app.log });
    const payments = new PaymentService(uow, provider, user, subscriptions, { publicUrl: opts.shop.publicUrl.replace(/\/+$/, ''), log: app.log }, testCheckout);
    jobs.register(SHOP_JOBS.periodEnd, async (payload, { tx }) => subscriptions.endPeriod(tx, payload as PeriodJobPayload));
    // Not transactional: it calls the provider; the provider's idempotency key makes it charge once.
    jobs.register(SHOP_JOBS.renew, async (payload) => payments.renew(payload as PeriodJobPayload), { transactional: false });

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

    const studio: StudioService = new StudioService(uow, user, {
      // what a report of a mistake refers to, asked of the owners (decision 029)
      question: (id) => questionCatalogue.questionPlace(id),
      chapter: (id) => library.chapterPlace(id),
      flashcard: (id) => flashcards.cardPlace(id),
    }, () => catalogue.catalogue(), plan);
    app.decorate('services', { uow, health: new HealthService(db, dialect), idempotency, tokens, auth, user, push, passwords, mail, mailer, library, reader, home, questions, questionSessions, flashcards, ownCards, mockExams, progress, payments, subscriptions, plan, studio, catalogue, annotations });
    app.decorate('jobs', jobs);
    if (opts.jobs.enabled) {
      app.addHook('onReady', async () => jobs.start());
    }
    app.addHook('onClose', async () => jobs.stop(10_000));
  },
  { name: 'services', dependencies: ['database'] },
);
