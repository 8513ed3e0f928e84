import type { Migration } from 'kysely';
import * as m0001 from './0001-accounts.ts';
import * as m0002 from './0002-content.ts';
import * as m0003 from './0003-questions.ts';
import * as m0004 from './0004-write-path.ts';
import * as m0005 from './0005-flashcards.ts';
import * as m0006 from './0006-shop.ts';
import * as m0007 from './0007-profile.ts';
import * as m0008 from './0008-sign-in-hardening.ts';
import * as m0009 from './0009-performance-indexes.ts';
import * as m0010 from './0010-library-search.ts';
import * as m0011 from './0011-idempotency-keys-seq.ts';
import * as m0012push from './0012-push-endpoint-policy.ts';
import * as m0012quota from './0012-write-anonymous-quota.ts';
import * as m0015 from './0015-answer-order.ts';
import * as m0016 from './0016-plan.ts';
import * as m0017mockexam from './0017-mock-exams.ts';
import * as m0018 from './0018-own-flashcards.ts';
import * as m0020 from './0020-annotations.ts';
import * as m0021 from './0021-studio.ts';
import * as m0023 from './0023-own-card-tags.ts';
import * as m0024 from './0024-studio-versions-reports.ts';
import * as m0025 from './0025-catalogue.ts';
import * as m0027 from './0027-mock-exam-answer-version.ts';
import * as m0028 from './0028-mock-exam-open-answers.ts';
import * as m0029 from './0029-question-sessions-by-subject.ts';
import * as m0030 from './0030-own-card-source-note.ts';
import * as m0031 from './0031-reports.ts';
import * as m0033 from './0033-readiness-evidence.ts';
import * as m0035 from './0035-opaque-answer-ids.ts';
import * as m0036 from './0036-question-types.ts';
import * as m0040 from './0040-standing-days.ts';
import * as m0041 from './0041-mock-exam-predictions.ts';
import * as m0042 from './0042-courses.ts';
import * as m0043 from './0043-search.ts';
import * as m0044 from './0044-standing-grades.ts';
import * as m0045 from './0045-own-sets-in-courses.ts';
import * as m0046 from './0046-standing-exam-grades.ts';
import * as m0047 from './0047-course-pages-read.ts';
import * as m0048 from './0048-course-file-annotations.ts';
import * as m0049 from './0049-course-questions.ts';
import * as m0050 from './0050-staged-course-files.ts';
import * as m0051 from './0051-course-standing.ts';
import * as m0052 from './0052-course-file-openings.ts';

/**
 * Every migration, in the order it runs. A static list (not a folder scan) so that the bundled API
 * carries its migrations with it. Kysely runs them sorted by name; this list is kept in that order.
 *
 * How numbers are given out: a new migration takes the number after the highest in this list
 * (gaps are numbers once planned and never released; they are not reused). A released name never
 * changes: the database records the names it ran. Before this rule two 0012s were released side by
 * side, and 0017, 0025 and 0027 after higher numbers; they keep their names, and the migrator allows
 * a database to have run a name after a higher one (`allowUnorderedMigrations`).
 */
export const migrations: Record<string, Migration> = {
  '0001-accounts': m0001,
  '0002-content': m0002,
  '0003-questions': m0003,
  '0004-write-path': m0004,
  '0005-flashcards': m0005,
  '0006-shop': m0006,
  '0007-profile': m0007,
  '0008-sign-in-hardening': m0008,
  '0009-performance-indexes': m0009,
  '0010-library-search': m0010,
  '0011-idempotency-keys-seq': m0011,
  '0012-push-endpoint-policy': m0012push,
  '0012-write-anonymous-quota': m0012quota,
  '0015-answer-order': m0015,
  '0016-plan': m0016,
  '0017-mock-exams': m0017mockexam,
  '0018-own-flashcards': m0018,
  '0020-annotations': m0020,
  '0021-studio': m0021,
  '0023-own-card-tags': m0023,
  '0024-studio-versions-reports': m0024,
  '0025-catalogue': m0025,
  '0027-mock-exam-answer-version': m0027,
  '0028-mock-exam-open-answers': m0028,
  '0029-question-sessions-by-subject': m0029,
  '0030-own-card-source-note': m0030,
  '0031-reports': m0031,
  '0033-readiness-evidence': m0033,
  '0035-opaque-answer-ids': m0035,
  '0036-question-types': m0036,
  '0040-standing-days': m0040,
  '0041-mock-exam-predictions': m0041,
  '0042-courses': m0042,
  '0043-search': m0043,
  '0044-standing-grades': m0044,
  '0045-own-sets-in-courses': m0045,
  '0046-standing-exam-grades': m0046,
  '0047-course-pages-read': m0047,
  '0048-course-file-annotations': m0048,
  '0049-course-questions': m0049,
  '0050-staged-course-files': m0050,
  '0051-course-standing': m0051,
  '0052-course-file-openings': m0052,
};
