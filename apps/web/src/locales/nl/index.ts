// Every Dutch namespace, one line each: the key types read this list. Adding a feature's namespace is
// one line here and one in ./first-visit.ts or ./later.ts, which decide when it loads (see ../README.md;
// src/lib/i18n.test.ts checks that the three agree).
export { default as common } from './common.json';
export { default as auth } from './auth.json';
export { default as home } from './home.json';
export { default as library } from './library.json';
export { default as summary } from './summary.json';
export { default as annotations } from './annotations.json';
export { default as questions } from './questions.json';
export { default as flashcards } from './flashcards.json';
export { default as ownCards } from './own-cards.json';
export { default as profile } from './profile.json';
export { default as shop } from './shop.json';
export { default as tutorial } from './tutorial.json';
export { default as studio } from './studio.json';
export { default as studioCatalogue } from './studio-catalogue.json';
export { default as pwa } from './pwa.json';
export { default as cardImport } from './card-import.json';
export { default as mockexam } from './mockexam.json';
export { default as progress } from './progress.json';
export { default as plan } from './plan.json';
export { default as reports } from './reports.json';
export { default as courses } from './courses.json';
export { default as courseQuestions } from './course-questions.json';
