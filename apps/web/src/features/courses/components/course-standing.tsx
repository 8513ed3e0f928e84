import { useId } from 'react';
import type { CourseStanding } from '@blok/contract/courses';
import { formatGrade } from '@blok/domain/grade';
import { MIN_TESTED_SHARE } from '@blok/domain/standing';
import { useTranslation } from '../../../lib/i18n.ts';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar/progress-bar.tsx';
import { Section } from '../../../components/ui/section/section.tsx';
import { useCourseStanding } from '../api/get-course-standing.ts';
import styles from './courses.module.css';

/**
 * Her course's 'Waar sta je' (issue 41, decision 049): the grade she can expect with its range and
 * the chance of a right answer, from her graded answers only (her own questions, her typed cards),
 * and how much of her material she worked through; "nog niet getoetst" without a graded answer.
 */
export function CourseReadiness({ courseId }: { courseId: string }) {
  const { t } = useTranslation('courses');
  const id = useId();
  const standing = useCourseStanding(courseId);
  if (standing.isPending) return null;
  if (standing.isError) {
    return (
      <Section titleId={`${id}-title`} title={t('standing.title')}>
        <p className={styles.text}>{t('standing.error')}</p>
      </Section>
    );
  }
  const s = standing.data;
  const grade = s.expectedGrade;
  return (
    <Section titleId={`${id}-title`} title={t('standing.title')} data-testid="course-standing">
      {grade ? (
        <>
          <p className={styles.expected} data-testid="course-expected-grade">
            {t('standing.expectedGrade', { grade: formatGrade(grade.grade), low: formatGrade(grade.low), high: formatGrade(grade.high) })}
          </p>
          <p className={styles.text}>{t('standing.expectedGradeHint')}</p>
        </>
      ) : (
        <>
          <p className={styles.expected} data-testid="course-expected-grade">
            {t('standing.notTested')}
          </p>
          <p className={styles.text}>{t('standing.notTestedHint')}</p>
        </>
      )}
      {s.readiness !== null && (
        <div className={styles.progressGroup}>
          <p className={styles.text}>{t('standing.readiness', { percent: s.readiness })}</p>
          <ProgressBar value={s.readiness} label={t('standing.readinessLabel')} />
        </div>
      )}
      <p className={styles.text}>{t(s.coverage < 100 * MIN_TESTED_SHARE && s.readiness !== null ? 'standing.coverageLow' : 'standing.coverage', { percent: s.coverage })}</p>
    </Section>
  );
}

function Counts({ rows, caption }: { rows: Array<{ label: string; count: number }>; caption: string }) {
  const { t } = useTranslation('courses');
  return (
    <table className={styles.table}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('progress.kindColumn')}</th>
          <th scope="col">{t('progress.countColumn')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.label}>
            <th scope="row">{r.label}</th>
            <td>{r.count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ProgressContent({ s, courseName }: { s: CourseStanding; courseName: string }) {
  const { t } = useTranslation('courses');
  const q = s.questions;
  const c = s.cards;
  return (
    <>
      <p className={styles.text}>{t('progress.intro', { course: courseName })}</p>
      <div className={styles.progressGroup}>
        <h3 className={styles.subTitle}>{t('progress.pagesTitle')}</h3>
        {s.pages.total === 0 ? (
          <p className={styles.text}>{t('progress.pagesNone')}</p>
        ) : (
          <>
            <p className={styles.text}>{t('progress.pages', { read: s.pages.read, total: s.pages.total })}</p>
            <ProgressBar value={(100 * s.pages.read) / s.pages.total} label={t('progress.pagesLabel')} valueText={t('progress.pages', { read: s.pages.read, total: s.pages.total })} />
          </>
        )}
      </div>
      <div className={styles.progressGroup}>
        <h3 className={styles.subTitle}>{t('progress.questionsTitle')}</h3>
        {q.total === 0 ? (
          <p className={styles.text}>{t('progress.questionsNone')}</p>
        ) : (
          <>
            <p className={styles.text}>{t('progress.questionsSummary', { right: q.right, total: q.total })}</p>
            <Counts
              caption={t('progress.questionsTitle')}
              rows={[
                { label: t('progress.right'), count: q.right },
                { label: t('progress.partly'), count: q.partly },
                { label: t('progress.wrong'), count: q.wrong },
                { label: t('progress.unanswered'), count: q.unanswered },
              ]}
            />
          </>
        )}
      </div>
      <div className={styles.progressGroup}>
        <h3 className={styles.subTitle}>{t('progress.cardsTitle')}</h3>
        {c.total === 0 ? (
          <p className={styles.text}>{t('progress.cardsNone')}</p>
        ) : (
          <>
            <p className={styles.text}>{t('progress.cardsSummary', { known: c.known, total: c.total })}</p>
            <Counts
              caption={t('progress.cardsTitle')}
              rows={[
                { label: t('progress.known'), count: c.known },
                { label: t('progress.unknown'), count: c.unknown },
                { label: t('progress.unseen'), count: c.unseen },
                { label: t('progress.typed'), count: c.typed },
              ]}
            />
          </>
        )}
      </div>
    </>
  );
}

/** Her course's Voortgang (issue 41): pages read, her questions by her latest verdict, her cards, each with its table. */
export function CourseProgress({ courseId, courseName }: { courseId: string; courseName: string }) {
  const { t } = useTranslation('courses');
  const id = useId();
  const standing = useCourseStanding(courseId);
  if (standing.isPending) return null;
  return (
    <Section titleId={`${id}-title`} title={t('progress.title')} data-testid="course-progress">
      {standing.isError ? <Notice variant="error">{t('standing.error')}</Notice> : <ProgressContent s={standing.data} courseName={courseName} />}
    </Section>
  );
}
