import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../config/paths.ts';
import { Button, ButtonLink } from '../../../components/ui/button/button.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { LoadingRow } from '../../../components/ui/loading-row/loading-row.tsx';
import { Card, CardList, CardMeta } from '../../../components/ui/card/card.tsx';
import { Section } from '../../../components/ui/section/section.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useSharedSet } from '../api/get-shared-set.ts';
import { useCopySharedSet } from '../api/copy-shared-set.ts';
import { Face } from './own-set.tsx';
import styles from './own-cards.module.css';

/** /kaarten/gedeeld/{token}: a classmate's shared set; she adds a copy to her own sets. */
export function SharedSetScreen({ token, onCopied }: { token: string; onCopied: (setId: string) => void }) {
  const { t } = useTranslation(['ownCards', 'common']);
  const shared = useSharedSet(token);
  const copy = useCopySharedSet();
  const status = shared.error instanceof ApiError ? shared.error.status : null;
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{shared.data?.title ?? t('shared.title')}</h1>
      {shared.isPending && (
        <LoadingRow label={t('common:loading')} spinnerSize={24} />
      )}
      {shared.isError && (
        <>
          <Notice variant="error" role="alert">
            {status === 410 ? t('shared.revoked') : status === 404 || status === 400 ? t('shared.notFound') : t('shared.loadError')}
          </Notice>
          <ButtonLink to={paths.ownCards.root.getHref()} variant="secondary">
            {t('shared.toMine')}
          </ButtonLink>
        </>
      )}
      {shared.data && (
        <>
          <p className={styles.intro}>{t('shared.intro')}</p>
          {shared.data.description && <p>{shared.data.description}</p>}
          <CardMeta>
            {shared.data.subjectTitle && <span>{shared.data.subjectTitle}</span>}
            <span>{t('shared.cards', { count: shared.data.cardCount })}</span>
          </CardMeta>
          {copy.isError && (
            <Notice variant="error" role="alert">
              {copy.error instanceof ApiError && copy.error.description ? copy.error.description : t('set.error')}
            </Notice>
          )}
          <Button fullWidth isBusy={copy.isPending} busyLabel={t('shared.adding')} onClick={() => copy.mutate(token, { onSuccess: (set) => onCopied(set.id) })}>
            {t('shared.add')}
          </Button>
          {shared.data.cards.length > 0 && (
            <Section titleId="shared-preview" title={t('shared.preview')}>
              <CardList as="ol">
                {shared.data.cards.map((card, index) => (
                  <Card as="li" key={index} className={styles.faces}>
                    <Face label={t('set.front')} html={card.front.html} pictureUrl={card.front.pictureUrl} />
                    <Face label={t('set.backSide')} html={card.back.html} pictureUrl={card.back.pictureUrl} />
                  </Card>
                ))}
              </CardList>
            </Section>
          )}
        </>
      )}
    </div>
  );
}
