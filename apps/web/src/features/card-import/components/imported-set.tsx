import { useEffect, useRef } from 'react';
import type { CardImportResult } from '@blok/contract/card-import';
import { useTranslation } from '../../../lib/i18n.ts';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { ButtonLink } from '../../../components/ui/button/button.tsx';
import { paths } from '../../../config/paths.ts';
import styles from './card-import.module.css';

/** After the import: the new set's cards as they were stored (the import's answer), with their pictures. */
export function ImportedSet({ set, skipped }: { set: CardImportResult; skipped: number }) {
  const { t } = useTranslation('cardImport');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={styles.card} aria-labelledby="imported-set-title">
      <Notice variant="success" title={t('done.title', { title: set.title })}>
        {t('done.count', { count: set.cardCount })}
        {skipped > 0 && ` ${t('done.skipped', { count: skipped })}`}
      </Notice>
      <h2 id="imported-set-title" ref={heading} tabIndex={-1} className={styles.heading}>
        {t('done.cardsTitle')}
      </h2>
      <ol className={styles.cards}>
        {set.cards.map((c) => (
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
      <ButtonLink to={paths.ownCards.set.getHref(set.id)}>{t('done.open', { title: set.title })}</ButtonLink>
    </section>
  );
}
