import { useParams } from 'react-router';
import { SubjectScreen } from '../../../features/library/components/subject-screen.tsx';

/** /bibliotheek/subject/{id}: a subject's summaries, question lists and flashcards. */
export function Component() {
  const { id = '' } = useParams();
  return <SubjectScreen key={id} subjectId={id} />;
}
