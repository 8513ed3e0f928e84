import { formatGrade } from '@blok/domain/grade';
import { useTranslation } from '../../../lib/i18n.ts';
import { Card } from '../../../components/ui/card/card.tsx';
import { useCalibration } from '../api/get-calibration.ts';
import styles from './studio.module.css';

const decimal = (x: number, digits: number) => x.toLocaleString('nl-NL', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/**
 * Editors and admins (issue 39): is the expected grade students see honest? Per bin of the expected
 * grade shown before a mock exam, the mean expected and achieved grade, and the Brier score of the
 * per-question probabilities, over the subject's real mock exams.
 */
export function CalibrationReport({ subjectId }: { subjectId: string }) {
  const { t } = useTranslation('studio');
  const calibration = useCalibration(subjectId);
  const c = calibration.data;
  return (
    <Card as="section" spacious className={styles.card} aria-labelledby="studio-calibration">
      <h2 id="studio-calibration" className={styles.sectionTitle}>
        {t('calibration.title')}
      </h2>
      <p className={styles.muted}>{t('calibration.intro')}</p>
      {calibration.isError && <p className={styles.muted}>{t('loadError')}</p>}
      {c && c.exams === 0 && <p>{t('calibration.empty')}</p>}
      {c && c.exams > 0 && (
        <>
          <p data-testid="calibration-summary">
            {t('calibration.summary', { exams: t('calibration.exams', { count: c.exams }), students: t('calibration.students', { count: c.students }), mae: decimal(c.meanAbsoluteError ?? 0, 1), within: Math.round(100 * (c.withinRange ?? 0)) })}{' '}
            {c.bias !== null && Math.abs(c.bias) >= 0.05 && t(c.bias > 0 ? 'calibration.cautious' : 'calibration.hopeful', { bias: decimal(Math.abs(c.bias), 1) })}
          </p>
          {c.brier !== null && <p>{t('calibration.brier', { brier: decimal(c.brier, 3), count: c.questions })}</p>}
          <table className={styles.calibrationTable}>
            <caption className="visually-hidden">{t('calibration.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('calibration.binColumn')}</th>
                <th scope="col">{t('calibration.examsColumn')}</th>
                <th scope="col">{t('calibration.predictedColumn')}</th>
                <th scope="col">{t('calibration.achievedColumn')}</th>
              </tr>
            </thead>
            <tbody>
              {c.bins.map((b) => (
                <tr key={b.from}>
                  <th scope="row">{t('calibration.bin', { from: formatGrade(b.from), to: formatGrade(b.to) })}</th>
                  <td>{b.exams}</td>
                  <td>{formatGrade(b.meanPredicted)}</td>
                  <td>{formatGrade(b.meanAchieved)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </Card>
  );
}
