import { useTranslation } from '../../../lib/i18n.ts';
import type { CourseInfo } from '@blok/contract/catalogue';
import { CourseIllustration } from '../../../components/illustrations/course-illustration.tsx';
import styles from './course-info-card.module.css';

/** The sample course of the chosen year (vaknaam, percentage, illustration, title and body); the API words a year without subjects truthfully. */
export function CourseInfoCard({ course }: { course: CourseInfo }) {
  const { t } = useTranslation('auth');
  return (
    <article className={styles.card} aria-label={course.vaknaam}>
      <div className={styles.art}>
        <CourseIllustration code={course.header_afbeelding} className={styles.illustration} />
      </div>
      <div className={styles.body}>
        <p className={styles.eyebrow}>
          {t('register.courseEyebrow')}: <span className={styles.course}>{course.vaknaam}</span>
        </p>
        <h2 className={styles.title}>{course.titeltekst}</h2>
        <p className={styles.text}>{course.bodytekst}</p>
        {/* A year without subjects in Blok promises no share of fellow students (issue 13). */}
        {course.available !== false && (
          <p className={styles.stat}>
            <span className={styles.percentage}>{course.percentage}%</span>
            <span>{t('register.coursePercentage')}</span>
          </p>
        )}
      </div>
    </article>
  );
}
