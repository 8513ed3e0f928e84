import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CourseQuestionListSchema, CourseQuestionSchema, type CourseQuestionBatchBody, type CourseQuestionBody } from '@blok/contract/course-questions';
import { api } from '../../../lib/api-client.ts';
import { courseQuestionKeys } from './keys.ts';

const base = (courseId: string) => `courses/${encodeURIComponent(courseId)}/questions`;

/** POST courses/{id}/questions (a new question) or PUT .../{questionId} (a changed one). */
export const saveCourseQuestion = ({ courseId, questionId, body }: { courseId: string; questionId: string | null; body: CourseQuestionBody }) =>
  questionId
    ? api.put(`${base(courseId)}/${encodeURIComponent(questionId)}`, body, CourseQuestionSchema, { skipErrorPopup: true })
    : api.post(base(courseId), body, CourseQuestionSchema, { skipErrorPopup: true });

export const useSaveCourseQuestion = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCourseQuestion,
    onSuccess: (_, { courseId }) => client.invalidateQueries({ queryKey: courseQuestionKeys.list(courseId) }),
  });
};

/** DELETE courses/{id}/questions/{questionId}. */
export const deleteCourseQuestion = ({ courseId, questionId }: { courseId: string; questionId: string }) =>
  api.delete<undefined>(`${base(courseId)}/${encodeURIComponent(questionId)}`, null, { skipErrorPopup: true });

export const useDeleteCourseQuestion = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCourseQuestion,
    onSuccess: (_, { courseId }) => client.invalidateQueries({ queryKey: courseQuestionKeys.list(courseId) }),
  });
};

/** POST courses/{id}/questions/batch: the questions she pasted as text, all or none. */
export const addPastedQuestions = ({ courseId, body }: { courseId: string; body: CourseQuestionBatchBody }) =>
  api.post(`${base(courseId)}/batch`, body, CourseQuestionListSchema, { skipErrorPopup: true });

export const useAddPastedQuestions = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addPastedQuestions,
    onSuccess: (_, { courseId }) => client.invalidateQueries({ queryKey: courseQuestionKeys.list(courseId) }),
  });
};
