import { useNavigate, useParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../config/paths.ts';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { MissingItem } from '../../../components/ui/missing-item/missing-item.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { LoadingRow } from '../../../components/ui/loading-row/loading-row.tsx';
import { BackLink } from '../../../components/ui/back-link/back-link.tsx';
import { FlashcardSettingsForm } from '../../../features/flashcards/components/flashcard-settings.tsx';
import { useOwnSet } from '../../../features/own-cards/api/get-own-set.ts';
import { startOwnSession } from '../../../features/own-cards/api/start-own-session.ts';
import { asFlashcardOverview } from '../../../features/own-cards/utils/as-flashcard-overview.ts';
import styles from './own-cards-route.module.css';

/**
 * /kaarten/{setId}/oefenen: the flashcards' settings form over her own set (the whole set or her
 * favorites in it, order, first side, only unknown); the session is the flashcards' own screen.
 */
export function Component() {
  const { setId = '' } = useParams();
  const { t } = useTranslation(['ownCards', 'common']);
  const navigate = useNavigate();
  const set = useOwnSet(setId);
  return (
    <div className={styles.page}>
      <BackLink to={paths.ownCards.set.getHref(setId)}>{t('study.back')}</BackLink>
      <h1 className={styles.title}>{set.data ? set.data.title : t('study.title')}</h1>
      {set.isPending && (
        <LoadingRow label={t('common:loading')} spinnerSize={24} />
      )}
      {set.isError &&
        (set.error instanceof ApiError && (set.error.status === 404 || set.error.status === 400) ? (
          <MissingItem message={t('set.notFound')} ways={[{ to: paths.ownCards.root.getHref(), label: t('set.toSets') }]} />
        ) : (
          <Notice variant="error" role="alert">
            {t('set.loadError')}
          </Notice>
        ))}
      {set.data && set.data.cardCount === 0 && <Notice>{t('set.noCards')}</Notice>}
      {set.data && set.data.cardCount > 0 && (
        <FlashcardSettingsForm
          key={set.data.id}
          overview={asFlashcardOverview(set.data)}
          choice={{ kind: 'set', flashcardSetId: set.data.id }}
          startWith={(body) => startOwnSession(setId, { source: body.source === 'favorites' ? 'favorites' : 'set', order: body.order, firstSide: body.firstSide, onlyUnknown: body.onlyUnknown })}
          sessionHref={(sessionId) => paths.ownCards.session.getHref(setId, sessionId)}
          onStarted={(session) => navigate(paths.ownCards.session.getHref(setId, session.id))}
        />
      )}
    </div>
  );
}
