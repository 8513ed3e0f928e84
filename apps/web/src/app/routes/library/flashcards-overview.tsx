import { useParams } from 'react-router';
import { FlashcardsOverview } from '../../../features/flashcards/components/flashcards-overview.tsx';
import { SubjectOwnSets } from '../../../features/own-cards/components/subject-own-sets.tsx';

/** /bibliotheek/flashcards-overview/{subjectId}: the subject's flashcard sets, favorites and (FSRS) what is due, then her own sets of it. */
export function Component() {
  const { subjectId = '' } = useParams();
  return <FlashcardsOverview key={subjectId} subjectId={subjectId} ownSets={<SubjectOwnSets subjectId={subjectId} />} />;
}
