import { useNavigate, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { QuestionSession } from '../../../features/questions/components/question-session.tsx';

/** /bibliotheek/questions/{sessionId}/{subjectId}/{questionListId?}: answering and results. */
export function Component() {
  const { sessionId = '', subjectId = '', questionListId } = useParams();
  const navigate = useNavigate();
  return (
    <QuestionSession
      key={sessionId}
      sessionId={sessionId}
      exitTo={paths.library.subject.getHref(subjectId)}
      onSessionReplaced={(id) => navigate(paths.library.questions.getHref(id, subjectId, questionListId), { replace: true })}
    />
  );
}
