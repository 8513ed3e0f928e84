import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { ListedAnnotation } from '@blok/contract/annotations';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../config/paths.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { Spinner } from '../../../components/ui/spinner/spinner.tsx';
import { ArrowLeftIcon } from '../../../components/icons/icons.tsx';
import type { SummaryDetail } from '@blok/contract/library';
import { annotationsQueryKey, useAnnotations, useUpdateAnnotation } from '../api/annotations.ts';
import { markAnchorId } from './chapter-annotations.tsx';
import { useDeleteWithUndo } from './undo-delete.tsx';
import { AnnotationItem } from './annotation-item.tsx';
import styles from './annotations.module.css';

/**
 * 'Mijn markeringen' (/summary/read/{id}/markeringen): her highlights and notes in a summary, by
 * chapter in reading order, each with a way back to its place, to change and to delete. One whose
 * text is no longer in the corrected chapter is listed as 'Niet meer gevonden' (decision 025).
 */
export function AnnotationList({ summaryId, summary }: { summaryId: string; summary: { data?: Pick<SummaryDetail, 'title' | 'chapters'> } }) {
  const { t } = useTranslation(['annotations', 'common']);
  const list = useAnnotations(summaryId);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus({ preventScroll: true }), []);
  const [announcement, setAnnouncement] = useState('');
  const deletion = useDeleteWithUndo(summaryId, { onRestored: () => setAnnouncement(t('restored')) });

  const annotations = list.data?.annotations ?? [];
  const chapters: Array<{ chapterId: string; heading: string; items: ListedAnnotation[] }> = [];
  for (const a of annotations) {
    let group = chapters.find((c) => c.chapterId === a.chapterId);
    if (!group) {
      const known = summary.data?.chapters.findIndex((c) => c.chapterId === a.chapterId) ?? -1;
      const number = a.chapterNumber ?? (known >= 0 ? known + 1 : null);
      const title = a.chapterTitleText ?? (known >= 0 ? summary.data!.chapters[known]!.titleText : null);
      group = { chapterId: a.chapterId, heading: number !== null && title !== null ? t('chapterHeading', { number, title }) : t('chapterUnknown'), items: [] };
      chapters.push(group);
    }
    group.items.push(a);
  }

  return (
    <div className={styles.list}>
      <p>
        <Link to={paths.summary.read.getHref(summaryId)} className={styles.barLink}>
          <ArrowLeftIcon size={16} /> {t('listBack')}
        </Link>
      </p>
      <h1 ref={headingRef} tabIndex={-1} className={styles.listTitle}>
        {t('listTitle')}
      </h1>
      {summary.data && <p className={styles.intro}>{t('listIntro', { title: summary.data.title })}</p>}
      {list.isPending ? (
        <p role="status">
          <Spinner /> {t('loading')}
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
        <p>{t('listEmpty')}</p>
      ) : (
        chapters.map((group) => (
          <section key={group.chapterId} aria-labelledby={`chapter-${group.chapterId}`}>
            <h2 id={`chapter-${group.chapterId}`} className={styles.chapter}>
              {group.heading}
            </h2>
            <ul className={styles.items}>
              {group.items.map((a) => (
                <ChapterAnnotationItem
                  key={a.id}
                  summaryId={summaryId}
                  annotation={a}
                  onDelete={() => {
                    deletion.remove(a);
                    headingRef.current?.focus();
                  }}
                />
              ))}
            </ul>
          </section>
        ))
      )}
      {deletion.toast}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </div>
  );
}

/** A chapter's highlight in the list: its place in the chapter as it is now, or 'Niet meer gevonden'. */
function ChapterAnnotationItem({ summaryId, annotation: a, onDelete }: { summaryId: string; annotation: ListedAnnotation; onDelete: () => void }) {
  const { t } = useTranslation(['annotations', 'common']);
  const queryClient = useQueryClient();
  const update = useUpdateAnnotation(summaryId);
  const failed = () => void queryClient.invalidateQueries({ queryKey: annotationsQueryKey(summaryId) });
  return (
    <AnnotationItem
      annotation={{ id: a.id, color: a.color, note: a.note, quote: a.anchor.quote.exact }}
      status={
        a.found === null ? (
          <p className={styles.status}>
            <span className={styles.gone}>{t('notFound')}</span> {t('notFoundHint')}
          </p>
        ) : (
          a.found.moved && <p className={styles.status}>{t('movedHint')}</p>
        )
      }
      goTo={a.found !== null ? `${paths.summary.read.getHref(summaryId, a.chapterId)}#${markAnchorId(a.id)}` : null}
      onSave={(change) => update.mutate({ id: a.id, ...change }, { onError: failed })}
      onDelete={onDelete}
    />
  );
}
