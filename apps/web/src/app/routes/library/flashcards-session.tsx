import { useNavigate, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { FlashcardSessionScreen } from '../../../features/flashcards/components/flashcard-session.tsx';
import { WithReportControl } from '../../report-control.tsx';

/** /bibliotheek/flashcards/{sessionId}/{subjectId}/{flashcardSetId?}: full screen; the route hides the navigation bar. */
export function Component() {
  const { sessionId = '', subjectId = '' } = useParams();
  const navigate = useNavigate();
  return (
    <WithReportControl>
      <FlashcardSessionScreen
        key={sessionId}
        sessionId={sessionId}
        subjectId={subjectId}
        exitTo={paths.library.flashcardsOverview.getHref(subjectId)}
        onSessionReplaced={(session) => navigate(paths.library.flashcards.getHref(session.id, subjectId, session.flashcardSetId ?? undefined))}
      />
    </WithReportControl>
  );
}
