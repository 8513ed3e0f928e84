import { useNavigate, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { FlashcardSettings } from '../../../features/flashcards/components/flashcard-settings.tsx';

/** /bibliotheek/flashcards-settings/{subjectId}/{flashcardSetId?}: choose a set, order and side; start. */
export function Component() {
  const { subjectId = '', flashcardSetId } = useParams();
  const navigate = useNavigate();
  return (
    <FlashcardSettings
      key={`${subjectId}/${flashcardSetId ?? ''}`}
      subjectId={subjectId}
      choice={{ kind: 'set', flashcardSetId }}
      onStarted={(session) => navigate(paths.library.flashcards.getHref(session.id, subjectId, session.flashcardSetId ?? undefined))}
    />
  );
}
