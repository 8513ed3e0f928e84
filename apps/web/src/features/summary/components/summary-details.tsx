import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import type { SummaryDetail } from '@blok/contract/library';
import { paths } from '../../../config/paths.ts';
import { ButtonLink } from '../../../components/ui/button/button.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { MissingItem } from '../../../components/ui/missing-item/missing-item.tsx';
import { CheckIcon } from '../../../components/icons/icons.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useSummary } from '../api/get-summary.ts';
import { OfflineBadge, OfflineSummary } from '../offline/offline-summary.tsx';
import { useSavedChapters } from '../offline/use-saved-chapters.ts';
import { splitReadingTime } from '../utils/reading-time.ts';
import { PriorityBadge, PriorityLegend } from './priority-badge.tsx';
import { ListIcon, LockIcon } from './summary-icons.tsx';
import { BackLink } from '../../../components/ui/back-link/back-link.tsx';
import { LoadingRow } from '../../../components/ui/loading-row/loading-row.tsx';
import { ListPanel } from '../../../components/ui/list-panel/list-panel.tsx';
import styles from './summary.module.css';

function DetailsContent({ summary }: { summary: SummaryDetail }) {
  const { t } = useTranslation(['summary', 'common', 'library']);
  const chapters = summary.chapters;
  const free = chapters.filter((c) => c.access === 'free').length;
  const locked = chapters.filter((c) => c.locked).length;
  const pages = chapters.reduce((n, c) => n + Math.max(0, c.endPage - c.startPage + 1), 0);
  const time = splitReadingTime(chapters);
  const read = chapters.filter((c) => c.isRead).length;
  const current = summary.progress ? chapters.findIndex((c) => c.chapterId === summary.progress!.chapterId) : -1;
  const saved = useSavedChapters(summary.id);

  return (
    <>
      <header className={styles.header}>
        <p className={styles.eyebrow}>
          <Link to={paths.library.subject.getHref(summary.subjectId)}>{summary.subjectTitle}</Link>
        </p>
        <h1 className={styles.pageTitle}>{summary.title}</h1>
        <p className={styles.source}>
          <span className={styles.sourceLabel}>{t('details.source')}</span> {summary.source}
        </p>
        <p className={styles.intro}>{summary.description}</p>
      </header>

      <dl className={styles.stats}>
        <div>
          <dt>{t('details.chapters')}</dt>
          <dd>{chapters.length}</dd>
        </div>
        <div>
          <dt>{t('details.pages')}</dt>
          <dd>{pages}</dd>
        </div>
        <div>
          <dt>{t('details.readingTime')}</dt>
          <dd>
            {time.hours === 0
              ? t('details.readingMinutes', { minutes: time.minutes })
              : time.minutes === 0
                ? t('details.readingHours', { hours: time.hours })
                : t('details.readingHoursMinutes', { hours: time.hours, minutes: time.minutes })}
          </dd>
        </div>
        <div>
          <dt>{t('details.read')}</dt>
          <dd>
            {read}/{chapters.length}
          </dd>
        </div>
      </dl>

      {chapters.length > 0 && (
        <div className={styles.cta}>
          {current >= 0 ? (
            <>
              <ButtonLink to={paths.summary.read.getHref(summary.id, chapters[current]!.chapterId)} fullWidth>
                {t('details.continue')}
              </ButtonLink>
              <p className={styles.ctaHint}>{t('details.continueHint', { number: current + 1, title: chapters[current]!.titleText })}</p>
            </>
          ) : (
            <ButtonLink to={paths.summary.read.getHref(summary.id, chapters[0]!.chapterId)} fullWidth>
              {t('details.start')}
            </ButtonLink>
          )}
          <ButtonLink to={paths.summary.chapters.getHref(summary.id)} variant="ghost" fullWidth icon={<ListIcon size={20} />}>
            {t('details.toChapters')}
          </ButtonLink>
        </div>
      )}

      {chapters.length > 0 && <OfflineSummary summary={summary} />}

      {locked > 0 && (
        <Notice variant="info" title={t('details.freeTitle', { count: free })}>
          {t('details.freeText', { count: chapters.length })} <Link to={paths.shop.root.getHref()}>{t('details.freeLink')}</Link>
        </Notice>
      )}

      <section aria-labelledby="details-contents" className={styles.section}>
        <h2 id="details-contents" className={styles.sectionTitle}>
          {t('details.contents')}
        </h2>
        <PriorityLegend />
        <ListPanel as="ol">
          {chapters.map((chapter, index) => (
            <li key={chapter.chapterId}>
              <Link to={paths.summary.read.getHref(summary.id, chapter.chapterId)} className={styles.tocLink}>
                <span className={styles.tocNumber} aria-hidden="true">
                  {index + 1}
                </span>
                <span className={styles.tocMain}>
                  <span className={styles.chapterTitle}>
                    <span className="visually-hidden">{t('chapters.number', { number: index + 1 })} </span>
                    <span dangerouslySetInnerHTML={{ __html: chapter.title }} />
                  </span>
                  <span className={styles.chapterMeta}>
                    <PriorityBadge priority={chapter.priority} />
                    <span>{t('read.pages', { start: chapter.startPage, end: chapter.endPage })}</span>
                    {chapter.access === 'free' ? (
                      <span className={styles.freeBadge}>{t('details.free')}</span>
                    ) : (
                      <span className={styles.lockBadge}>
                        <LockIcon size={14} /> {t('read.premium')}
                      </span>
                    )}
                    {chapter.isRead && (
                      <span className={styles.readBadge}>
                        <CheckIcon size={14} /> {t('read.isRead')}
                      </span>
                    )}
                    {saved.has(chapter.chapterId) && <OfflineBadge />}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ListPanel>
      </section>
    </>
  );
}

/** /bibliotheek/details/{id}: what a summary covers, what is free, and where to start. Back goes to Home. */
export function SummaryDetails({ summaryId, back }: { summaryId: string; back: { to: string; label: string } }) {
  const { t } = useTranslation(['summary', 'common', 'library']);
  const summary = useSummary(summaryId);
  const notFound = summary.error instanceof ApiError && summary.error.status === 404;
  return (
    <div className={styles.page}>
      <BackLink to={back.to} className={styles.back}>
        {back.label}
      </BackLink>
      {summary.isPending && (
        <LoadingRow label={t('common:loading')} />
      )}
      {summary.isError && (
        <>
          <h1 className={styles.pageTitle}>{t('library:details.title')}</h1>
          {notFound ? (
            <MissingItem message={t('read.summaryNotFound')} ways={[{ to: paths.library.root.getHref(), label: t('common:toLibrary') }]} />
          ) : (
            <Notice variant="error" role="alert">
              {t('read.error')}
            </Notice>
          )}
        </>
      )}
      {summary.data && <DetailsContent summary={summary.data} />}
    </div>
  );
}
