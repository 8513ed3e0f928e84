import { useParams } from 'react-router';
import { PasteQuestionsScreen } from '../../../features/course-questions/components/paste-questions.tsx';

/** /bibliotheek/eigen-vak/:courseId/vragen/plakken: her questions pasted as text (issue 41). */
export function Component() {
  const { courseId = '' } = useParams();
  return <PasteQuestionsScreen key={courseId} courseId={courseId} />;
}
