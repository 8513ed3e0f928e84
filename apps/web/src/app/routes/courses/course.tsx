import { useParams } from 'react-router';
import { CourseScreen } from '../../../features/courses/components/course-screen.tsx';

/** /bibliotheek/eigen-vak/:courseId: her own course. */
export function Component() {
  const { courseId = '' } = useParams();
  return <CourseScreen key={courseId} courseId={courseId} />;
}
