import { useLocation, useNavigate, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { QuestionSettings } from '../../../features/questions/components/question-settings.tsx';
import { returnToFrom } from '../../../lib/return-to.ts';

/**
 * /bibliotheek/question-settings/{subjectId}/{questionListId?}: choose lists, questions and feedback;
 * start. Where she came from (router state) travels on to the session, so quitting leads back there.
 */
export function Component() {
  const { subjectId = '', questionListId } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <QuestionSettings
      key={`${subjectId}/${questionListId ?? ''}`}
      subjectId={subjectId}
      questionListId={questionListId}
      backTo={returnToFrom(location.state) ?? paths.library.subject.getHref(subjectId)}
      sessionHref={(sessionId, listId) => paths.library.questions.getHref(sessionId, subjectId, listId)}
      onStarted={(sessionId, listId) => navigate(paths.library.questions.getHref(sessionId, subjectId, listId), { state: location.state })}
    />
  );
}
