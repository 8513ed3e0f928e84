import { lazy, Suspense } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { CourseScreen } from '../../../features/courses/components/course-screen.tsx';
import { CourseOwnSets } from '../../../features/own-cards/components/course-own-sets.tsx';
import { CourseQuestionsSection } from '../../../features/course-questions/components/course-questions-section.tsx';
import { useFeatureFlags } from '../../../lib/app-config.ts';
import { LoadingRow } from '../../../components/ui/loading-row/loading-row.tsx';
import { loadNamespaces, useTranslation } from '../../../lib/i18n.ts';

/** The viewer with pdf.js and her highlights: a chunk of its own, loaded when she opens a PDF, never before. */
const PdfRoute = lazy(() => Promise.all([import('./pdf.tsx'), loadNamespaces(['annotations'])]).then(([m]) => ({ default: m.PdfRoute })));

/**
 * /bibliotheek/eigen-vak/:courseId (her own course) and .../pdf/:fileId?pagina= (one of her PDFs in
 * the viewer): one route module for both keeps the router table, which every first visit loads, small.
 */
export function Component() {
  const { t } = useTranslation('common');
  const { courseId = '', fileId } = useParams();
  const [search] = useSearchParams();
  const { flashcardsEnabled } = useFeatureFlags();
  if (!fileId) {
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
  const page = Number(search.get('pagina') ?? '1');
  return (
    <Suspense fallback={<LoadingRow label={t('loading')} spinnerSize={24} />}>
      <PdfRoute key={`${courseId}/${fileId}`} courseId={courseId} fileId={fileId} page={Number.isInteger(page) && page > 0 ? page : 1} />
    </Suspense>
  );
}
