import { useTranslation } from '../../../lib/i18n.ts';
import { formatGrade, gradeTone } from '@blok/domain/grade';
import styles from './grade-circle.module.css';

/**
 * The grade in a circle (spec sections 4 and 9): green at 5.5 or more, red below, an orange '?'
 * while any question is skipped or awaiting review.
 */
export function GradeCircle({ grade }: { grade: number | null }) {
  const { t } = useTranslation('questions');
  const tone = gradeTone(grade);
  const label =
    tone === 'unknown'
      ? t('results.gradeUnknownLabel')
      : t(tone === 'pass' ? 'results.gradePassLabel' : 'results.gradeFailLabel', { grade: formatGrade(grade) });
  return (
    <div className={styles.wrap}>
      <div className={`${styles.circle} ${styles[tone]}`} role="img" aria-label={label} data-tone={tone}>
        <span aria-hidden="true">{formatGrade(grade)}</span>
      </div>
      <p className={styles.caption} aria-hidden="true">
        {t('results.gradeCaption')}
      </p>
    </div>
  );
}
