import { useTranslation } from '../../../lib/i18n.ts';
import { ProgressBar } from '../../../components/ui/progress-bar/progress-bar.tsx';
import { useReadiness } from '../api/get-readiness.ts';
import styles from './plan.module.css';

/** The subject page's 'Waar sta je': readiness for the exam per chapter, with why. */
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
  return (
    <section aria-labelledby="plan-readiness-title" className={styles.card}>
      <h2 id="plan-readiness-title" className={styles.cardTitle}>
        {t('readiness.title')}
      </h2>
      <p className={styles.examLine}>{t('readiness.subject', { percent: r.readiness })}</p>
      <ProgressBar value={r.readiness} label={t('readiness.subjectLabel')} tone={r.readiness >= 100 ? 'success' : 'primary'} />
      <details className={styles.details}>
        <summary className={styles.summary}>{t('readiness.perChapter', { count: r.chapters.length })}</summary>
        <ol className={styles.chapters}>
          {r.chapters.map((c) => (
            <li key={c.chapterId} className={styles.chapter}>
              <span className={styles.chapterTitle}>{t('readiness.chapter', { number: c.number, title: c.title })}</span>
              <ProgressBar value={c.readiness} label={t('readiness.chapterLabel', { number: c.number, percent: c.readiness })} />
              <span className={styles.muted}>{c.reason}</span>
            </li>
          ))}
        </ol>
      </details>
    </section>
  );
}
