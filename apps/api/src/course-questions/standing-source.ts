import type { UnitOfWork } from '../write/unit-of-work.ts';
import { CourseQuestionsRepository } from './repository.ts';

/**
 * What where she stands in a course of hers needs of her own questions (issue 41, decision 049): each
 * question with her latest verdict since it was written or changed (0 wrong, 1 right, 2 partly
 * right, null not answered since) and when. The standing asks through this; the composition root
 * wires it, so only this feature reads `course_questions`. Read by her id: another student's never count.
 */
export interface CourseQuestionsStanding {
  verdictsOf(userId: string, courseId: string): Promise<Array<{ id: string; status: 0 | 1 | 2 | null; answeredAt: string | null }>>;
}

export function courseQuestionsStanding(uow: UnitOfWork): CourseQuestionsStanding {
  return {
    async verdictsOf(userId, courseId) {
      const rows = await new CourseQuestionsRepository(uow.executor).verdictsOfCourse(userId, courseId);
      return rows.map((r) => ({ id: r.id, status: r.last_status === 0 || r.last_status === 1 || r.last_status === 2 ? r.last_status : null, answeredAt: r.answered_at }));
    },
  };
}
