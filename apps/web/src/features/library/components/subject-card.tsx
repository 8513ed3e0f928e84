import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import type { LibrarySubject } from '@blok/contract/library';
import { paths } from '../../../config/paths.ts';
import { ChevronRightIcon, TrashIcon } from '../../../components/icons/icons.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar/progress-bar.tsx';
import { SubjectTile } from './subject-tile.tsx';
import styles from './library.module.css';

/** One subject of her library: the whole card opens the subject; 'verder lezen' and remove sit above it. */
export function SubjectCard({ subject, onRemove }: { subject: LibrarySubject; onRemove: () => void }) {
  const { t } = useTranslation('library');
  const titleId = `subject-${subject.id}-title`;
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <div className={styles.cardHead}>
        <SubjectTile id={subject.id} title={subject.title} />
        <h3 id={titleId} className={styles.cardTitle}>
          <Link to={paths.library.subject.getHref(subject.id)} className={styles.cardLink}>
            {subject.title}
          </Link>
        </h3>
        <button
          type="button"
          className={styles.iconButton}
          onClick={onRemove}
          aria-label={t('card.remove', { title: subject.title })}
          title={t('card.removeShort')}
        >
          <TrashIcon size={20} />
        </button>
      </div>
      <p className={styles.cardDescription}>{subject.description}</p>
      <div className={styles.cardProgress}>
        <ProgressBar
          value={subject.progress}
          label={t('card.progressLabel', { title: subject.title })}
          tone={subject.progress === 100 ? 'success' : 'primary'}
        />
        <p className={styles.cardMeta}>
          <span className={styles.strong}>{t('card.progress', { progress: subject.progress })}</span>
          <span aria-hidden="true"> · </span>
          <span>{t('card.chapters', { read: subject.readChapterCount, count: subject.chapterCount })}</span>
        </p>
      </div>
      <p className={styles.cardMeta}>
        {t('card.summaries', { count: subject.summaryCount })}
        <span aria-hidden="true"> · </span>
        {t('card.questionLists', { count: subject.questionListCount })}
      </p>
      {subject.lastRead && (
        <Link to={paths.summary.read.getHref(subject.lastRead.summaryId, subject.lastRead.chapterId)} className={styles.continueLink}>
          <span>
            <span className={styles.continueLabel}>{t('card.continue')}</span>
            <span className={styles.continueTitle}>{subject.lastRead.chapterTitle}</span>
          </span>
          <ChevronRightIcon size={20} />
        </Link>
      )}
    </article>
  );
}
