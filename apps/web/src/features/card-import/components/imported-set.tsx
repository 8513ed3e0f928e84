import { useEffect, useRef } from 'react';
import type { CardImportResult } from '@blok/contract/card-import';
import { useTranslation } from '../../../lib/i18n.ts';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { Spinner } from '../../../components/ui/spinner/spinner.tsx';
import { useImportedSet } from '../api/get-imported-set.ts';
import styles from './card-import.module.css';

/** After the import: the new set's cards as they were stored, with their pictures. */
export function ImportedSet({ result }: { result: CardImportResult }) {
  const { t } = useTranslation('cardImport');
  const set = useImportedSet(result.setId);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={styles.card} aria-labelledby="imported-set-title">
      <Notice variant="success" title={t('done.title', { title: result.title })}>
        {t('done.count', { count: result.cardCount })}
        {result.skippedCount > 0 && ` ${t('done.skipped', { count: result.skippedCount })}`}
      </Notice>
      <h2 id="imported-set-title" ref={heading} tabIndex={-1} className={styles.heading}>
        {t('done.cardsTitle')}
      </h2>
      {set.isPending && (
        <p role="status">
          <Spinner /> {t('done.loading')}
        </p>
      )}
      {set.isError && (
        <Notice variant="error" role="alert">
          {t('done.loadError')}
        </Notice>
      )}
      {set.data && (
        <ol className={styles.cards}>
          {set.data.cards.map((c) => (
            <li key={c.id} className={styles.previewCard}>
              {(['front', 'back'] as const).map((side) => (
                <div key={side} className={styles.side}>
                  <span className={styles.sideLabel}>{t(`preview.${side}`)}</span>
                  <div className={styles.sideHtml} dangerouslySetInnerHTML={{ __html: c[side].html }} />
                  {c[side].pictureUrl && <img className={styles.image} src={c[side].pictureUrl ?? undefined} alt={t('done.pictureAlt')} loading="lazy" />}
                </div>
              ))}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
