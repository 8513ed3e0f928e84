import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ANSWER_DISPLAYING_IN_BETWEEN } from '@blok/contract/questions';
import { getQuestionList } from '../api/get-question-list.ts';
import { questionKeys } from '../api/keys.ts';
import { startSession } from '../api/start-session.ts';

/**
 * The session to practise a list with from the reader (/summary/questions/...): her open session
 * of the list, or a new one with its recommended questions. A query (not an effect) so that the
 * session is started once even when the screen mounts twice.
 */
export function useListSession(questionListId: string) {
  const queryClient = useQueryClient();
  const key = questionKeys.summarySession(questionListId);
  const query = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      const list = await getQuestionList(questionListId, signal);
      const sessionId =
        list.sessionId ??
        (
          await startSession({
            questionListId,
            mode: 'recommended',
            body: { showAnswers: list.answerDisplaying === ANSWER_DISPLAYING_IN_BETWEEN },
          })
        ).id;
      return { sessionId, chapterId: list.chapterId, subjectId: list.subjectId };
    },
    staleTime: Infinity,
    retry: false,
  });

  // Leaving the screen forgets the choice: next time she resumes or starts afresh.
  useEffect(() => () => queryClient.removeQueries({ queryKey: questionKeys.summarySession(questionListId), exact: true }), [queryClient, questionListId]);

  const replaceSession = (sessionId: string) =>
    queryClient.setQueryData(key, (old: typeof query.data) => (old ? { ...old, sessionId } : old));

  // The query itself, not spread: spreading would observe every field and re-render on each change.
  return { query, replaceSession };
}
