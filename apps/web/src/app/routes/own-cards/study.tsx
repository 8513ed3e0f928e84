import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../config/paths.ts';
import { ArrowLeftIcon } from '../../../components/icons/icons.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { Spinner } from '../../../components/ui/spinner/spinner.tsx';
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
      <Link to={paths.ownCards.set.getHref(setId)} className={styles.back}>
        <ArrowLeftIcon size={18} />
        <span>{t('study.back')}</span>
      </Link>
      <h1 className={styles.title}>{set.data ? set.data.title : t('study.title')}</h1>
      {set.isPending && (
        <div className={styles.loading} role="status">
          <Spinner size={24} />
          <span>{t('common:loading')}</span>
        </div>
      )}
      {set.isError && (
        <Notice variant="error" role="alert">
          {t('set.notFound')}
        </Notice>
      )}
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
