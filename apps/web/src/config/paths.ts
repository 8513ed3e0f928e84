/**
 * Every path of the app (spec section 2, route table). Components never write path literals:
 * `paths.library.subject.getHref(id)`. `path` is the React Router pattern, `getHref` builds a URL.
 */

const enc = encodeURIComponent;
const optional = (value: string | number | undefined | null): string =>
  value === undefined || value === null || value === '' ? '' : `/${enc(String(value))}`;

export const paths = {
  auth: {
    root: { path: '/auth' },
    login: {
      path: '/auth/login',
      getHref: (redirectTo?: string) =>
        `/auth/login${redirectTo ? `?redirectTo=${enc(redirectTo)}` : ''}`,
    },
    loginTemporary: { path: '/auth/login-temporary', getHref: () => '/auth/login-temporary' },
    register: { path: '/auth/register', getHref: () => '/auth/register' },
    forgotPassword: { path: '/auth/forgot-password', getHref: () => '/auth/forgot-password' },
    resetPassword: { path: '/auth/reset-password', getHref: () => '/auth/reset-password' },
    accountDeleted: { path: '/auth/account-deleted', getHref: () => '/auth/account-deleted' },
  },
  home: {
    root: { path: '/home', getHref: () => '/home' },
    shortcut: { path: '/home/shortcut', getHref: () => '/home/shortcut' },
  },
  library: {
    root: { path: '/bibliotheek', getHref: () => '/bibliotheek' },
    subject: {
      path: '/bibliotheek/subject/:id',
      getHref: (id: string | number) => `/bibliotheek/subject/${enc(String(id))}`,
    },
    details: {
      path: '/bibliotheek/details/:id',
      getHref: (id: string | number) => `/bibliotheek/details/${enc(String(id))}`,
    },
    questionSettings: {
      path: '/bibliotheek/question-settings/:subjectId/:questionListId?',
      getHref: (subjectId: string | number, questionListId?: string | number) =>
        `/bibliotheek/question-settings/${enc(String(subjectId))}${optional(questionListId)}`,
    },
    questions: {
      path: '/bibliotheek/questions/:sessionId/:subjectId/:questionListId?',
      getHref: (sessionId: string | number, subjectId: string | number, questionListId?: string | number) =>
        `/bibliotheek/questions/${enc(String(sessionId))}/${enc(String(subjectId))}${optional(questionListId)}`,
    },
    mockExam: {
      path: '/bibliotheek/proeftentamen/:subjectId',
      getHref: (subjectId: string | number) => `/bibliotheek/proeftentamen/${enc(String(subjectId))}`,
    },
    mockExamSession: {
      path: '/bibliotheek/proeftentamen/:subjectId/:examId',
      getHref: (subjectId: string | number, examId: string) => `/bibliotheek/proeftentamen/${enc(String(subjectId))}/${enc(examId)}`,
    },
    progress: {
      path: '/bibliotheek/voortgang/:subjectId',
      getHref: (subjectId: string | number) => `/bibliotheek/voortgang/${enc(String(subjectId))}`,
    },
    flashcardsOverview: {
      path: '/bibliotheek/flashcards-overview/:subjectId',
      getHref: (subjectId: string | number) => `/bibliotheek/flashcards-overview/${enc(String(subjectId))}`,
    },
    flashcardsSettings: {
      path: '/bibliotheek/flashcards-settings/:subjectId/:flashcardSetId?',
      getHref: (subjectId: string | number, flashcardSetId?: string | number) =>
        `/bibliotheek/flashcards-settings/${enc(String(subjectId))}${optional(flashcardSetId)}`,
    },
    flashcardsFavoritesSettings: {
      path: '/bibliotheek/flashcards-settings/:subjectId/favorites',
      getHref: (subjectId: string | number) =>
        `/bibliotheek/flashcards-settings/${enc(String(subjectId))}/favorites`,
    },
    flashcards: {
      path: '/bibliotheek/flashcards/:sessionId/:subjectId/:flashcardSetId?',
      getHref: (sessionId: string | number, subjectId: string | number, flashcardSetId?: string | number) =>
        `/bibliotheek/flashcards/${enc(String(sessionId))}/${enc(String(subjectId))}${optional(flashcardSetId)}`,
    },
  },
  /** her own courses, their PDFs and the one search (issue 41) */
  courses: {
    course: { path: '/bibliotheek/eigen-vak/:courseId', getHref: (courseId: string) => `/bibliotheek/eigen-vak/${enc(courseId)}` },
    /** the PDF viewer; `pagina`: the page to open at */
    file: {
      path: '/bibliotheek/eigen-vak/:courseId/pdf/:fileId',
      getHref: (courseId: string, fileId: string, page?: number) => `/bibliotheek/eigen-vak/${enc(courseId)}/pdf/${enc(fileId)}${page ? `?pagina=${page}` : ''}`,
    },
    /** 'Mijn markeringen' of a course: her highlights and notes in its PDFs */
    annotations: { path: '/bibliotheek/eigen-vak/:courseId/markeringen', getHref: (courseId: string) => `/bibliotheek/eigen-vak/${enc(courseId)}/markeringen` },
    /** her own questions (issue 41): a new one, one to edit, and practising them */
    newQuestion: { path: '/bibliotheek/eigen-vak/:courseId/vragen/nieuw', getHref: (courseId: string) => `/bibliotheek/eigen-vak/${enc(courseId)}/vragen/nieuw` },
    pasteQuestions: { path: '/bibliotheek/eigen-vak/:courseId/vragen/plakken', getHref: (courseId: string) => `/bibliotheek/eigen-vak/${enc(courseId)}/vragen/plakken` },
    question: { path: '/bibliotheek/eigen-vak/:courseId/vragen/:questionId', getHref: (courseId: string, questionId: string) => `/bibliotheek/eigen-vak/${enc(courseId)}/vragen/${enc(questionId)}` },
    practice: { path: '/bibliotheek/eigen-vak/:courseId/oefenen', getHref: (courseId: string) => `/bibliotheek/eigen-vak/${enc(courseId)}/oefenen` },
  },
  /** her own flashcards (issue 28) */
  ownCards: {
    root: { path: '/kaarten', getHref: () => '/kaarten' },
    /**
     * The card editor. The reader's "Maak flashcard" opens it with `achterkant` (the selection, for
     * the back), `hoofdstuk` (chapter id) and `samenvatting` (summary id); `set` picks the set. Her
     * PDF's cloze card (issue 41) fills `voorkant` too: the sentence with the word left out.
     */
    newCard: {
      path: '/kaarten/nieuw',
      getHref: (query: { voorkant?: string; achterkant?: string; hoofdstuk?: string; samenvatting?: string; set?: string } = {}) => {
        const params = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => Boolean(e[1])));
        const search = params.toString();
        return `/kaarten/nieuw${search ? `?${search}` : ''}`;
      },
    },
    shared: { path: '/kaarten/gedeeld/:token', getHref: (token: string) => `/kaarten/gedeeld/${enc(token)}` },
    set: { path: '/kaarten/:setId', getHref: (setId: string) => `/kaarten/${enc(setId)}` },
    editCard: { path: '/kaarten/:setId/kaart/:cardId', getHref: (setId: string, cardId: string) => `/kaarten/${enc(setId)}/kaart/${enc(cardId)}` },
    study: { path: '/kaarten/:setId/oefenen', getHref: (setId: string) => `/kaarten/${enc(setId)}/oefenen` },
    session: { path: '/kaarten/:setId/sessie/:sessionId', getHref: (setId: string, sessionId: string) => `/kaarten/${enc(setId)}/sessie/${enc(sessionId)}` },
  },
  profile: {
    root: { path: '/profile', getHref: () => '/profile' },
    pushNotifications: { path: '/profile/push-notifications', getHref: () => '/profile/push-notifications' },
  },
  shop: {
    root: { path: '/shop', getHref: () => '/shop' },
    testCheckout: {
      path: '/shop/test-checkout/:paymentId',
      getHref: (paymentId: string) => `/shop/test-checkout/${enc(paymentId)}`,
    },
    return: { path: '/shop/return/:orderId', getHref: (orderId: string) => `/shop/return/${enc(orderId)}` },
  },
  summary: {
    read: {
      path: '/summary/read/:id/:chapterId?',
      getHref: (id: string | number, chapterId?: string | number) =>
        `/summary/read/${enc(String(id))}${optional(chapterId)}`,
    },
    /** the installed app's shortcut: redirects to the chapter read last */
    last: { path: '/summary/last', getHref: () => '/summary/last' },
    chapters: {
      path: '/summary/read/:id/chapters',
      getHref: (id: string | number) => `/summary/read/${enc(String(id))}/chapters`,
    },
    /** 'Mijn markeringen': her highlights and notes in the summary */
    annotations: {
      path: '/summary/read/:id/markeringen',
      getHref: (id: string | number) => `/summary/read/${enc(String(id))}/markeringen`,
    },
    questions: {
      path: '/summary/questions/:summaryId/:questionListId?',
      getHref: (summaryId: string | number, questionListId?: string | number) =>
        `/summary/questions/${enc(String(summaryId))}${optional(questionListId)}`,
    },
  },
  /** card import (issue 28): a new set of her own from a text or an Anki package */
  cardImport: {
    /** `vak`: the subject the set goes into (from that subject's flashcards overview) */
    root: { path: '/kaarten/importeren', getHref: (query: { vak?: string } = {}) => `/kaarten/importeren${query.vak ? `?vak=${enc(query.vak)}` : ''}` },
  },
  tutorial: {
    root: { path: '/tutorial/:id?', getHref: (id?: string | number) => `/tutorial${optional(id)}` },
  },
  studio: {
    root: { path: '/studio', getHref: () => '/studio' },
    catalogue: { path: '/studio/catalogus', getHref: () => '/studio/catalogus' },
    subject: { path: '/studio/:subjectId', getHref: (subjectId: string) => `/studio/${enc(subjectId)}` },
  },
  notFound: { path: '/not-found', getHref: () => '/not-found' },
  logout: { path: '/logout', getHref: (redirectTo?: string) => `/logout${redirectTo ? `?redirectTo=${enc(redirectTo)}` : ''}` },
} as const;

/** True for the routes of the /auth layout. */
export const isAuthPath = (pathname: string): boolean =>
  pathname === paths.auth.root.path || pathname.startsWith(`${paths.auth.root.path}/`);
