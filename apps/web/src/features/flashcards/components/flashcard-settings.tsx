import { Fragment, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import type { FlashcardOverview, FlashcardSession, StartFlashcardSessionBody } from '@blok/contract/flashcards';
import { paths } from '../../../config/paths.ts';
import { Button, ButtonLink } from '../../../components/ui/button/button.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useFlashcardOverview } from '../api/get-overview.ts';
import { useStartFlashcardSession } from '../api/start-session.ts';
import { BackLink } from '../../../components/ui/back-link/back-link.tsx';
import { LoadingRow } from '../../../components/ui/loading-row/loading-row.tsx';
import { ChoiceOption, SettingsFieldset, SettingsForm } from '../../../components/ui/settings/settings.tsx';
import styles from './flashcards.module.css';

/** What she practises: one set (by id) or her favorites. */
export type FlashcardChoice = { kind: 'set'; flashcardSetId?: string } | { kind: 'favorites' };

type FlashcardSettingsProps = {
  subjectId: string;
  choice: FlashcardChoice;
  onStarted: (session: FlashcardSession) => void;
};

/**
 * Flashcard settings (/bibliotheek/flashcards-settings/{subjectId}/{flashcardSetId?} and
 * .../favorites): the set or her favorites, order, which side first, only the cards she does not
 * know yet; 'Start' begins a session.
 */
export function FlashcardSettings({ subjectId, choice, onStarted }: FlashcardSettingsProps) {
  const { t } = useTranslation(['flashcards', 'common']);
  const overview = useFlashcardOverview(subjectId);
  const notFound = overview.error instanceof ApiError && overview.error.status === 404;
  return (
    <div className={styles.page}>
      <BackLink to={paths.library.flashcardsOverview.getHref(subjectId)}>
        {t('settings.back')}
      </BackLink>
      <h1 className={styles.title}>{choice.kind === 'favorites' ? t('settings.favoritesTitle') : t('settings.title')}</h1>
      {overview.isPending && (
        <LoadingRow label={t('common:loading')} spinnerSize={24} />
      )}
      {overview.isError && (
        <>
          <Notice variant="error" role="alert">
            {notFound ? t('overview.notFound') : t('overview.loadError')}
          </Notice>
          {notFound && (
            <ButtonLink to={paths.library.root.getHref()} variant="secondary">
              {t('overview.toLibrary')}
            </ButtonLink>
          )}
        </>
      )}
      {overview.data &&
        (overview.data.sets.length === 0 ? (
          <Notice>{t('overview.noSets')}</Notice>
        ) : (
          <FlashcardSettingsForm overview={overview.data} choice={choice} onStarted={onStarted} />
        ))}
    </div>
  );
}

const FAVORITES = 'favorites';

type SettingsFormProps = {
  overview: FlashcardOverview;
  choice: FlashcardChoice;
  onStarted: (session: FlashcardSession) => void;
  /** starts the session another way (her own set's call); the subject's call by default */
  startWith?: (body: StartFlashcardSessionBody) => Promise<FlashcardSession>;
  /** where 'Ga verder waar je was' leads; the subject's session route by default */
  sessionHref?: (sessionId: string, flashcardSetId: string | undefined) => string;
};

/**
 * The settings form: the set or her favorites, order, first side, only unknown cards. The subject's
 * settings screen uses it, and so does her own set (decision 023) with its own start call.
 */
export function FlashcardSettingsForm({ overview, choice, onStarted, startWith, sessionHref }: SettingsFormProps) {
  const { t } = useTranslation('flashcards');
  const requestedSet = choice.kind === 'set' ? choice.flashcardSetId : undefined;
  const unknownSet = requestedSet !== undefined && !overview.sets.some((s) => s.id === requestedSet);
  const initial = choice.kind === 'favorites' ? FAVORITES : unknownSet || !requestedSet ? overview.sets[0]!.id : requestedSet;
  const [source, setSource] = useState<string>(initial);
  const [order, setOrder] = useState<'written' | 'shuffled'>('written');
  const [firstSide, setFirstSide] = useState<'front' | 'back'>('front');
  const [onlyUnknown, setOnlyUnknown] = useState(false);
  const start = useStartFlashcardSession({ onSuccess: onStarted, ...(startWith ? { startWith } : {}) });

  const chosenSet = overview.sets.find((s) => s.id === source);
  const cardCount = chosenSet ? chosenSet.cardCount : overview.favorites.cardCount;
  const knownCount = chosenSet ? chosenSet.knownCount : overview.favorites.knownCount;
  const unknownCount = cardCount - knownCount;
  const openSessionId = chosenSet ? chosenSet.sessionId : overview.favorites.sessionId;
  const canStart = cardCount > 0 && (!onlyUnknown || unknownCount > 0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canStart) return;
    start.mutate({
      subjectId: overview.subjectId,
      source: chosenSet ? 'set' : 'favorites',
      ...(chosenSet ? { flashcardSetId: chosenSet.id } : {}),
      order,
      firstSide,
      onlyUnknown,
    });
  };

  const radio = (name: string, value: string, checked: boolean, onChange: () => void, title: string, meta: string, disabled = false) => (
    <ChoiceOption type="radio" name={name} value={value} checked={checked} onChange={onChange} disabled={disabled} title={title} meta={meta} />
  );

  return (
    <SettingsForm onSubmit={submit} noValidate>
      {unknownSet && (
        <Notice variant="warning" role="alert">
          {t('settings.setNotFound')}
        </Notice>
      )}
      <p className={styles.intro}>{t('settings.intro')}</p>

      <SettingsFieldset legend={t('settings.setLegend')}>
        {radio(
          'source',
          FAVORITES,
          source === FAVORITES,
          () => setSource(FAVORITES),
          t('settings.favoritesOption'),
          overview.favorites.cardCount > 0 ? t('settings.favoritesMeta', { count: overview.favorites.cardCount }) : t('settings.favoritesNone'),
          overview.favorites.cardCount === 0,
        )}
        {overview.sets.map((set) => (
          <Fragment key={set.id}>
            {radio('source', set.id, source === set.id, () => setSource(set.id), set.title, `${t('overview.cardCount', { count: set.cardCount })} · ${t('overview.known', { known: set.knownCount, total: set.cardCount })}`)}
          </Fragment>
        ))}
      </SettingsFieldset>

      <SettingsFieldset legend={t('settings.orderLegend')}>
        {radio('order', 'written', order === 'written', () => setOrder('written'), t('settings.written'), t('settings.writtenMeta'))}
        {radio('order', 'shuffled', order === 'shuffled', () => setOrder('shuffled'), t('settings.shuffled'), t('settings.shuffledMeta'))}
      </SettingsFieldset>

      <SettingsFieldset legend={t('settings.sideLegend')}>
        {radio('side', 'front', firstSide === 'front', () => setFirstSide('front'), t('settings.sideFront'), t('settings.sideFrontMeta'))}
        {radio('side', 'back', firstSide === 'back', () => setFirstSide('back'), t('settings.sideBack'), t('settings.sideBackMeta'))}
      </SettingsFieldset>

      <ChoiceOption
        type="checkbox"
        checked={onlyUnknown}
        onChange={(e) => setOnlyUnknown(e.target.checked)}
        title={t('settings.onlyUnknown')}
        meta={t('settings.onlyUnknownMeta', { count: unknownCount })}
      />

      {start.isError && (
        <Notice variant="error" role="alert">
          {start.error instanceof ApiError && start.error.description ? start.error.description : t('settings.startError')}
        </Notice>
      )}

      <div className={styles.actions}>
        <Button type="submit" fullWidth disabled={!canStart || start.isPending}>
          {start.isPending ? t('settings.starting') : t('settings.start')}
        </Button>
        {openSessionId && (
          <ButtonLink
            to={sessionHref ? sessionHref(openSessionId, chosenSet?.id) : paths.library.flashcards.getHref(openSessionId, overview.subjectId, chosenSet?.id)}
            variant="secondary"
            fullWidth
          >
            {t('settings.continue')}
          </ButtonLink>
        )}
      </div>
    </SettingsForm>
  );
}
