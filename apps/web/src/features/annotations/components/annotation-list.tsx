import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ANNOTATION_COLORS, type AnnotationColor, type ListedAnnotation } from '@blok/contract/annotations';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../config/paths.ts';
import { Button, ButtonLink, buttonClassName } from '../../../components/ui/button/button.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { Spinner } from '../../../components/ui/spinner/spinner.tsx';
import { ArrowLeftIcon, CheckIcon, TrashIcon } from '../../../components/icons/icons.tsx';
import type { SummaryDetail } from '@blok/contract/library';
import { annotationsQueryKey, useAnnotations, useUpdateAnnotation } from '../api/annotations.ts';
import { markAnchorId } from './chapter-annotations.tsx';
import { useDeleteWithUndo } from './undo-delete.tsx';
import styles from './annotations.module.css';

const shorten = (text: string, max = 40) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

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
                <AnnotationItem
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

function AnnotationItem({ summaryId, annotation: a, onDelete }: { summaryId: string; annotation: ListedAnnotation; onDelete: () => void }) {
  const { t } = useTranslation(['annotations', 'common']);
  const queryClient = useQueryClient();
  const update = useUpdateAnnotation(summaryId);
  const [editing, setEditing] = useState(false);
  const [note, setNote] = useState(a.note ?? '');
  const [color, setColor] = useState<AnnotationColor>(a.color);
  const editRef = useRef<HTMLButtonElement>(null);
  const quote = shorten(a.anchor.quote.exact);
  const failed = () => void queryClient.invalidateQueries({ queryKey: annotationsQueryKey(summaryId) });
  const colorName = (c: AnnotationColor) => t(`colors.${c}`);

  return (
    <li className={styles.item}>
      <blockquote className={styles.itemQuote} data-color={a.color}>
        <span className="visually-hidden">{t('colorOf', { color: colorName(a.color) })}: </span>
        {a.anchor.quote.exact}
      </blockquote>
      {a.note && !editing && <p className={styles.itemNote}>{a.note}</p>}
      {a.found === null ? (
        <p className={styles.status}>
          <span className={styles.gone}>{t('notFound')}</span> {t('notFoundHint')}
        </p>
      ) : (
        a.found.moved && <p className={styles.status}>{t('movedHint')}</p>
      )}
      {editing ? (
        <form
          className={styles.panelInner}
          onSubmit={(event) => {
            event.preventDefault();
            update.mutate({ id: a.id, color, note: note.trim() || null }, { onError: failed });
            setEditing(false);
            requestAnimationFrame(() => editRef.current?.focus());
          }}
        >
          <div className={styles.row} role="group" aria-label={t('colorLabel')}>
            {ANNOTATION_COLORS.map((c) => (
              <button key={c} type="button" className={styles.swatch} data-color={c} aria-pressed={color === c} aria-label={colorName(c)} onClick={() => setColor(c)}>
                {color === c && <CheckIcon size={18} />}
              </button>
            ))}
          </div>
          <label className={styles.noteField}>
            {t('noteEditLabel')}
            <textarea value={note} onChange={(event) => setNote(event.target.value)} maxLength={2000} />
          </label>
          <div className={styles.row}>
            <Button type="submit" size="sm" icon={<CheckIcon size={18} />}>
              {t('save')}
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={() => setEditing(false)}>
              {t('cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <div className={styles.row}>
          {a.found !== null && (
            <ButtonLink
              to={`${paths.summary.read.getHref(summaryId, a.chapterId)}#${markAnchorId(a.id)}`}
              variant="secondary"
              size="sm"
              aria-label={t('goToLabel', { quote })}
            >
              {t('goTo')}
            </ButtonLink>
          )}
          <button ref={editRef} type="button" className={buttonClassName({ variant: 'ghost', size: 'sm' })} onClick={() => setEditing(true)} aria-label={t('editLabel', { quote })}>
            <span>{t('edit')}</span>
          </button>
          <Button type="button" variant="ghost" size="sm" className={styles.rowEnd} icon={<TrashIcon size={18} />} onClick={onDelete} aria-label={t('deleteLabel', { quote })}>
            {t('delete')}
          </Button>
        </div>
      )}
    </li>
  );
}
