import { useNavigate, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { QuestionSettings } from '../../../features/questions/components/question-settings.tsx';

/** /bibliotheek/question-settings/{subjectId}/{questionListId?}: choose lists, questions and feedback; start. */
export function Component() {
  const { subjectId = '', questionListId } = useParams();
  const navigate = useNavigate();
  return (
    <QuestionSettings
      key={`${subjectId}/${questionListId ?? ''}`}
      subjectId={subjectId}
      questionListId={questionListId}
      backTo={paths.library.subject.getHref(subjectId)}
      sessionHref={(sessionId, listId) => paths.library.questions.getHref(sessionId, subjectId, listId)}
      onStarted={(sessionId, listId) => navigate(paths.library.questions.getHref(sessionId, subjectId, listId))}
    />
  );
}
