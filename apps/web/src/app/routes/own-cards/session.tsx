import { useNavigate, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { FlashcardSessionScreen } from '../../../features/flashcards/components/flashcard-session.tsx';

/** /kaarten/{setId}/sessie/{sessionId}: a session over her own set, in the flashcards' session screen. */
export function Component() {
  const { setId = '', sessionId = '' } = useParams();
  const navigate = useNavigate();
  const back = paths.ownCards.set.getHref(setId);
  return (
    <FlashcardSessionScreen
      key={sessionId}
      sessionId={sessionId}
      subjectId=""
      exitTo={back}
      backTo={back}
      onSessionReplaced={(session) => navigate(paths.ownCards.session.getHref(setId, session.id))}
    />
  );
}
