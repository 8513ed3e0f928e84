import { useParams } from 'react-router';
import { CourseAnnotationList } from '../../../features/annotations/components/course-annotation-list.tsx';
import { useCourse } from '../../../features/courses/api/get-course.ts';

/** 'Mijn markeringen' of her own course: /bibliotheek/eigen-vak/{id}/markeringen, with the course's name. */
export function Component() {
  const { courseId = '' } = useParams();
  const course = useCourse(courseId);
  return <CourseAnnotationList key={courseId} courseId={courseId} courseName={course.data?.course.name ?? null} />;
}
