import fp from 'fastify-plugin';
import { AuthService, type RateLimits } from '../auth/service.ts';
import { AccessTokens } from '../auth/tokens.ts';
import { DeviceCookies } from '../auth/device-cookies.ts';
import { LibraryService } from '../library/library-service.ts';
import { SubjectDirectory } from '../library/subject-directory.ts';
import { ReaderService } from '../library/reader-service.ts';
import { HomeService } from '../library/home-service.ts';
import { QuestionsReadService } from '../questions/read-service.ts';
import { QuestionSessionService } from '../questions/session-service.ts';
import { QuestionCatalogueService } from '../questions/catalogue-service.ts';
import { FlashcardsService, type FlashcardsOptions } from '../flashcards/service.ts';
import { OwnCardsService } from '../own-cards/service.ts';
import { OwnCardsRepository } from '../own-cards/repository.ts';
import { UserService } from '../user/service.ts';
import { UserAccounts } from '../user/accounts.ts';
import { AnnotationsService } from '../annotations/service.ts';
import { PdfAnnotationsService } from '../annotations/pdf-service.ts';
import { MockExamService } from '../mockexam/service.ts';
import { ProgressService } from '../progress/service.ts';
import { StandingService } from '../standing/service.ts';
import { ReadinessService } from '../standing/readiness.ts';
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
import type { PaymentProvider } from '../shop/provider.ts';
import { TestCheckoutProvider } from '../shop/test-provider.ts';
import { JobRunner } from '../jobs/runner.ts';
import { HealthService } from '../health/service.ts';
import { purgeFinishedJobs } from '../jobs/queue.ts';
import { IdempotencyStore } from '../write/idempotency.ts';
import { UnitOfWork } from '../write/unit-of-work.ts';
import { DomainEvents } from '../write/events.ts';
import { PlanService } from '../plan/service.ts';
import { LibraryPlanSource } from '../library/plan-source.ts';
import { QuestionsPlanSource } from '../questions/plan-source.ts';
import { FlashcardsPlanSource } from '../flashcards/plan-source.ts';
import { StudioService } from '../studio/service.ts';
import { StudioAuditLog } from '../studio/audit-log.ts';
import { contentWriters, type ContentWriters } from '../content/importer.ts';
import { ReportsService } from '../reports/service.ts';
import { CatalogueService } from '../catalogue/service.ts';
import { WorkPool, type WorkPoolOptions } from '../threads/pool.ts';
import { CATALOGUE } from '@blok/content/catalogue';
import { CoursesService, type CourseLimitOptions } from '../courses/service.ts';
import { courseDirectory, type CourseDirectory } from '../courses/directory.ts';
import { CoursesPlanSource } from '../courses/plan-source.ts';
import { CourseStandingService } from '../standing/course-standing.ts';
import { courseQuestionsStanding } from '../course-questions/standing-source.ts';
import { CourseQuestionsService } from '../course-questions/service.ts';
import { courseQuestionsPlan } from '../course-questions/plan-source.ts';
import { PdfChecker, type PdfCheckerOptions } from '../courses/pdf-checker.ts';
import { SearchService } from '../search/service.ts';
import { Composition } from './composition.ts';

/** The one-off job that renders again the own cards saved before the card renderer's `<`/`>` fix. */
const OWN_CARD_RERENDER_JOB = 'own-cards.rerender';

/** The services routes reach through `app.services`, one method per request. */
export interface ApiServices {
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
  /** her own flashcards (decision 023): sets, cards, pictures, share links, import and export */
  ownCards: OwnCardsService;
  /** the shop's payments: checkout, orders, the provider's webhook, the test checkout */
  payments: PaymentService;
  /** the shop page with her subscription, cancel; Premium periods and their jobs */
  subscriptions: SubscriptionService;
  mockExams: MockExamService;
  progress: ProgressService;
  plan: PlanService;
  studio: StudioService;
  /** "Meld een fout": her reports and the studio's inbox (decision 029) */
  reports: ReportsService;
  /** the onboarding catalogue: universities, studies, year layers (decision 031) */
  catalogue: CatalogueService;
  annotations: AnnotationsService;
  /** her highlights and notes on her PDFs' pages (issue 41) */
  pdfAnnotations: PdfAnnotationsService;
  /** CPU work of large sets off the event loop: an import's sides, an .apkg (issue 38) */
  work: WorkPool;
  /** her own courses and their PDFs (issue 41, decision 039) */
  courses: CoursesService;
  /** her own practice questions in a course of her own, graded by the domain (issue 41) */
  courseQuestions: CourseQuestionsService;
  /** where she stands in a course of her own: readiness and Voortgang's counts (issue 41, decision 049) */
  courseStanding: CourseStandingService;
  /** the one search over her PDFs, her cards and Blok's summaries (decision 040) */
  search: SearchService;
}

/** Every part the root makes: the services, and the parts only other parts use. */
export interface Parts extends ApiServices {
  events: DomainEvents;
  jobs: JobRunner;
  /** her account as other features read and mark it (role, Premium, who she is) */
  accounts: UserAccounts;
  /** her courses' names, for the features that show what is in a course (own-cards) */
  courseDirectory: CourseDirectory;
  /** the questions' catalogue: lists, counts, a question's place */
  questionCatalogue: QuestionCatalogueService;
  /** due cards of a subject for the plan and the reminders; null with flashcards off */
  flashcardsPlanSource: FlashcardsPlanSource | null;
  /** subject titles for practice and flashcards */
  subjects: SubjectDirectory;
  /** where she stands as Voortgang reads it: her answers counted per practice session or mock exam and chapter (decision 047) */
  standing: StandingService;
  /** where she stands: readiness and the expected grade from her evidence, its days and predictions (decisions 035, 046, 047) */
  readiness: ReadinessService;
  /** the studio's audit log, written by the catalogue and the reports inbox too */
  auditLog: StudioAuditLog;
  /** each owner's writer of the catalogue's tables: library, questions, flashcards (decision 041) */
  contentWriters: ContentWriters;
  /** who takes payments: Mollie, or the test checkout (then also `testCheckout`) */
  paymentProvider: PaymentProvider;
  testCheckout: TestCheckoutProvider | null;
  /** the PDF check's threads (issue 41) */
  pdfChecker: PdfChecker;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: ApiServices;
    /** The leased job runner of this process (decision 007). */
    jobs: JobRunner;
    /** What each part of the composition root is made from (tests read it). */
    serviceGraph: Map<string, readonly string[]>;
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
  /** WORK_*: the work threads (threads/pool.ts) */
  work: WorkPoolOptions;
  /** COURSE*: her own courses' limits and the PDF check (decision 039) */
  courses: { limits: CourseLimitOptions; checker: PdfCheckerOptions };
}

/** How long finished jobs are kept (their dedupe keys with them). */
const FINISHED_JOB_RETENTION_DAYS = 7;
const HOUR = 3600;

/**
 * The graph of the API's parts (issue 42): each names what it is made from and is made after it
 * (plugins/composition.ts refuses a cycle and any use of an undeclared part). Where one feature
 * tells another what happened in a write (an answer, a chapter read, a card judged, a release, a
 * catalogue change, an account deleted), it says so on `events` in its own transaction and the
 * listener writes in that same transaction: the teller does not hold the listener.
 */
export function composeServices(app: { database: { db: UnitOfWork['db']; dialect: 'sqlite' | 'postgres' }; log: import('fastify').FastifyBaseLogger }, opts: ServicesOptions): Composition<Parts> {
  const { db, dialect } = app.database;
  const cardsOn = opts.flashcards.enabled;
  const fsrsOn = cardsOn && opts.flashcards.leitnerEnabled;
  const c = new Composition<Parts>();

  // ---------------------------------------------------------------- the write path
  c.add('uow', [], () => new UnitOfWork(db));
  c.add('events', [], () => new DomainEvents());
  c.add('jobs', [], () => new JobRunner(db, dialect, { pollIntervalMs: opts.jobs.pollIntervalMs, leaseSeconds: opts.jobs.leaseSeconds, batchSize: 10, log: app.log }));
  c.add('idempotency', [], () => new IdempotencyStore(db, opts.jwtSecret));
  c.add('health', [], () => new HealthService(db, dialect));
  c.add('work', [], () => new WorkPool(opts.work));

  // ---------------------------------------------------------------- accounts, catalogue, sign-in
  c.add('accounts', ['uow'], (p) => new UserAccounts(p.uow));
  c.add('tokens', [], () => new AccessTokens(opts.jwtSecret, opts.accessTokenTtlSeconds, opts.tokenSigner));
  c.add('mailer', [], () =>
    opts.profile.smtpUrl
      ? new SmtpMailer(opts.profile.smtpUrl, opts.profile.mailFrom)
      : new OutboxMailer(opts.profile.outboxDir, opts.profile.mailFrom, (info, message) => app.log.info(info, message)),
  );
  c.add('mail', ['jobs'], (p) => new MailService(p.jobs));
  // The catalogue (decision 031): a study year's subjects are the library's; an admin's change is
  // audited by the studio, and a subject's new audiences reach its open draft as an event.
  c.add('catalogue', ['uow', 'accounts', 'library', 'auditLog', 'events'], (p) =>
    new CatalogueService(
      p.uow,
      { roleOf: (executor, userId) => p.accounts.roleOf(executor, userId), studentsIn: (executor, choice) => p.accounts.studentsIn(executor, choice) },
      {
        allSubjects: (executor) => p.library.allSubjects(executor),
        audienceMap: (executor) => p.library.audienceMap(executor),
        setStudyYearSubjects: (tx, study, year, ids) => p.library.setStudyYearSubjects(tx, study, year, ids),
      },
      {
        audit: (tx, entry) => p.auditLog.write(tx, entry),
        audiencesChanged: (tx, subjectId, audiences) => p.events.emit(tx, 'catalogue.audiences-changed', { subjectId, audiences }),
      },
    ),
  );
  c.add('auth', ['uow', 'tokens', 'catalogue'], (p) => new AuthService(p.uow, p.tokens, opts.rateLimits, p.catalogue, new DeviceCookies(opts.jwtSecret, opts.deviceCookieMaxAgeSeconds)));
  c.add('user', ['uow', 'mail', 'mailer', 'catalogue', 'events'], (p) =>
    new UserService(p.uow, {
      mail: p.mail,
      outbox: p.mailer instanceof OutboxMailer ? p.mailer : null,
      choices: p.catalogue,
      accountDeleted: (tx, account) => p.events.emit(tx, 'account.deleted', account),
    }),
  );
  c.add('passwords', ['uow', 'mail'], (p) =>
    new PasswordService(p.uow, p.mail, {
      changeFailuresPerAccount: opts.rateLimits.loginFailuresPerAccount,
      forgotPerWindow: opts.profile.forgotPasswordPerWindow,
      resetFailuresPerIp: opts.profile.resetFailuresPerIp,
      windowSeconds: opts.rateLimits.windowSeconds,
      publicUrl: opts.profile.publicUrl,
      allowRequestOrigin: opts.profile.allowRequestOrigin,
    }),
  );

  // ---------------------------------------------------------------- content and study
  c.add('questionCatalogue', ['uow'], (p) => new QuestionCatalogueService(p.uow));
  // practice reads subject titles from the subject directory; the library reads practice's standing per list
  c.add('subjects', ['uow'], (p) => new SubjectDirectory(p.uow));
  c.add('auditLog', [], () => new StudioAuditLog());
  c.add('questions', ['uow', 'subjects'], (p) => new QuestionsReadService(p.uow, p.subjects));
  c.add('library', ['uow', 'questions', 'questionCatalogue'], (p) =>
    new LibraryService(
      p.uow,
      {
        listProgress: (userId, listIds) => p.questions.listProgress(userId, listIds),
        listCounts: (subjectIds) => p.questionCatalogue.listCounts(subjectIds),
        listsOfSubject: (subjectId) => p.questionCatalogue.listsOfSubject(subjectId),
      },
      { flashcardsEnabled: cardsOn },
    ),
  );
  c.add('questionSessions', ['uow', 'subjects', 'events'], (p) =>
    new QuestionSessionService(p.uow, p.subjects, {
      recordAnswer: (tx, e) => p.events.emit(tx, 'practice.answered', e),
      answersCleared: (tx, e) => p.events.emit(tx, 'practice.cleared', e),
    }),
  );
  c.add('reader', ['uow', 'events'], (p) => new ReaderService(p.uow, { recordRead: (tx, e) => p.events.emit(tx, 'chapters.read', e) }));
  c.add('home', ['uow', 'library', 'questions'], (p) => new HomeService(p.uow, p.library, p.questions));
  c.add('flashcards', ['uow', 'library', 'events'], (p) =>
    new FlashcardsService(
      p.uow,
      opts.flashcards,
      p.library,
      { recordCard: (tx, e) => p.events.emit(tx, 'card.judged', e), recordOwnCard: (tx, e) => p.events.emit(tx, 'own-card.judged', e) },
      (executor) => new OwnCardsRepository(executor),
    ),
  );
  // her sets go only into subjects of her library: the library knows which, from her study and year;
  // a large import's sides are rendered on a work thread
  c.add('courseDirectory', ['uow'], (p) => courseDirectory(p.uow));
  c.add('ownCards', ['uow', 'library', 'accounts', 'flashcards', 'work', 'courseDirectory'], (p) =>
    new OwnCardsService(
      p.uow,
      {
        subjectTitle: (id) => p.library.subjectTitle(id),
        subjectTitles: (ids) => p.library.subjectTitles(ids),
        chapterPlace: (chapterId) => p.library.chapterPlace(chapterId),
        inLibrary: async (userId, subjectId) => p.library.inLibrary(await p.accounts.student(userId), subjectId),
        courseNames: (userId) => p.courseDirectory.courseNames(userId),
      },
      p.flashcards,
      (markdowns, userId) => p.work.run('renderOwnCardSides', markdowns, { owner: userId }),
    ),
  );
  c.add('flashcardsPlanSource', ['uow'], (p) => (cardsOn ? new FlashcardsPlanSource(p.uow, opts.flashcards.leitnerEnabled) : null));
  // Where she stands (decisions 035, 046, 047): readiness and the expected grade from her evidence,
  // the subject's chapters and lists from their owners. Fed by the plan's hooks (below), which know
  // her day; read by the plan (subject page, Voortgang's readiness, Home, reminders) and the studio.
  c.add('readiness', ['uow'], (p) => {
    const library = new LibraryPlanSource(p.uow);
    const practice = new QuestionsPlanSource(p.uow);
    return new ReadinessService(p.uow, { chaptersOf: (id) => library.chaptersOf(id), listsOfSubject: (id) => practice.listsOfSubject(id) });
  });
  // Where she stands in a course of her own (decision 049): her answers there kept from the events of
  // her questions and her cards in their transaction; her pages, questions and cards from their owners.
  c.add('courseStanding', ['uow', 'events', 'courseDirectory', 'ownCards'], (p) => {
    const questions = courseQuestionsStanding(p.uow);
    const standing = new CourseStandingService(
      p.uow,
      {
        pagesOf: (userId, courseId) => p.courseDirectory.pagesOf(userId, courseId),
        verdictsOf: (userId, courseId) => questions.verdictsOf(userId, courseId),
        courseCards: (userId, courseId) => (cardsOn ? p.ownCards.courseCards(userId, courseId) : Promise.resolve([])),
        courseOfSet: (userId, setId) => p.ownCards.courseOfSet(userId, setId),
      },
      opts.flashcards.now,
    );
    p.events.on('course-question.answered', (tx, e) => standing.questionAnswered(tx, e));
    p.events.on('own-card.judged', (tx, e) => standing.cardJudged(tx, e));
    p.events.on('course.deleted', (tx, e) => standing.courseDeleted(tx, e));
    return standing;
  });
  // Exam-ready (decision 021): reads the owners through their plan sources (decision 020) and where
  // she stands from the standing; keeps its aggregates from the events of the writes it hears, and
  // hands each answer on to the standing in the same transaction.
  c.add('plan', ['uow', 'flashcardsPlanSource', 'ownCards', 'accounts', 'events', 'readiness', 'courseStanding'], (p) => {
    const plan = new PlanService(
      p.uow,
      {
        library: new LibraryPlanSource(p.uow),
        practice: new QuestionsPlanSource(p.uow),
        cards: p.flashcardsPlanSource,
        // her own cards linked to a chapter count in its readiness, and her own sets of the subject get tasks
        ownCards: cardsOn
          ? {
              chapterCards: (userId, chapterIds) => p.ownCards.chapterCards(userId, chapterIds),
              setsToStudy: (userId, subjectId, dueUntil) => p.ownCards.setsToStudy(userId, subjectId, dueUntil),
              answeredSince: (userId, setIds, since) => p.ownCards.answeredSince(userId, setIds, since),
            }
          : null,
        standing: p.readiness,
        // her own courses with an exam date (issue 41): pages to read, her cards due in their sets and
        // her own questions to practise (from the course-questions feature, made from the unit of work)
        courses: new CoursesPlanSource(
          p.uow,
          cardsOn
            ? {
                courseSetsToStudy: (userId, courseId, dueUntil) => p.ownCards.courseSetsToStudy(userId, courseId, dueUntil),
                answeredSince: (userId, setIds, since) => p.ownCards.answeredSince(userId, setIds, since),
              }
            : null,
          courseQuestionsPlan(p.uow),
          // where she stands in each course, shown beside it as beside a Blok subject (decision 049)
          p.courseStanding,
        ),
      },
      { now: opts.flashcards.now, students: (userId) => p.accounts.student(userId), dialect },
    );
    p.events.on('practice.answered', (tx, e) => plan.recordAnswer(tx, e));
    p.events.on('chapters.read', (tx, e) => plan.recordRead(tx, e));
    p.events.on('card.judged', (tx, e) => plan.recordCard(tx, e));
    p.events.on('mock-exam.closed', (tx, e) => plan.recordMockExam(tx, e));
    p.events.on('questions.outdated', (tx, e) => plan.questionsOutdated(tx, e.subjectId, e.questionIds));
    p.events.on('course.deleted', (tx, e) => plan.courseDeleted(tx, e));
    return plan;
  });
  c.add('annotations', ['uow', 'reader'], (p) => new AnnotationsService(p.uow, p.reader));
  // her PDFs' highlights: her files from the courses feature's directory
  c.add('pdfAnnotations', ['uow', 'courseDirectory'], (p) => new PdfAnnotationsService(p.uow, p.courseDirectory));
  // Mock exams: chapters from the library, questions from the questions catalogue; a closed exam's
  // answers reach the plan and the standing as an event in the closing transaction (decisions 035, 047).
  c.add('mockExams', ['uow', 'library', 'questionCatalogue', 'events'], (p) =>
    new MockExamService(
      p.uow,
      p.library,
      p.questionCatalogue,
      undefined,
      (tx, e) => p.events.emit(tx, 'mock-exam.closed', e),
      (tx, e) => p.events.emit(tx, 'mock-exam.regraded', e),
    ),
  );
  // Where she stands as Voortgang reads it (decision 047): her answers counted per practice session
  // or mock exam and chapter, kept from the questions' and mock exams' events in their transaction.
  // Its listeners come after the plan's: a write takes her plan lock, then the standing's.
  c.add('standing', ['uow', 'events', 'mockExams'], (p) => {
    const standing = new StandingService(p.uow, new QuestionsProgressSource(p.uow), p.mockExams, { now: opts.flashcards.now, dialect });
    p.events.on('practice.answered', (tx, e) => standing.recordAnswer(tx, e));
    p.events.on('practice.cleared', (tx, e) => standing.answersCleared(tx, e));
    p.events.on('mock-exam.closed', (tx, e) => standing.examGraded(tx, e));
    p.events.on('mock-exam.regraded', (tx, e) => standing.examGraded(tx, e));
    p.events.on('questions.outdated', (tx, e) => standing.questionsOutdated(tx, e.subjectId, e.questionIds));
    return standing;
  });
  // The progress page: every figure from its owner (decision 020).
  c.add('progress', ['uow', 'mockExams', 'standing'], (p) =>
    new ProgressService(
      {
        library: new LibraryProgressSource(p.uow),
        practice: new QuestionsProgressSource(p.uow),
        standing: p.standing,
        cards: cardsOn ? new FlashcardsProgressSource(p.uow, opts.flashcards.leitnerEnabled) : null,
        mockExams: p.mockExams,
      },
      opts.flashcards.now,
    ),
  );

  // ---------------------------------------------------------------- reminders
  c.add('push', ['uow', 'jobs', 'plan', 'flashcardsPlanSource'], (p) => {
    const push = new PushService(p.uow, p.jobs, new PushSender(opts.profile.vapid, new PushEndpointPolicy(opts.profile.pushEndpoints)), app.log, {
      daySummary: (userId) => p.plan.daySummary(userId),
      timeZoneIn: (executor, userId) => p.plan.timeZoneIn(executor, userId),
      cardsDue: fsrsOn && p.flashcardsPlanSource ? (userId, until) => p.flashcardsPlanSource!.dueCountAll(userId, until) : null,
    });
    return push;
  });

  // ---------------------------------------------------------------- shop (decisions 009 and 015)
  c.add('testCheckout', ['uow'], (p) => (opts.shop.payments === 'test' ? new TestCheckoutProvider(() => p.uow.executor) : null));
  // Mollie when a key is set, else the test checkout, which in production runs only because the
  // operator chose PAYMENTS=test (env.ts refuses it otherwise).
  c.add('paymentProvider', ['testCheckout'], (p) => p.testCheckout ?? new MollieProvider(opts.shop.mollieApiKey!));
  c.add('subscriptions', ['uow', 'jobs', 'accounts', 'paymentProvider'], (p) => new SubscriptionService(p.uow, p.jobs, p.accounts, { providerName: p.paymentProvider.name, log: app.log }));
  c.add('payments', ['uow', 'accounts', 'subscriptions', 'paymentProvider', 'testCheckout'], (p) =>
    new PaymentService(p.uow, p.paymentProvider, p.accounts, p.subscriptions, { publicUrl: opts.shop.publicUrl.replace(/\/+$/, ''), log: app.log }, p.testCheckout),
  );

  // ---------------------------------------------------------------- the studio (decision 026)
  // A release writes the catalogue's tables through their owners' writers (decision 041): the
  // library, questions and flashcards each write their own part in the release's transaction.
  c.add('contentWriters', [], () => contentWriters());
  c.add('studio', ['uow', 'accounts', 'contentWriters', 'catalogue', 'events', 'readiness', 'questionCatalogue', 'mockExams'], (p) => {
    const studio = new StudioService(
      p.uow,
      p.accounts,
      p.contentWriters,
      () => p.catalogue.catalogue(),
      { questionsOutdated: (tx, subjectId, questionIds) => p.events.emit(tx, 'questions.outdated', { subjectId, questionIds }) },
      // the expected grade against real mock exams, kept by the standing (issue 39)
      (subjectId) => p.readiness.calibration(subjectId),
      // item analysis of practice answers (the questions feature's) and mock exam answers (the mock exams'), combined (decision 045)
      async (subjectId) =>
        (await p.questionCatalogue.itemAnalysis(subjectId, await p.mockExams.itemAnswers(subjectId))).map(({ itemId, ...rest }) => ({ questionId: itemId, ...rest })),
    );
    p.events.on('catalogue.audiences-changed', (tx, e) => studio.audiencesChanged(tx, e.subjectId, e.audiences));
    return studio;
  });
  // what a report of a mistake refers to, asked of the owners (decision 029)
  c.add('reports', ['uow', 'questionCatalogue', 'library', 'flashcards', 'studio', 'auditLog'], (p) =>
    new ReportsService(
      p.uow,
      { question: (id) => p.questionCatalogue.questionPlace(id), chapter: (id) => p.library.chapterPlace(id), flashcard: (id) => p.flashcards.cardPlace(id) },
      { subjectMember: (executor, userId, subjectId) => p.studio.subjectMember(executor, userId, subjectId), audit: (tx, entry) => p.auditLog.write(tx, entry) },
    ),
  );
  // her own courses (issue 41, decision 039): Premium from her account
  // the one search (decision 040): her cards from their owner, the chapters from the library
  c.add('search', ['uow', 'accounts', 'library', 'ownCards'], (p) =>
    new SearchService(
      p.uow,
      dialect,
      cardsOn ? { fingerprint: (userId) => p.ownCards.searchFingerprint(userId), cards: (userId) => p.ownCards.cardsForSearch(userId) } : null,
      { fingerprint: () => p.library.chaptersFingerprint(), chapters: () => p.library.chaptersForSearch() },
      async (userId) => (await p.accounts.account(p.uow.executor, userId))?.hasSubscription ?? false,
    ),
  );
  c.add('pdfChecker', [], () => new PdfChecker(opts.courses.checker));
  c.add('courses', ['uow', 'accounts', 'pdfChecker', 'search', 'events'], (p) =>
    new CoursesService(
      p.uow,
      { isPremium: async (executor, userId) => (await p.accounts.account(executor, userId))?.hasSubscription ?? false },
      opts.courses.limits,
      p.pdfChecker,
      p.search,
      // a course deleted: where she stands in it and its plan's days go in the same transaction
      { courseDeleted: (tx, e) => p.events.emit(tx, 'course.deleted', e) },
    ),
  );
  // her own questions (issue 41): her courses through their directory; an answer told as an event
  c.add('courseQuestions', ['uow', 'courseDirectory', 'events'], (p) =>
    new CourseQuestionsService(p.uow, p.courseDirectory, (tx, e) => p.events.emit(tx, 'course-question.answered', e)),
  );
  return c;
}

/**
 * The one composition root: makes every part once in the order of its graph, lets the features
 * that forget a deleted account listen, registers the jobs, and starts the job runner with the app
 * (JOBS=off: this process only serves requests). Routes reach services through app.services.
 */
export default fp<ServicesOptions>(
  async (app, opts) => {
    const composition = composeServices(app, opts);
    const parts = composition.build();
    const { jobs, events, auth, push, idempotency, mailer, subscriptions, payments } = parts;
    if (parts.testCheckout && opts.shop.production) {
      app.log.error(
        { payments: 'test' },
        'PAYMENTS=test IN PRODUCTION: the built-in test checkout takes the payments; anyone can grant herself Premium without paying, no money moves',
      );
    }

    // Her account goes: what auth, push and the write path keep of her by id or address goes too.
    for (const owner of [auth, push, idempotency, parts.search]) events.on('account.deleted', (tx, account) => owner.forgetAccount(tx, account));

    // The demo catalogue (spec section 3) on a fresh database, once; not a part of SEED_DEMO:
    // registration needs a catalogue.
    if (await parts.catalogue.seed(CATALOGUE)) app.log.info('demo catalogue seeded');

    app.addHook('onClose', async () => push.sender.close());
    app.addHook('onClose', async () => parts.work.close());
    app.addHook('onClose', async () => parts.pdfChecker.close());
    registerPushJobs(jobs, push);
    registerMailJobs(jobs, mailer);
    if (mailer instanceof SmtpMailer) app.addHook('onClose', async () => mailer.close());
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
    // pictures an import staged for a command that never stored its set (decision 042); each delete its own statement
    jobs.every('maintenance.sweep-staged-pictures', HOUR, async () => {
      await parts.ownCards.sweepUnlinkedPictures();
    }, { transactional: false });
    // PDF uploads staged for a command that never made the file hers (decision 039's addendum on staged uploads); short statements
    jobs.every('maintenance.sweep-staged-course-files', HOUR, async () => {
      await parts.courses.sweepStagedFiles();
    }, { transactional: false });
    // cards saved before the `<`/`>` fix of the card renderer get their HTML made again, once
    jobs.register(OWN_CARD_RERENDER_JOB, async () => {
      const changed = await parts.ownCards.rerenderAngleBrackets();
      if (changed > 0) app.log.info({ changed }, 'own cards rendered again');
    }, { transactional: false });
    await jobs.enqueue(parts.uow.db, { name: OWN_CARD_RERENDER_JOB, dedupeKey: `${OWN_CARD_RERENDER_JOB}:angle-brackets` });
    jobs.every('maintenance.purge-finished-jobs', 24 * HOUR, async (_payload, { tx }) => {
      await purgeFinishedJobs(tx, new Date(Date.now() - FINISHED_JOB_RETENTION_DAYS * 24 * HOUR * 1000).toISOString());
    });

    const services: ApiServices = {
      uow: parts.uow, health: parts.health, idempotency, tokens: parts.tokens, auth, user: parts.user, push, passwords: parts.passwords, mail: parts.mail, mailer,
      library: parts.library, reader: parts.reader, home: parts.home, questions: parts.questions, questionSessions: parts.questionSessions,
      flashcards: parts.flashcards, ownCards: parts.ownCards, payments, subscriptions, mockExams: parts.mockExams, progress: parts.progress,
      plan: parts.plan, studio: parts.studio, reports: parts.reports, catalogue: parts.catalogue, annotations: parts.annotations, pdfAnnotations: parts.pdfAnnotations, work: parts.work,
      courses: parts.courses, courseQuestions: parts.courseQuestions, courseStanding: parts.courseStanding, search: parts.search,
    };
    app.decorate('services', services);
    app.decorate('jobs', jobs);
    app.decorate('serviceGraph', composition.graph());
    if (opts.jobs.enabled) {
      app.addHook('onReady', async () => jobs.start());
    }
    app.addHook('onClose', async () => jobs.stop(10_000));
  },
  { name: 'services', dependencies: ['database'] },
);
