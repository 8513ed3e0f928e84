import type { ColumnType, Generated } from 'kysely';
import type { AccountTables } from './schema/account.ts';
import type { AuthTables } from './schema/auth.ts';
import type { UserTables } from './schema/user.ts';
import type { PushTables } from './schema/push.ts';
import type { MailTables } from './schema/mail.ts';
import type { LibraryTables } from './schema/library.ts';
import type { QuestionsTables } from './schema/questions.ts';
import type { FlashcardsTables } from './schema/flashcards.ts';
import type { OwnCardsTables } from './schema/own-cards.ts';
import type { ShopTables } from './schema/shop.ts';
import type { WriteTables } from './schema/write.ts';
import type { JobsTables } from './schema/jobs.ts';
import type { PlanTables } from './schema/plan.ts';
import type { StudioTables } from './schema/studio.ts';
import type { ReportsTables } from './schema/reports.ts';
import type { AnnotationsTables } from './schema/annotations.ts';
import type { MockexamTables } from './schema/mockexam.ts';
import type { CatalogueTables } from './schema/catalogue.ts';
import type { CoursesTables } from './schema/courses.ts';
import type { CourseQuestionsTables } from './schema/course-questions.ts';
import type { SearchTables } from './schema/search.ts';
import type { StandingTables } from './schema/standing.ts';

/**
 * The database schema, shared by SQLite and PostgreSQL, composed of the tables each feature owns.
 * `schema/<owner>.ts` holds an owner's tables and names them in its `<Owner>Tables`; only that
 * owner's code names them in a query, and eslint.config.js reads these files to refuse any other
 * (decision 020). A new table goes into its owner's file and that file's `<Owner>Tables`.
 *
 * Conventions that keep both dialects equal:
 * - ids are app-generated UUIDv7 text (or natural text keys for content);
 * - timestamps are ISO-8601 UTC text (`new Date().toISOString()`), which sorts correctly;
 * - booleans are integers 0/1, converted by the repositories.
 */
export interface Database
  extends AccountTables,
    AuthTables,
    UserTables,
    PushTables,
    MailTables,
    LibraryTables,
    QuestionsTables,
    FlashcardsTables,
    OwnCardsTables,
    ShopTables,
    WriteTables,
    JobsTables,
    PlanTables,
    StudioTables,
    ReportsTables,
    AnnotationsTables,
    MockexamTables,
    CatalogueTables,
    CoursesTables,
    CourseQuestionsTables,
    SearchTables,
    StandingTables {}

export type * from './schema/account.ts';
export type * from './schema/auth.ts';
export type * from './schema/user.ts';
export type * from './schema/push.ts';
export type * from './schema/mail.ts';
export type * from './schema/library.ts';
export type * from './schema/questions.ts';
export type * from './schema/flashcards.ts';
export type * from './schema/own-cards.ts';
export type * from './schema/shop.ts';
export type * from './schema/write.ts';
export type * from './schema/jobs.ts';
export type * from './schema/plan.ts';
export type * from './schema/studio.ts';
export type * from './schema/reports.ts';
export type * from './schema/annotations.ts';
export type * from './schema/mockexam.ts';
export type * from './schema/catalogue.ts';
export type * from './schema/courses.ts';
export type * from './schema/course-questions.ts';
export type * from './schema/search.ts';
export type * from './schema/standing.ts';

// Re-exported so repositories can type generated columns when later tables need them.
export type { ColumnType, Generated };
