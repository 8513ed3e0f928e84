import { useNavigate, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { FlashcardSettings } from '../../../features/flashcards/components/flashcard-settings.tsx';

/** /bibliotheek/flashcards-settings/{subjectId}/favorites: practise her starred cards. */
export function Component() {
  const { subjectId = '' } = useParams();
  const navigate = useNavigate();
  return (
    <FlashcardSettings
      key={subjectId}
      subjectId={subjectId}
      choice={{ kind: 'favorites' }}
      onStarted={(session) => navigate(paths.library.flashcards.getHref(session.id, subjectId, session.flashcardSetId ?? undefined))}
    />
  );
}
