import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../config/paths.ts';
import { ButtonLink } from '../../../components/ui/button/button.tsx';
import { LoadingRow } from '../../../components/ui/loading-row/loading-row.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { useCourse } from '../api/get-course.ts';
import { PdfViewer } from './pdf-viewer.tsx';
import { PdfOffline } from '../offline/pdf-offline.tsx';
import styles from './courses.module.css';

/** /bibliotheek/eigen-vak/:courseId/pdf/:fileId: one of her PDFs, at a page (?pagina=). */
export function PdfScreen({ courseId, fileId, page }: { courseId: string; fileId: string; page: number }) {
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
        <ButtonLink variant="link" to={paths.courses.course.getHref(courseId)}>
          {t('viewer.back', { name: course.data.course.name })}
        </ButtonLink>
      )}
      {file && (
        <>
          <h1 className={styles.pageTitle} tabIndex={-1}>
            {file.name}
          </h1>
          <PdfViewer courseId={courseId} fileId={fileId} name={file.name} initialPage={Math.min(Math.max(1, page), file.pages)} />
          <PdfOffline courseId={courseId} fileId={fileId} bytes={file.bytes} />
        </>
      )}
    </div>
  );
}
