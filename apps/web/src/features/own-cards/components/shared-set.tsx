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

/**
 * /kaarten/gedeeld/{token}: a classmate's shared set; she adds a copy to her own sets. Once the
 * server says the link is revoked or unknown, only that shows: the set is gone from the cache too.
 */
export function SharedSetScreen({ token, onCopied }: { token: string; onCopied: (setId: string) => void }) {
  const { t } = useTranslation(['ownCards', 'common']);
  const shared = useSharedSet(token);
  const copy = useCopySharedSet();
  const view = shared.data;
  const set = view?.status === 'shared' ? view.set : null;
  // gone by the server's answer, or not loaded at all (another failure with nothing to show)
  const problem = view?.status === 'revoked' ? t('shared.revoked') : view?.status === 'not-found' ? t('shared.notFound') : shared.isError && !set ? t('shared.loadError') : null;
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{set?.title ?? t('shared.title')}</h1>
      {shared.isPending && (
        <LoadingRow label={t('common:loading')} spinnerSize={24} />
      )}
      {problem && (
        <>
          <Notice variant="error" role="alert">
            {problem}
          </Notice>
          <ButtonLink to={paths.ownCards.root.getHref()} variant="secondary">
            {t('shared.toMine')}
          </ButtonLink>
        </>
      )}
      {set && (
        <>
          <p className={styles.intro}>{t('shared.intro')}</p>
          {set.description && <p>{set.description}</p>}
          <CardMeta>
            {set.subjectTitle && <span>{set.subjectTitle}</span>}
            <span>{t('shared.cards', { count: set.cardCount })}</span>
          </CardMeta>
          {copy.isError && (
            <Notice variant="error" role="alert">
              {copy.error instanceof ApiError && copy.error.description ? copy.error.description : t('set.error')}
            </Notice>
          )}
          <Button fullWidth isBusy={copy.isPending} busyLabel={t('shared.adding')} onClick={() => copy.mutate(token, { onSuccess: (set) => onCopied(set.id) })}>
            {t('shared.add')}
          </Button>
          {set.cards.length > 0 && (
            <Section titleId="shared-preview" title={t('shared.preview')}>
              <CardList as="ol">
                {set.cards.map((card, index) => (
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
