// The Dutch namespaces of the signed-in screens: one chunk, loaded by the router together with the
// first such route's code (src/lib/i18n.ts, loadLaterNamespaces; decision 014).
export { default as library } from './library.json';
export { default as summary } from './summary.json';
// Highlights and notes (decision 025): the reader's panel and 'Mijn markeringen'.
export { default as annotations } from './annotations.json';
export { default as questions } from './questions.json';
export { default as flashcards } from './flashcards.json';
export { default as ownCards } from './own-cards.json';
export { default as profile } from './profile.json';
export { default as shop } from './shop.json';
export { default as tutorial } from './tutorial.json';
export { default as cardImport } from './card-import.json';
// The studio's strings (issue 29): only signed-in screens need them.
export { default as studio } from './studio.json';
export { default as studioCatalogue } from './studio-catalogue.json';
export { default as mockexam } from './mockexam.json';
export { default as progress } from './progress.json';
export { default as plan } from './plan.json';
// "Meld een fout" (decision 029): loaded with the form, under a question, a chapter or a card.
export { default as reports } from './reports.json';
// Her own courses, her PDFs and the one search (issue 41).
export { default as courses } from './courses.json';
// Her own questions in a course of her own (issue 41).
export { default as courseQuestions } from './course-questions.json';
