import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import type { SummaryChapter, SummaryDetail } from '@blok/contract/library';
import { paths } from '../../../config/paths.ts';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { MissingItem } from '../../../components/ui/missing-item/missing-item.tsx';
import { CheckIcon } from '../../../components/icons/icons.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useSummary } from '../api/get-summary.ts';
import { OfflineBadge, OfflineSummary } from '../offline/offline-summary.tsx';
import { useSavedChapters } from '../offline/use-saved-chapters.ts';
import { PriorityBadge, PriorityLegend } from './priority-badge.tsx';
import { LockIcon } from './summary-icons.tsx';
import { BackLink } from '../../../components/ui/back-link/back-link.tsx';
import { LoadingRow } from '../../../components/ui/loading-row/loading-row.tsx';
import styles from './summary.module.css';

function ChapterRow({
  summary,
  chapter,
  number,
  isCurrent,
  isSaved,
}: {
  summary: SummaryDetail;
  chapter: SummaryChapter;
  number: number;
  isCurrent: boolean;
  isSaved: boolean;
}) {
  const { t } = useTranslation(['summary', 'common']);
  const titleId = `chapter-${chapter.chapterId}-title`;
  return (
    <li className={styles.chapterRow} data-current={isCurrent || undefined}>
      <Link
        to={paths.summary.read.getHref(summary.id, chapter.chapterId)}
        className={styles.chapterLink}
        aria-current={isCurrent ? 'step' : undefined}
        aria-describedby={`${titleId}-state`}
      >
        <span className={styles.chapterNumber} data-read={chapter.isRead || undefined} aria-hidden="true">
          {chapter.isRead ? <CheckIcon size={18} /> : number}
        </span>
        <span className={styles.chapterMain}>
          <span id={titleId} className={styles.chapterTitle}>
            <span className="visually-hidden">{t('chapters.number', { number })} </span>
            <span dangerouslySetInnerHTML={{ __html: chapter.title }} />
          </span>
          <span className={styles.chapterMeta}>
            <PriorityBadge priority={chapter.priority} />
            <span>{t('read.pages', { start: chapter.startPage, end: chapter.endPage })}</span>
            <span>{t('read.minutes', { count: chapter.readingMinutes })}</span>
          </span>
          <span id={`${titleId}-state`} className={styles.chapterState}>
            {chapter.locked && (
              <span className={styles.lockBadge}>
                <LockIcon size={14} /> {t('read.premium')}
              </span>
            )}
            {chapter.isRead && <span className={styles.readBadge}>{t('read.isRead')}</span>}
            {isSaved && <OfflineBadge />}
            {isCurrent && <span className={styles.currentBadge}>{t('chapters.current')}</span>}
          </span>
        </span>
      </Link>
      {chapter.questionListId && (
        <Link
          to={paths.summary.questions.getHref(summary.id, chapter.questionListId)}
          className={styles.chapterQuestions}
          aria-label={t('chapters.questionsLabel', { number, title: chapter.titleText })}
        >
          {t('chapters.questions')}
        </Link>
      )}
    </li>
  );
}

/** /summary/read/{id}/chapters: every chapter with priority, read state, lock and its questions. */
export function ChapterList({ summaryId }: { summaryId: string }) {
  const { t } = useTranslation(['summary', 'common']);
  const summary = useSummary(summaryId);
  const notFound = summary.error instanceof ApiError && summary.error.status === 404;
  const data = summary.data;
  const readCount = data?.chapters.filter((c) => c.isRead).length ?? 0;
  const saved = useSavedChapters(summaryId);
  return (
    <div className={styles.page}>
      <BackLink to={paths.summary.read.getHref(summaryId, data?.progress?.chapterId)} className={styles.back}>
        {t('chapters.back')}
      </BackLink>
      {summary.isPending && (
        <LoadingRow label={t('common:loading')} />
      )}
      {summary.isError && (
        <>
          <h1 className={styles.pageTitle}>{t('chapters.title')}</h1>
          {notFound ? (
            <MissingItem message={t('read.summaryNotFound')} ways={[{ to: paths.library.root.getHref(), label: t('common:toLibrary') }]} />
          ) : (
            <Notice variant="error" role="alert">
              {t('read.error')}
            </Notice>
          )}
        </>
      )}
      {data && (
        <>
          <header className={styles.header}>
            <p className={styles.eyebrow}>{data.title}</p>
            <h1 className={styles.pageTitle}>{t('chapters.title')}</h1>
            <p className={styles.intro}>{t('chapters.progress', { read: readCount, count: data.chapters.length })}</p>
          </header>
          <OfflineSummary summary={data} />
          <PriorityLegend />
          <ol className={styles.chapters} aria-label={t('chapters.listLabel', { title: data.title })}>
            {data.chapters.map((chapter, index) => (
              <ChapterRow
                key={chapter.chapterId}
                summary={data}
                chapter={chapter}
                number={index + 1}
                isCurrent={data.progress?.chapterId === chapter.chapterId}
                isSaved={saved.has(chapter.chapterId)}
              />
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
