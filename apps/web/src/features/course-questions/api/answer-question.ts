import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CourseQuestionVerdictSchema, type CourseQuestionAnswerBody } from '@blok/contract/course-questions';
import { api } from '../../../lib/api-client.ts';
import { courseQuestionKeys } from './keys.ts';

/** POST courses/{id}/questions/{questionId}/answer: graded on the server, kept as her latest. */
export const answerCourseQuestion = ({ courseId, questionId, body }: { courseId: string; questionId: string; body: CourseQuestionAnswerBody }) =>
  api.post(`courses/${encodeURIComponent(courseId)}/questions/${encodeURIComponent(questionId)}/answer`, body, CourseQuestionVerdictSchema, { skipErrorPopup: true });

export const useAnswerCourseQuestion = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: answerCourseQuestion,
    // the list shows her latest verdicts; practice keeps its own order until she starts again
    onSuccess: (_, { courseId }) => client.invalidateQueries({ queryKey: courseQuestionKeys.list(courseId), refetchType: 'none' }),
  });
};
