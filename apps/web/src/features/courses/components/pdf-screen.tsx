import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import type { PdfAnnotationsSlot } from '../../../components/pdf-annotations-slot/pdf-annotations-slot.ts';
import { paths } from '../../../config/paths.ts';
import { ButtonLink } from '../../../components/ui/button/button.tsx';
import { LoadingRow } from '../../../components/ui/loading-row/loading-row.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { useCourse } from '../api/get-course.ts';
import { PdfViewer } from './pdf-viewer.tsx';
import { PdfOffline } from '../offline/pdf-offline.tsx';
import styles from './courses.module.css';

/**
 * /bibliotheek/eigen-vak/:courseId/pdf/:fileId: one of her PDFs, at a page (?pagina=). The route
 * gives her highlights (`annotations` for the viewer, `extra` beside it; features/annotations).
 */
export function PdfScreen({
  courseId,
  fileId,
  page,
  annotations,
  extra,
}: {
  courseId: string;
  fileId: string;
  page: number;
  annotations?: PdfAnnotationsSlot;
  extra?: ReactNode;
}) {
  const { t } = useTranslation(['courses', 'common']);
  const course = useCourse(courseId);
  const file = course.data?.files.find((f) => f.id === fileId);
  return (
    <div className={styles.page}>
      {course.isPending && <LoadingRow label={t('common:loading')} spinnerSize={24} />}
      {(course.isError || (course.data && !file)) && (
        <Notice variant="error" role="alert">
          {t('viewer.error')}
        </Notice>
      )}
      {course.data && (
        <div className={styles.pdfLinks}>
          <ButtonLink variant="link" to={paths.courses.course.getHref(courseId)}>
            {t('viewer.back', { name: course.data.course.name })}
          </ButtonLink>
          {annotations && (
            <ButtonLink variant="link" to={paths.courses.annotations.getHref(courseId)}>
              {t('viewer.annotations')}
            </ButtonLink>
          )}
        </div>
      )}
      {file && (
        <>
          <h1 className={styles.pageTitle} tabIndex={-1}>
            {file.name}
          </h1>
          <PdfViewer courseId={courseId} fileId={fileId} name={file.name} initialPage={Math.min(Math.max(1, page), file.pages)} annotations={annotations} />
          {extra}
          <PdfOffline courseId={courseId} fileId={fileId} bytes={file.bytes} />
        </>
      )}
    </div>
  );
}
