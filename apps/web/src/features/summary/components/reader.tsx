import { useEffect, useLayoutEffect, useRef, type ComponentType, type CSSProperties, type RefObject } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import type { ChapterContent, SummaryChapter, SummaryDetail } from '@blok/contract/library';
import { paths } from '../../../config/paths.ts';
import { Button, ButtonLink } from '../../../components/ui/button/button.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { Spinner } from '../../../components/ui/spinner/spinner.tsx';
import { ArrowLeftIcon, CheckCircleIcon, ChevronRightIcon } from '../../../components/icons/icons.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { isPremiumRequired, useChapter } from '../api/get-chapter.ts';
import { useSummary } from '../api/get-summary.ts';
import { currentScrollPosition, scrollToPosition, useReadingPosition } from '../hooks/use-reading-position.ts';
import { useTextSize } from '../hooks/use-text-size.ts';
import { frameWideTables } from '../utils/wide-tables.ts';
import { hasTypesetMath, loadKatexCss, useKatexCss } from '../../../components/markdown/formulas.ts';
import { Paywall } from './paywall.tsx';
import { PriorityBadge } from './priority-badge.tsx';
import { ListIcon, LockIcon } from './summary-icons.tsx';
import { CardLink } from '../../../components/ui/card-link/card-link.tsx';
import { ReportSlot } from '../../../components/report-slot/report-slot.tsx';
import styles from './reader.module.css';

type ToolbarProps = {
  summaryId: string;
  number?: number;
  count?: number;
  progress?: number;
  textSize?: ReturnType<typeof useTextSize>;
};

/** The reader's bar: chapter list, where she is, text size; a thin line shows how far she read. */
function Toolbar({ summaryId, number, count, progress, textSize }: ToolbarProps) {
  const { t } = useTranslation(['summary', 'common']);
  return (
    <div className={styles.toolbar}>
      <div className={styles.toolbarInner}>
        <Link to={paths.summary.chapters.getHref(summaryId)} className={styles.toolbarLink}>
          <ListIcon size={20} />
          <span>{t('read.chapters')}</span>
        </Link>
        {number !== undefined && count !== undefined && (
          <span className={styles.toolbarCount}>{t('read.chapterOf', { number, count })}</span>
        )}
        {textSize && (
          <div className={styles.textSize} role="group" aria-label={t('read.textSize')}>
            <button type="button" className={styles.sizeButton} onClick={textSize.decrease} disabled={!textSize.canDecrease} aria-label={t('read.smaller')}>
              <span className={styles.sizeSmall}>
                A−
              </span>
            </button>
            <button type="button" className={styles.sizeButton} onClick={textSize.increase} disabled={!textSize.canIncrease} aria-label={t('read.larger')}>
              <span className={styles.sizeLarge}>
                A+
              </span>
            </button>
            <span className="visually-hidden" role="status">
              {t('read.textSizeNow', { percent: textSize.percent })}
            </span>
          </div>
        )}
      </div>
      {progress !== undefined && (
        <div className={styles.readLine} aria-hidden="true">
          <span style={{ transform: `scaleX(${progress})` }} />
        </div>
      )}
    </div>
  );
}

function NeighbourLink({ summaryId, link, direction }: { summaryId: string; link: ChapterContent['next']; direction: 'previous' | 'next' }) {
  const { t } = useTranslation(['summary', 'common']);
  if (!link) return <span />;
  return (
    <CardLink to={paths.summary.read.getHref(summaryId, link.chapterId)} className={styles.neighbour} data-direction={direction} rel={direction === 'next' ? 'next' : 'prev'}>
      <span className={styles.neighbourLabel}>
        {direction === 'previous' && <ArrowLeftIcon size={16} />}
        {t(direction === 'next' ? 'read.next' : 'read.previous')}
        {direction === 'next' && <ChevronRightIcon size={16} />}
      </span>
      <span className={styles.neighbourTitle}>
        {link.locked && (
          <>
            <LockIcon size={16} />
            <span className="visually-hidden">{t('read.premium')}: </span>
          </>
        )}
        {link.titleText}
      </span>
    </CardLink>
  );
}

/** One chapter, open: the summary's heart. */
/**
 * What the reader shows over a chapter's text: her highlights and notes (features/annotations). A
 * feature never imports another, so the route gives it (app/routes/summary/read.tsx).
 */
export type ChapterOverlay = ComponentType<{ proseRef: RefObject<HTMLDivElement | null>; chapter: ChapterContent }>;

function ChapterView({ chapter, overlay: Overlay }: { chapter: ChapterContent; overlay?: ChapterOverlay }) {
  const { t } = useTranslation(['summary', 'common']);
  const textSize = useTextSize();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const progress = useReadingPosition({ summaryId: chapter.summaryId, chapterId: chapter.chapterId, initialPosition: chapter.position });

  // Arriving on a chapter puts keyboard and screen-reader focus on its title, without scrolling.
  useEffect(() => {
    if (document.activeElement === document.body || document.activeElement === null) headingRef.current?.focus({ preventScroll: true });
  }, []);

  // Formulas typeset at import need KaTeX's stylesheet, loaded only for a chapter that has one.
  useKatexCss(chapter.html);

  // Wide tables, code blocks and displayed formulas scroll sideways on a phone; a scrolling region
  // must be reachable by keyboard, and a table shows that it scrolls (an edge shadow and a hint).
  const proseRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const prose = proseRef.current;
    if (!prose) return;
    const stopTables = frameWideTables(
      prose,
      { block: styles.tableBlock!, frame: styles.tableFrame!, scroll: styles.tableScroll!, hint: styles.tableHint! },
      { label: (number) => t('read.tableRegion', { number }), hint: t('read.tableHint') },
    );
    // Code blocks (<pre>) and displayed formulas scroll sideways too, certainly at a larger text size.
    const markScrollingCode = () => {
      for (const pre of prose.querySelectorAll('pre, .math-block')) {
        if (pre.scrollWidth > pre.clientWidth + 1) pre.setAttribute('tabindex', '0');
        else pre.removeAttribute('tabindex');
      }
    };
    markScrollingCode();
    // a formula takes its width when KaTeX's stylesheet and fonts are in
    let live = true;
    if (hasTypesetMath(chapter.html)) {
      void loadKatexCss()
        .then(() => document.fonts?.ready)
        .then(() => live && markScrollingCode());
    }
    window.addEventListener('resize', markScrollingCode);
    return () => {
      live = false;
      stopTables();
      window.removeEventListener('resize', markScrollingCode);
    };
  }, [chapter.html, textSize.scale, t]);

  // A new text size reflows the chapter: keep her at the same place in it.
  const placeBeforeResize = useRef<number | null>(null);
  const onResize = (change: () => void) => {
    placeBeforeResize.current = currentScrollPosition();
    change();
  };
  useLayoutEffect(() => {
    if (placeBeforeResize.current !== null) {
      scrollToPosition(placeBeforeResize.current);
      placeBeforeResize.current = null;
    }
  }, [textSize.scale]);

  return (
    <>
      <Toolbar
        summaryId={chapter.summaryId}
        number={chapter.number}
        count={chapter.chapterCount}
        progress={progress}
        textSize={{ ...textSize, decrease: () => onResize(textSize.decrease), increase: () => onResize(textSize.increase) }}
      />
      <article className={styles.article} style={{ '--reader-scale': textSize.scale } as CSSProperties} aria-labelledby="chapter-title">
        <header className={styles.chapterHeader}>
          <p className={styles.eyebrow}>
            <Link to={paths.library.details.getHref(chapter.summaryId)}>{chapter.summaryTitle}</Link>
          </p>
          <p className={styles.kicker}>{t('read.chapterNumber', { number: chapter.number })}</p>
          {/* The title is inline HTML sanitized by the API (em, strong, sup, sub only). */}
          <h1 id="chapter-title" ref={headingRef} tabIndex={-1} className={styles.title} dangerouslySetInnerHTML={{ __html: chapter.title }} />
          <ul className={styles.meta} aria-label={t('read.metaLabel')}>
            <li>
              <PriorityBadge priority={chapter.priority} />
            </li>
            <li>{t('read.pages', { start: chapter.startPage, end: chapter.endPage })}</li>
            <li>{t('read.minutes', { count: chapter.readingMinutes })}</li>
            {chapter.isRead && (
              <li className={styles.readMark}>
                <CheckCircleIcon size={16} /> {t('read.isRead')}
              </li>
            )}
          </ul>
        </header>

        {/* Her highlights and notes: painted into the prose, and the panel for what she selects. */}
        {Overlay && <Overlay proseRef={proseRef} chapter={chapter} />}
        {/* The chapter's HTML comes only from the API, which renders and sanitizes it at import. */}
        <div ref={proseRef} className={styles.prose} dangerouslySetInnerHTML={{ __html: chapter.html }} />

        <footer className={styles.chapterFooter}>
          <p className={styles.endMark}>{t('read.end', { number: chapter.number })}</p>
          {chapter.questionListId && (
            <div className={styles.practice}>
              <div>
                <p className={styles.practiceTitle}>{t('read.practiceTitle')}</p>
                <p className={styles.practiceText}>{t('read.practiceText')}</p>
              </div>
              <ButtonLink to={paths.summary.questions.getHref(chapter.summaryId, chapter.questionListId)} variant="secondary" size="sm">
                {t('read.practice')}
              </ButtonLink>
            </div>
          )}
          <nav className={styles.neighbours} aria-label={t('read.neighbours')}>
            <NeighbourLink summaryId={chapter.summaryId} link={chapter.previous} direction="previous" />
            <NeighbourLink summaryId={chapter.summaryId} link={chapter.next} direction="next" />
          </nav>
          <Link to={paths.summary.chapters.getHref(chapter.summaryId)} className={styles.allChapters}>
            <ListIcon size={18} />
            {t('read.allChapters', { count: chapter.chapterCount })}
          </Link>
          <ReportSlot key={chapter.chapterId} kind="chapter" itemId={chapter.chapterId} />
        </footer>
      </article>
    </>
  );
}

function LockedChapter({ summary, chapter }: { summary: SummaryDetail; chapter: SummaryChapter | undefined }) {
  const { t } = useTranslation(['summary', 'common']);
  const index = chapter ? summary.chapters.indexOf(chapter) : -1;
  const previous = index > 0 ? summary.chapters[index - 1] : undefined;
  const back =
    previous && !previous.locked
      ? { to: paths.summary.read.getHref(summary.id, previous.chapterId), label: t('paywall.backToChapter', { number: index }) }
      : { to: paths.summary.chapters.getHref(summary.id), label: t('paywall.backToList') };
  return (
    <>
      <Toolbar summaryId={summary.id} number={index >= 0 ? index + 1 : undefined} count={summary.chapters.length} />
      <article className={styles.article} aria-labelledby="chapter-title">
        <header className={styles.chapterHeader}>
          <p className={styles.eyebrow}>
            <Link to={paths.library.details.getHref(summary.id)}>{summary.title}</Link>
          </p>
          {index >= 0 && <p className={styles.kicker}>{t('read.chapterNumber', { number: index + 1 })}</p>}
          {chapter ? (
            <h1 id="chapter-title" tabIndex={-1} className={styles.title} dangerouslySetInnerHTML={{ __html: chapter.title }} />
          ) : (
            <h1 id="chapter-title" tabIndex={-1} className={styles.title}>
              {t('paywall.title')}
            </h1>
          )}
          <ul className={styles.meta} aria-label={t('read.metaLabel')}>
            <li className={styles.premiumMark}>
              <LockIcon size={16} /> {t('read.premium')}
            </li>
            {chapter && <li>{t('read.pages', { start: chapter.startPage, end: chapter.endPage })}</li>}
          </ul>
        </header>
        <Paywall back={back} />
      </article>
    </>
  );
}

/**
 * /summary/read/{id}/{chapterId?}: the reader. Without a chapter it opens where she left off
 * (or the first chapter) and puts that chapter in the address.
 */
export function Reader({ summaryId, chapterId, overlay }: { summaryId: string; chapterId: string | undefined; overlay?: ChapterOverlay }) {
  const { t } = useTranslation(['summary', 'common']);
  const navigate = useNavigate();
  const summary = useSummary(summaryId, { openedByLoader: true });
  const resumeId = summary.data?.progress?.chapterId ?? summary.data?.chapters[0]?.chapterId;
  const targetId = chapterId ?? resumeId;
  const chapter = useChapter(summaryId, chapterId);

  useEffect(() => {
    if (!chapterId && resumeId) void navigate(paths.summary.read.getHref(summaryId, resumeId), { replace: true });
  }, [chapterId, resumeId, summaryId, navigate]);

  if (chapter.data) return <ChapterView key={chapter.data.chapterId} chapter={chapter.data} overlay={overlay} />;

  if (chapter.isError && isPremiumRequired(chapter.error) && summary.data) {
    return <LockedChapter summary={summary.data} chapter={summary.data.chapters.find((c) => c.chapterId === targetId)} />;
  }

  const summaryMissing = summary.error instanceof ApiError && summary.error.status === 404;
  const chapterMissing = chapter.error instanceof ApiError && chapter.error.status === 404;
  const emptySummary = summary.data && summary.data.chapters.length === 0;
  if (summaryMissing || chapterMissing || emptySummary || (chapter.isError && !isPremiumRequired(chapter.error)) || (summary.isError && !chapterId)) {
    return (
      <div className={styles.state}>
        <h1 className={styles.stateTitle}>{t('read.title')}</h1>
        <Notice variant="error" role="alert">
          {summaryMissing ? t('read.summaryNotFound') : chapterMissing ? t('read.chapterNotFound') : emptySummary ? t('read.empty') : t('read.error')}
        </Notice>
        <div className={styles.stateActions}>
          {!summaryMissing && (
            <ButtonLink to={paths.summary.chapters.getHref(summaryId)} variant="secondary">
              {t('read.toChapterList')}
            </ButtonLink>
          )}
          {!summaryMissing && !chapterMissing && !emptySummary && (
            <Button variant="ghost" onClick={() => void Promise.all([summary.refetch(), chapter.refetch()])}>
              {t('common:retry')}
            </Button>
          )}
          <ButtonLink to={paths.library.root.getHref()} variant="ghost">
            {t('read.toLibrary')}
          </ButtonLink>
        </div>
      </div>
    );
  }

  return (
    <>
      <Toolbar summaryId={summaryId} />
      <div className={styles.loading} role="status">
        <Spinner /> {t('read.loading')}
      </div>
    </>
  );
}
