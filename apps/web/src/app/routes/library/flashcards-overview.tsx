import { useParams } from 'react-router';
import { FlashcardsOverview } from '../../../features/flashcards/components/flashcards-overview.tsx';

/** /bibliotheek/flashcards-overview/{subjectId}: the subject's flashcard sets, favorites and (FSRS) what is due. */
export function Component() {
  const { subjectId = '' } = useParams();
  return <FlashcardsOverview key={subjectId} subjectId={subjectId} />;
}
