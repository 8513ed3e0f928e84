import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';
import { AppLayout } from '../components/layouts/app-layout.tsx';
import { AuthLayout } from '../components/layouts/auth-layout.tsx';
import { logout } from '../features/auth/api/logout.ts';
import { onSessionEvent } from '../lib/auth/session.ts';
import { signInReturnPath } from '../lib/return-to.ts';
import { AppSplash } from './app-splash.tsx';
import { requireAuth, resolveRoot } from './guards.ts';
import { requireFlashcards } from './feature-guards.ts';
import { lazyRoute } from './lazy-route.ts';
import { allOf, namespaces, prefetchOnNavigation, screenNamespaces } from './route-loaders.ts';
import { isMarkedSignedIn } from '../lib/auth/token-storage.ts';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';
import type { AppRouteHandle } from './route-handle.ts';

const handle = (h: AppRouteHandle): AppRouteHandle => h;
/** The strings of signed-in Home's own parts beside `home` (in the entry). */
const homeNamespaces = namespaces('library', 'plan');

/**
 * Route loaders (issue 14): each main screen's first queries start with its code, not after it
 * mounted. The api modules load on demand, so none of this is in a first visit of login.
 */
const prefetch = {
  home: prefetchOnNavigation(async () => {
    // 'Vandaag' too: asked with the rest instead of after the banner's answer showed it (issue 43)
    const [profile, cont, banner, today] = await Promise.all([
      import('../features/user/api/get-profile.ts'),
      import('../features/home/api/get-continue.ts'),
      import('../features/home/api/get-home-banner.ts'),
      import('../features/plan/api/get-today-plan.ts'),
    ]);
    return [profile.profileQueryOptions(), cont.continueQueryOptions(), banner.homeBannerQueryOptions(), today.todayPlanQueryOptions()];
  }),
  library: prefetchOnNavigation(async () => {
    const [library, suggestions] = await Promise.all([import('../features/library/api/get-library.ts'), import('../features/library/api/get-suggestions.ts')]);
    return [library.libraryQueryOptions(), suggestions.suggestionsQueryOptions()];
  }),
  subject: prefetchOnNavigation(async ({ id = '' }) => [(await import('../features/library/api/get-subject.ts')).subjectQueryOptions(id)]),
  summary: prefetchOnNavigation(async ({ id = '' }) => [(await import('../features/summary/api/get-summary.ts')).summaryQueryOptions(id)]),
  reader: prefetchOnNavigation(async ({ id = '', chapterId }) => {
    const [summary, chapter] = await Promise.all([import('../features/summary/api/get-summary.ts'), import('../features/summary/api/get-chapter.ts')]);
    return [summary.summaryQueryOptions(id), ...(chapterId ? [chapter.chapterQueryOptions(id, chapterId)] : [])];
  }),
  questionLists: prefetchOnNavigation(async ({ subjectId = '' }) => [
    (await import('../features/questions/api/get-question-lists.ts')).questionListsQueryOptions(subjectId),
  ]),
  mockExam: prefetchOnNavigation(async ({ subjectId = '' }) => [(await import('../features/mockexam/api/get-overview.ts')).mockExamOverviewQueryOptions(subjectId)]),
  progress: prefetchOnNavigation(async ({ subjectId = '' }) => {
    const [progress, readiness] = await Promise.all([import('../features/progress/api/get-progress.ts'), import('../features/progress/api/get-readiness.ts')]);
    return [progress.progressQueryOptions(subjectId), readiness.readinessQueryOptions(subjectId)];
  }),
  flashcardsOverview: prefetchOnNavigation(async ({ subjectId = '' }) => [(await import('../features/flashcards/api/get-overview.ts')).overviewQueryOptions(subjectId)]),
  // her PDF: opened (pdf.js, the file's first ranges) beside the viewer's chunk and her course's data (issue 41)
  pdf: prefetchOnNavigation(async ({ courseId = '', fileId = '' }) => {
    const [course, pdf] = await Promise.all([import('../features/courses/api/get-course.ts'), import('../features/courses/components/pdf-open.ts')]);
    pdf.openEarly(courseId, fileId);
    return [course.courseQueryOptions(courseId)];
  }),
  profile: prefetchOnNavigation(async () => {
    const [profile, catalogue] = await Promise.all([import('../features/user/api/get-profile.ts'), import('../features/onboarding/api/get-catalogue.ts')]);
    return [profile.profileQueryOptions(), catalogue.catalogueQueryOptions()];
  }),
};

/** The logged-in routes of the spec's route table (guarded). */
const guardedRoutes: RouteObject[] = [
  { path: paths.library.root.path, handle: handle({ titleKey: 'library:overview.title', namespaces: ['library', 'plan', 'courses'] }), loader: prefetch.library, lazy: lazyRoute(() => import('./routes/library/overview.tsx')) },
  { path: paths.library.subject.path, handle: handle({ titleKey: 'library:subject.title', namespaces: ['library', 'plan'] }), loader: prefetch.subject, lazy: lazyRoute(() => import('./routes/library/subject.tsx')) },
  { path: paths.library.details.path, handle: handle({ titleKey: 'library:details.title', namespaces: ['summary'] }), loader: prefetch.summary, lazy: lazyRoute(() => import('./routes/library/details.tsx')) },
  {
    path: paths.library.questionSettings.path,
    handle: handle({ titleKey: 'library:questionSettings.title', namespaces: ['questions'] }),
    loader: prefetch.questionLists,
    lazy: lazyRoute(() => import('./routes/library/question-settings.tsx')),
  },
  { path: paths.library.questions.path, handle: handle({ titleKey: 'library:questions.title', namespaces: ['questions'] }), lazy: lazyRoute(() => import('./routes/library/questions.tsx')) },
  {
    path: paths.library.mockExam.path,
    handle: handle({ titleKey: 'mockexam:start.title' }),
    loader: prefetch.mockExam,
    lazy: lazyRoute(() => import('./routes/library/mock-exam.tsx')),
  },
  {
    path: paths.library.mockExamSession.path,
    handle: handle({ titleKey: 'mockexam:start.title', hideNavigation: true, namespaces: ['questions'] }),
    lazy: lazyRoute(() => import('./routes/library/mock-exam-session.tsx')),
  },
  {
    path: paths.library.progress.path,
    handle: handle({ titleKey: 'progress:title' }),
    loader: prefetch.progress,
    lazy: lazyRoute(() => import('./routes/library/progress.tsx')),
  },
  {
    path: paths.library.flashcardsOverview.path,
    handle: handle({ titleKey: 'library:flashcardsOverview.title', namespaces: ['flashcards'] }),
    loader: allOf(requireFlashcards, prefetch.flashcardsOverview),
    lazy: lazyRoute(() => import('./routes/library/flashcards-overview.tsx')),
  },
  {
    path: paths.library.flashcardsFavoritesSettings.path,
    handle: handle({ titleKey: 'library:flashcardsFavorites.title', namespaces: ['flashcards'] }),
    loader: requireFlashcards,
    lazy: lazyRoute(() => import('./routes/library/flashcards-favorites.tsx')),
  },
  {
    path: paths.library.flashcardsSettings.path,
    handle: handle({ titleKey: 'library:flashcardsSettings.title', namespaces: ['flashcards'] }),
    loader: requireFlashcards,
    lazy: lazyRoute(() => import('./routes/library/flashcards-settings.tsx')),
  },
  {
    path: paths.library.flashcards.path,
    handle: handle({ titleKey: 'library:flashcards.title', hideNavigation: true, namespaces: ['flashcards'] }),
    loader: requireFlashcards,
    lazy: lazyRoute(() => import('./routes/library/flashcards-session.tsx')),
  },
  // her own courses and her PDFs (issue 41): one module; the viewer in it is a chunk of its own, with pdf.js
  { path: paths.courses.course.path, handle: handle({ titleKey: 'courses:course.title', namespaces: ['courses', 'courseQuestions'] }), lazy: lazyRoute(() => import('./routes/courses/course.tsx')) },
  { path: paths.courses.file.path, handle: handle({ titleKey: 'courses:course.title', namespaces: ['courses', 'annotations'] }), loader: prefetch.pdf, lazy: lazyRoute(() => import('./routes/courses/pdf.tsx')) },
  // 'Mijn markeringen' of her course: her highlights and notes in its PDFs
  { path: paths.courses.annotations.path, handle: handle({ titleKey: 'annotations:listTitle', namespaces: ['annotations', 'courses'] }), lazy: lazyRoute(() => import('./routes/courses/annotations.tsx')) },
  // her own questions in a course (issue 41): written with the studio's key form, practised with the practice screen's controls
  { path: paths.courses.newQuestion.path, handle: handle({ titleKey: 'courseQuestions:editor.newTitle', namespaces: ['courseQuestions', 'studio', 'questions'] }), lazy: lazyRoute(() => import('./routes/courses/course-questions.tsx')) },
  { path: paths.courses.pasteQuestions.path, handle: handle({ titleKey: 'courseQuestions:paste.title', namespaces: ['courseQuestions'] }), lazy: lazyRoute(() => import('./routes/courses/paste-questions.tsx')) },
  { path: paths.courses.question.path, handle: handle({ titleKey: 'courseQuestions:editor.editTitle', namespaces: ['courseQuestions', 'studio', 'questions'] }), lazy: lazyRoute(() => import('./routes/courses/course-questions.tsx')) },
  { path: paths.courses.practice.path, handle: handle({ titleKey: 'courseQuestions:practice.title', namespaces: ['courseQuestions', 'questions'] }), lazy: lazyRoute(() => import('./routes/courses/course-questions.tsx')) },
  // her own flashcards (issue 28): with the flashcards, off with them
  { path: paths.ownCards.root.path, handle: handle({ titleKey: 'ownCards:title' }), loader: requireFlashcards, lazy: lazyRoute(() => import('./routes/own-cards/sets.tsx')) },
  { path: paths.ownCards.newCard.path, handle: handle({ titleKey: 'ownCards:editor.newTitle' }), loader: requireFlashcards, lazy: lazyRoute(() => import('./routes/own-cards/new-card.tsx')) },
  { path: paths.ownCards.shared.path, handle: handle({ titleKey: 'ownCards:shared.title' }), loader: requireFlashcards, lazy: lazyRoute(() => import('./routes/own-cards/shared.tsx')) },
  { path: paths.ownCards.set.path, handle: handle({ titleKey: 'ownCards:title' }), loader: requireFlashcards, lazy: lazyRoute(() => import('./routes/own-cards/set.tsx')) },
  { path: paths.ownCards.editCard.path, handle: handle({ titleKey: 'ownCards:editor.editTitle' }), loader: requireFlashcards, lazy: lazyRoute(() => import('./routes/own-cards/edit-card.tsx')) },
  { path: paths.ownCards.study.path, handle: handle({ titleKey: 'ownCards:study.title' }), loader: requireFlashcards, lazy: lazyRoute(() => import('./routes/own-cards/study.tsx')) },
  {
    path: paths.ownCards.session.path,
    handle: handle({ titleKey: 'library:flashcards.title', hideNavigation: true }),
    loader: requireFlashcards,
    lazy: lazyRoute(() => import('./routes/own-cards/session.tsx')),
  },
  { path: paths.profile.root.path, handle: handle({ titleKey: 'profile:title', namespaces: ['shop'] }), loader: prefetch.profile, lazy: lazyRoute(() => import('./routes/profile/profile.tsx')) },
  {
    path: paths.profile.pushNotifications.path,
    handle: handle({ titleKey: 'profile:push.title', namespaces: [] }),
    lazy: lazyRoute(() => import('./routes/profile/push-notifications.tsx')),
  },
  { path: paths.shop.root.path, handle: handle({ titleKey: 'shop:title', namespaces: [] }), lazy: lazyRoute(() => import('./routes/shop.tsx')) },
  { path: paths.cardImport.root.path, handle: handle({ titleKey: 'cardImport:title' }), loader: requireFlashcards, lazy: lazyRoute(() => import('./routes/cards/import.tsx')) },
  {
    path: paths.shop.testCheckout.path,
    handle: handle({ titleKey: 'shop:testCheckout.title', namespaces: [] }),
    lazy: lazyRoute(() => import('./routes/shop/test-checkout.tsx')),
  },
  { path: paths.shop.return.path, handle: handle({ titleKey: 'shop:return.title', namespaces: [] }), lazy: lazyRoute(() => import('./routes/shop/return.tsx')) },
  { path: paths.summary.chapters.path, handle: handle({ titleKey: 'summary:chapters.title', namespaces: [] }), loader: prefetch.summary, lazy: lazyRoute(() => import('./routes/summary/chapters.tsx')) },
  { path: paths.summary.annotations.path, handle: handle({ titleKey: 'annotations:listTitle', namespaces: [] }), loader: prefetch.summary, lazy: lazyRoute(() => import('./routes/summary/annotations.tsx')) },
  {
    path: paths.summary.read.path,
    // only the reader's strings: no other feature's chunk before its first render (issue 30); her
    // highlights' come with their overlay after the chapter's first paint (issue 43, routes/summary/read.tsx)
    handle: handle({ titleKey: 'summary:read.title', namespaces: [] }),
    loader: prefetch.reader,
    // Moving to another chapter of the same summary (or the reader putting her chapter in the
    // address) is the same opening: the summary is not asked for again, the chapter by the screen.
    shouldRevalidate: ({ currentParams, nextParams, defaultShouldRevalidate }) => currentParams.id !== nextParams.id && defaultShouldRevalidate,
    lazy: lazyRoute(() => import('./routes/summary/read.tsx')),
  },
  { path: paths.summary.last.path, handle: handle({ titleKey: 'summary:read.title', namespaces: [] }), lazy: lazyRoute(() => import('./routes/summary/last.tsx')) },
  { path: paths.summary.questions.path, handle: handle({ titleKey: 'summary:questions.title' }), lazy: lazyRoute(() => import('./routes/summary/questions.tsx')) },
  // The author studio (issue 29): its own chunks, loaded only when an author opens it.
  { path: paths.studio.root.path, handle: handle({ titleKey: 'studio:title' }), lazy: lazyRoute(() => import('./routes/studio/home.tsx')) },
  { path: paths.studio.catalogue.path, handle: handle({ titleKey: 'studioCatalogue:title' }), lazy: lazyRoute(() => import('./routes/studio/catalogue.tsx')) },
  // the studio's preview answers questions with the practice screen's inputs: their strings are `questions`
  { path: paths.studio.subject.path, handle: handle({ titleKey: 'studio:title', namespaces: ['studio', 'questions'] }), lazy: lazyRoute(() => import('./routes/studio/subject.tsx')) },
];

/** Every route of the spec's route table (section 2). */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: AppSplash,
    ErrorBoundary: RouteError,
    children: [
      {
        path: paths.auth.root.path,
        Component: AuthLayout,
        children: [
          { index: true, loader: () => redirect(paths.auth.login.getHref()), Component: AppSplash },
          { path: paths.auth.login.path, handle: handle({ titleKey: 'auth:login.title' }), lazy: lazyRoute(() => import('./routes/auth/login.tsx')) },
          {
            path: paths.auth.loginTemporary.path,
            handle: handle({ titleKey: 'auth:login.temporaryTitle' }),
            lazy: lazyRoute(() => import('./routes/auth/login-temporary.tsx')),
          },
          {
            path: paths.auth.register.path,
            handle: handle({ titleKey: 'auth:register.documentTitle' }),
            lazy: lazyRoute(() => import('./routes/auth/register.tsx')),
          },
          {
            path: paths.auth.forgotPassword.path,
            handle: handle({ titleKey: 'auth:forgot.title' }),
            lazy: lazyRoute(() => import('./routes/auth/forgot-password.tsx')),
          },
          {
            path: paths.auth.accountDeleted.path,
            handle: handle({ titleKey: 'auth:accountDeleted.title' }),
            lazy: lazyRoute(() => import('./routes/auth/account-deleted.tsx')),
          },
          {
            path: paths.auth.resetPassword.path,
            handle: handle({ titleKey: 'auth:reset.title' }),
            lazy: lazyRoute(() => import('./routes/auth/reset-password.tsx')),
          },
        ],
      },
      {
        Component: AppLayout,
        children: [
          {
            path: paths.home.root.path,
            children: [
              {
                index: true,
                handle: handle({ titleKey: 'common:nav.home' }),
                // Signed out it is the landing page (first-visit strings only); signed in, the dashboard:
                // 'Vandaag' (plan) and the suggestions of an empty library (library), nothing else.
                loader: allOf(() => (isMarkedSignedIn() ? homeNamespaces() : null), prefetch.home),
                lazy: lazyRoute(() => import('./routes/home/home.tsx')) },
              { path: paths.home.shortcut.path, handle: handle({ titleKey: 'home:shortcut.title' }), lazy: lazyRoute(() => import('./routes/home/shortcut.tsx')) },
            ],
          },
          { path: paths.tutorial.root.path, handle: handle({ titleKey: 'tutorial:title' }), loader: namespaces('tutorial'), lazy: lazyRoute(() => import('./routes/tutorial.tsx')) },
          { path: paths.notFound.path, handle: handle({ titleKey: 'common:notFound.title' }), lazy: lazyRoute(() => import('./routes/not-found.tsx')) },
          // An address no route knows (issue 42): says so, signed in or not, and keeps the address.
          { path: '*', handle: handle({ titleKey: 'common:notFound.title' }), lazy: lazyRoute(() => import('./routes/not-found.tsx')) },
          {
            id: 'guarded',
            // Each screen's strings come with its code: the namespaces its handle names (issue 30).
            loader: allOf(requireAuth, screenNamespaces(() => routes)),
            // Check on every navigation, not only when entering the group.
            shouldRevalidate: () => true,
            children: guardedRoutes,
          },
        ],
      },
      {
        path: paths.logout.path,
        // Never shown for long: the loader signs out and redirects.
        Component: AppSplash,
        loader: async ({ request }) => {
          await logout();
          return redirect(paths.auth.login.getHref(signInReturnPath(new URL(request.url).searchParams.get('redirectTo'))));
        },
      },
      { index: true, loader: resolveRoot, Component: AppSplash },
    ],
  },
];

type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Follows automatic sign-outs: another device signing in goes to login (with the notice), a
 * failed refresh goes to /logout (spec section 2).
 */
export function followSessionEvents(router: Pick<AppRouter, 'navigate'>): () => void {
  return onSessionEvent((event) => {
    if (event.type !== 'signed-out') return;
    if (event.reason === 'device-revoked') void router.navigate(paths.auth.login.getHref(), { replace: true });
    else if (event.reason === 'refresh-failed') void router.navigate(paths.logout.getHref(), { replace: true });
  });
}

export function createAppRouter(): AppRouter {
  const router = createBrowserRouter(routes);
  followSessionEvents(router);
  return router;
}
