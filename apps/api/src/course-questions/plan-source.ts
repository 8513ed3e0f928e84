import type { UnitOfWork } from '../write/unit-of-work.ts';
import { CourseQuestionsRepository } from './repository.ts';

/**
 * What the plan of her courses needs of her own questions (issue 41, decision 039's addendum): per
 * course, how many she has and how many to practise, and how many she answered since an instant.
 * `courses/plan-source.ts` asks through this; the composition root wires it, so only this feature
 * reads `course_questions`. Made from the unit of work only, as `courses/directory.ts` is. Every
 * read is by her id: another student's questions never count.
 */
export interface CourseQuestionsPlan {
  /** per course among `courseIds` with questions of hers: how many, and how many to practise (not answered yet, or wrong or partly right last time) */
  questionsOf(userId: string, courseIds: string[]): Promise<Map<string, { questions: number; toPractise: number }>>;
  /** per course among `courseIds`: her questions whose latest answer is at or after `since` */
  answeredSince(userId: string, courseIds: string[], since: Date): Promise<Map<string, number>>;
}

export function courseQuestionsPlan(uow: UnitOfWork): CourseQuestionsPlan {
  return {
    questionsOf: (userId, courseIds) => new CourseQuestionsRepository(uow.executor).countsOfCourses(userId, courseIds),
    answeredSince: (userId, courseIds, since) => new CourseQuestionsRepository(uow.executor).answeredSince(userId, courseIds, since.toISOString()),
  };
}
