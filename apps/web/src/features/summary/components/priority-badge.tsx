import { useTranslation } from '../../../lib/i18n.ts';
import type { ChapterPriority } from '@blok/contract/library';
import styles from './summary.module.css';

const LEVEL: Record<ChapterPriority, 'high' | 'medium' | 'low'> = { 1: 'high', 2: 'medium', 3: 'low' };

/** A chapter's exam priority: filled bars plus the word, never colour alone. */
export function PriorityBadge({ priority }: { priority: ChapterPriority }) {
  const { t } = useTranslation('summary');
  const level = LEVEL[priority];
  return (
    <span className={styles.priority} data-level={level} title={t('priority.hint')}>
      <span className={styles.priorityBars} aria-hidden="true">
        <span data-on={priority <= 3 || undefined} />
        <span data-on={priority <= 2 || undefined} />
        <span data-on={priority <= 1 || undefined} />
      </span>
      <span>
        <span className="visually-hidden">{t('priority.label')}: </span>
        {t(`priority.${level}`)}
      </span>
    </span>
  );
}

/** Explains the priority marks (and the lock and read marks) above a chapter list. */
export function PriorityLegend() {
  const { t } = useTranslation('summary');
  return (
    <div className={styles.legend}>
      <p className={styles.legendTitle}>{t('priority.legend')}</p>
      <ul className={styles.legendList}>
        {([1, 2, 3] as const).map((p) => (
          <li key={p}>
            <PriorityBadge priority={p} />
          </li>
        ))}
      </ul>
    </div>
  );
}
