import { formatGrade } from '@blok/domain/grade';
import { useTranslation } from '../../../lib/i18n.ts';
import { ProgressBar } from '../../../components/ui/progress-bar/progress-bar.tsx';
import { useReadiness } from '../api/get-readiness.ts';
import styles from './plan.module.css';

/**
 * The subject page's 'Waar sta je' (decision 035): the grade she can expect on a mock exam with its
 * range, and per chapter the probability of a right answer, or "Nog niet getoetst" without a graded
 * answer. A Premium chapter she cannot open is marked.
 */
export function ReadinessSection({ subjectId }: { subjectId: string }) {
  const { t } = useTranslation('plan');
  const readiness = useReadiness(subjectId);
  if (readiness.isError) {
    return (
      <section aria-labelledby="plan-readiness-title" className={styles.card}>
        <h2 id="plan-readiness-title" className={styles.cardTitle}>
          {t('readiness.title')}
        </h2>
        <p className={styles.muted}>{t('readiness.error')}</p>
      </section>
    );
  }
  if (!readiness.data || readiness.data.chapters.length === 0) return null;
  const r = readiness.data;
  const grade = r.expectedGrade;
  return (
    <section aria-labelledby="plan-readiness-title" className={styles.card}>
      <h2 id="plan-readiness-title" className={styles.cardTitle}>
        {t('readiness.title')}
      </h2>
      {grade ? (
        <>
          <p className={styles.examLine} data-testid="expected-grade">
            {t('readiness.expectedGrade', { grade: formatGrade(grade.grade), low: formatGrade(grade.low), high: formatGrade(grade.high) })}
          </p>
          <p className={styles.muted}>{t('readiness.expectedGradeHint')}</p>
        </>
      ) : (
        <p className={styles.examLine} data-testid="expected-grade">
          {t('readiness.expectedNone')}
        </p>
      )}
      {r.readiness !== null && (
        <>
          <p className={styles.muted}>{t('readiness.subject', { percent: r.readiness })}</p>
          <ProgressBar value={r.readiness} label={t('readiness.subjectLabel')} tone={r.readiness >= 100 ? 'success' : 'primary'} />
        </>
      )}
      <details className={styles.details}>
        <summary className={styles.summary}>{t('readiness.perChapter', { count: r.chapters.length })}</summary>
        <ol className={styles.chapters}>
          {r.chapters.map((c) => (
            <li key={c.chapterId} className={styles.chapter}>
              <span className={styles.chapterTitle}>
                {t('readiness.chapter', { number: c.number, title: c.title })}
                {c.locked && <span className={styles.muted}> · {t('readiness.locked')}</span>}
              </span>
              {c.readiness === null ? (
                <span className={styles.muted}>{t('readiness.notTested')}</span>
              ) : (
                <ProgressBar value={c.readiness} label={t('readiness.chapterLabel', { number: c.number, percent: c.readiness })} />
              )}
              {c.readiness !== null && <span className={styles.muted}>{c.reason}</span>}
            </li>
          ))}
        </ol>
      </details>
    </section>
  );
}
