import { useParams } from 'react-router';
import { ProgressScreen } from '../../../features/progress/components/progress-screen.tsx';

/** /bibliotheek/voortgang/{subjectId}: the progress page of a subject (its own lazy chunk with the charts). */
export function Component() {
  const { subjectId = '' } = useParams();
  return <ProgressScreen key={subjectId} subjectId={subjectId} />;
}
