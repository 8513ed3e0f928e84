// The pure rules API and web share, each in one place. Import the file you need
// (`@blok/domain/grade`) in the web app, so the bundle carries only that.
export * from './status.ts';
export * from './grade.ts';
export * from './navigation.ts';
export * from './credentials.ts';
export * from './markup.ts';
export * from './search.ts';
export * from './answer-order.ts';
export * from './readiness.ts';
export * from './evidence.ts';
export * from './rasch.ts';
export * from './standing.ts';
export * from './study-plan.ts';
export * from './course-plan.ts';
export * from './list-progress.ts';
export * from './anchoring.ts';
export * from './mock-exam.ts';
export * from './file-name.ts';
export * from './question-types.ts';
export * from './answer-length.ts';
// addDays is study-plan's too: the progress helpers by name (or import @blok/domain/progress).
export { localDate, studyDays, STUDY_GAP_MS, STUDY_STRETCH_MIN_MS, type StudyEvent, type StudyDay } from './progress.ts';
export * from './own-questions.ts';
