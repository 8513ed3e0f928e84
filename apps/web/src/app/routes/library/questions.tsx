import { useLocation, useNavigate, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { QuestionSession } from '../../../features/questions/components/question-session.tsx';
import { WithReportControl } from '../../report-control.tsx';
import { returnToFrom } from '../../../lib/return-to.ts';

/**
 * /bibliotheek/questions/{sessionId}/{subjectId}/{questionListId?}: answering and results. Quitting
 * leads back to where she came from (Home's cards pass it as router state), else to the subject.
 */
export function Component() {
  const { sessionId = '', subjectId = '', questionListId } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <WithReportControl>
      <QuestionSession
        key={sessionId}
        sessionId={sessionId}
        exitTo={returnToFrom(location.state) ?? paths.library.subject.getHref(subjectId)}
        onSessionReplaced={(id) => navigate(paths.library.questions.getHref(id, subjectId, questionListId), { replace: true, state: location.state })}
      />
    </WithReportControl>
  );
}
