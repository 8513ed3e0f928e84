import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { ListedPdfAnnotation } from '@blok/contract/annotations';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../config/paths.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { Spinner } from '../../../components/ui/spinner/spinner.tsx';
import { ArrowLeftIcon } from '../../../components/icons/icons.tsx';
import { courseAnnotationsQueryKey, useCourseAnnotations, useDeletePdfAnnotation, useUpdatePdfAnnotation } from '../api/pdf-annotations.ts';
import { AnnotationItem } from './annotation-item.tsx';
import { pdfMarkId } from './pdf-highlights.tsx';
import styles from './annotations.module.css';

/**
 * 'Mijn markeringen' of her own course (/bibliotheek/eigen-vak/{id}/markeringen, issue 41): her
 * highlights and notes in its PDFs, by file (as the course lists them) and page, each with the way
 * back to it ('Ga naar de tekst' opens the PDF at its page with the highlight in view), to change
 * and to delete.
 */
export function CourseAnnotationList({ courseId, courseName }: { courseId: string; courseName: string | null }) {
  const { t } = useTranslation(['annotations', 'common']);
  const queryClient = useQueryClient();
  const list = useCourseAnnotations(courseId);
  const update = useUpdatePdfAnnotation(courseId);
  const remove = useDeletePdfAnnotation(courseId);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus({ preventScroll: true }), []);
  const [announcement, setAnnouncement] = useState('');
  const failed = () => {
    setAnnouncement(t('failed'));
    void queryClient.invalidateQueries({ queryKey: courseAnnotationsQueryKey(courseId) });
  };

  const annotations = list.data?.annotations ?? [];
  const files: Array<{ fileId: string; name: string; items: ListedPdfAnnotation[] }> = [];
  for (const a of annotations) {
    let group = files.find((f) => f.fileId === a.fileId);
    if (!group) {
      group = { fileId: a.fileId, name: a.fileName || t('fileUnknown'), items: [] };
      files.push(group);
    }
    group.items.push(a);
  }

  return (
    <div className={styles.list}>
      <p>
        <Link to={paths.courses.course.getHref(courseId)} className={styles.barLink}>
          <ArrowLeftIcon size={16} /> {courseName ? t('courseBack', { name: courseName }) : t('courseBackUnnamed')}
        </Link>
      </p>
      <h1 ref={headingRef} tabIndex={-1} className={styles.listTitle}>
        {t('listTitle')}
      </h1>
      {courseName && <p className={styles.intro}>{t('courseIntro', { name: courseName })}</p>}
      {list.isPending ? (
        <p role="status">
          <Spinner /> {t('loadingList')}
        </p>
      ) : list.isError && !list.data ? (
        <>
          <Notice variant="error" role="alert">
            {t('listError')}
          </Notice>
          <Button variant="ghost" onClick={() => void list.refetch()}>
            {t('common:retry')}
          </Button>
        </>
      ) : annotations.length === 0 ? (
        <p>{t('courseEmpty')}</p>
      ) : (
        files.map((group) => (
          <section key={group.fileId} aria-labelledby={`file-${group.fileId}`}>
            <h2 id={`file-${group.fileId}`} className={styles.chapter}>
              {group.name}
            </h2>
            <ul className={styles.items}>
              {group.items.map((a) => (
                <AnnotationItem
                  key={a.id}
                  annotation={{ id: a.id, color: a.color, note: a.note, quote: a.anchor.quote.exact }}
                  place={t('pagePlace', { page: a.anchor.page })}
                  goTo={`${paths.courses.file.getHref(courseId, a.fileId, a.anchor.page)}#${pdfMarkId(a.id)}`}
                  onSave={(change) => {
                    update.mutate({ id: a.id, ...change }, { onError: failed });
                    setAnnouncement(t('changed'));
                  }}
                  onDelete={() => {
                    remove.mutate(a.id, { onError: failed });
                    setAnnouncement(t('deleted'));
                    headingRef.current?.focus();
                  }}
                />
              ))}
            </ul>
          </section>
        ))
      )}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </div>
  );
}
