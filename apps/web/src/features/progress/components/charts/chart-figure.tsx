import type { ReactNode } from 'react';
import { useTranslation } from '../../../../lib/i18n.ts';
import styles from '../progress.module.css';

/**
 * A chart with its text equivalent: a heading, a sentence that says what it shows, the picture
 * (hidden from screen readers: the sentence and the table carry the same), and the numbers as a
 * table behind 'Toon als tabel'.
 */
export function ChartFigure({ id, title, summary, children, table }: { id: string; title: string; summary: ReactNode; children?: ReactNode; table?: ReactNode }) {
  const { t } = useTranslation('progress');
  return (
    <section aria-labelledby={id} className={styles.chartCard}>
      <h2 id={id} className={styles.chartTitle}>
        {title}
      </h2>
      <p className={styles.chartSummary}>{summary}</p>
      {children && <div className={styles.chart}>{children}</div>}
      {table && (
        <details className={styles.tableToggle}>
          <summary>{t('showTable')}</summary>
          {/* focusable: a wide table scrolls sideways at 390 px, by keyboard too (axe scrollable-region-focusable) */}
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus */}
          <div className={styles.tableWrap} tabIndex={0} role="group" aria-label={t('tableLabel', { title })}>
            {table}
          </div>
        </details>
      )}
    </section>
  );
}
