import { useParams } from 'react-router';
import { MockExamScreen } from '../../../features/mockexam/components/mock-exam-screen.tsx';

/** /bibliotheek/proeftentamen/{subjectId}/{examId}: a mock exam while open, its results once closed. */
export function Component() {
  const { subjectId = '', examId = '' } = useParams();
  return <MockExamScreen key={examId} subjectId={subjectId} examId={examId} />;
}
