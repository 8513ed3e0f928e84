import { useEffect } from 'react';
import { useParams } from 'react-router';
import { CourseScreen } from '../../../features/courses/components/course-screen.tsx';
import { CourseOwnSets } from '../../../features/own-cards/components/course-own-sets.tsx';
import { CourseQuestionsSection } from '../../../features/course-questions/components/course-questions-section.tsx';
import { useCourse } from '../../../features/courses/api/get-course.ts';
import { useFeatureFlags } from '../../../lib/app-config.ts';
import { loadNamespaces } from '../../../lib/i18n.ts';
import { useAfterPaint } from '../../../hooks/use-after-paint.ts';

/** /bibliotheek/eigen-vak/:courseId: her own course (a PDF of hers has its own route, ./pdf.tsx). */
export function Component() {
  const { courseId = '' } = useParams();
  const { flashcardsEnabled } = useFeatureFlags();
  // her PDFs open sooner from here: the viewer's route (pdf.js, its worker, her highlights' code and
  // strings) comes while she looks at her course, after its paint, when it lists a PDF (bench:pdf)
  const painted = useAfterPaint();
  // and the openings of its newest PDFs (pdf-open.ts, warmUp)
  const files = useCourse(courseId).data?.files;
  const newest = (files ?? []).map((f) => f.id).join(',');
  useEffect(() => {
    if (!painted || !newest || !navigator.onLine) return;
    void Promise.all([import('./pdf.tsx'), import('../../../features/courses/components/pdf-open.ts'), loadNamespaces(['annotations'])]).then(
      ([, pdf]) => pdf.warmUp(courseId, newest.split(',')),
      () => undefined,
    );
  }, [painted, newest, courseId]);
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
