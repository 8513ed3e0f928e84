import { useParams } from 'react-router';
import { MockExamStart } from '../../../features/mockexam/components/mock-exam-start.tsx';

/** /bibliotheek/proeftentamen/{subjectId}: start a mock exam, or open an earlier one. */
export function Component() {
  const { subjectId = '' } = useParams();
  return <MockExamStart key={subjectId} subjectId={subjectId} />;
}
