import { useParams } from 'react-router';
import { CourseScreen } from '../../../features/courses/components/course-screen.tsx';
import { CourseOwnSets } from '../../../features/own-cards/components/course-own-sets.tsx';
import { CourseQuestionsSection } from '../../../features/course-questions/components/course-questions-section.tsx';
import { useFeatureFlags } from '../../../lib/app-config.ts';

/** /bibliotheek/eigen-vak/:courseId: her own course (a PDF of hers has its own route, ./pdf.tsx). */
export function Component() {
  const { courseId = '' } = useParams();
  const { flashcardsEnabled } = useFeatureFlags();
  return (
    <CourseScreen
      key={courseId}
      courseId={courseId}
      extra={(announce) => (
        <>
          <CourseQuestionsSection courseId={courseId} onAnnounce={announce} />
          {flashcardsEnabled && <CourseOwnSets courseId={courseId} onAnnounce={announce} />}
        </>
      )}
    />
  );
}
