import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import type { FlashcardOverview, FlashcardSetSummary } from '@blok/contract/flashcards';
import { paths } from '../../../config/paths.ts';
import { Button, ButtonLink } from '../../../components/ui/button/button.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useFlashcardOverview } from '../api/get-overview.ts';
import { useStartFlashcardSession } from '../api/start-session.ts';
import { timeZone } from '../utils/time-zone.ts';
import { LoadingRow } from '../../../components/ui/loading-row/loading-row.tsx';
import { Card, CardActions, CardList, CardMeta, CardText, CardTitle } from '../../../components/ui/card/card.tsx';
import { Section } from '../../../components/ui/section/section.tsx';
import styles from './flashcards.module.css';
import { BackLink } from '../../../components/ui/back-link/back-link.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar/progress-bar.tsx';

/**
 * /bibliotheek/flashcards-overview/{subjectId}: the sets with counts and progress, favorites and
 * (FSRS) what is due today; `ownSets`: her own sets of the subject, which the route composes in.
 */
export function FlashcardsOverview({ subjectId, ownSets }: { subjectId: string; ownSets?: ReactNode }) {
  const { t } = useTranslation(['flashcards', 'common']);
  const overview = useFlashcardOverview(subjectId);
  const notFound = overview.error instanceof ApiError && overview.error.status === 404;
  return (
    <div className={styles.page}>
      <BackLink to={paths.library.subject.getHref(subjectId)}>
        {t('overview.back')}
      </BackLink>
      <h1 className={styles.title}>{t('overview.title')}</h1>
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
      {overview.data && <OverviewContent overview={overview.data} ownSets={ownSets} />}
    </div>
  );
}

function OverviewContent({ overview, ownSets }: { overview: FlashcardOverview; ownSets?: ReactNode }) {
  const { t } = useTranslation('flashcards');
  const { subjectId } = overview;
  return (
    <>
      <p className={styles.intro}>{t('overview.intro', { subject: overview.subjectTitle })}</p>
      {overview.review && <ReviewCard overview={overview} review={overview.review} />}

      <Section titleId="flashcards-favorites" title={t('overview.favoritesTitle')}>
        <Card>
          <CardText>
            {overview.favorites.cardCount > 0 ? t('overview.favoritesText', { count: overview.favorites.cardCount }) : t('overview.favoritesEmpty')}
          </CardText>
          {overview.favorites.cardCount > 0 && (
            <CardActions>
              <ButtonLink to={paths.library.flashcardsFavoritesSettings.getHref(subjectId)} variant="secondary">
                {t('overview.favoritesStudy')}
              </ButtonLink>
              {overview.favorites.sessionId && (
                <ButtonLink to={paths.library.flashcards.getHref(overview.favorites.sessionId, subjectId)} variant="ghost">
                  {t('overview.continue')}
                </ButtonLink>
              )}
            </CardActions>
          )}
        </Card>
      </Section>

      {/* her own sets before the subject's long list, where she finds them without scrolling past it */}
      {ownSets}

      <Section titleId="flashcards-sets" title={t('overview.setsTitle')}>
        {overview.sets.length === 0 ? (
          <Notice>{t('overview.noSets')}</Notice>
        ) : (
          <CardList>
            {overview.sets.map((set) => (
              <SetItem key={set.id} subjectId={subjectId} set={set} />
            ))}
          </CardList>
        )}
      </Section>
    </>
  );
}

function SetItem({ subjectId, set }: { subjectId: string; set: FlashcardSetSummary }) {
  const { t } = useTranslation('flashcards');
  return (
    <Card as="li">
      <CardTitle>{set.title}</CardTitle>
      <CardText>{set.description}</CardText>
      <CardMeta>
        <span>{t('overview.cardCount', { count: set.cardCount })}</span>
        <span>{t('overview.known', { known: set.knownCount, total: set.cardCount })}</span>
        {set.dueCount !== null && set.dueCount > 0 && <span className={styles.due}>{t('overview.due', { count: set.dueCount })}</span>}
      </CardMeta>
      <ProgressBar value={set.progress} label={t('overview.progressLabel', { title: set.title })} />
      <CardActions>
        <ButtonLink to={paths.library.flashcardsSettings.getHref(subjectId, set.id)} aria-label={t('overview.studyLabel', { title: set.title })}>
          {t('overview.study')}
        </ButtonLink>
        {set.sessionId && (
          <ButtonLink
            to={paths.library.flashcards.getHref(set.sessionId, subjectId, set.id)}
            variant="secondary"
            aria-label={t('overview.continueLabel', { title: set.title })}
          >
            {t('overview.continue')}
          </ButtonLink>
        )}
      </CardActions>
    </Card>
  );
}

/** FSRS on: due and new cards of today, and the button that starts (or continues) the review. */
function ReviewCard({ overview, review }: { overview: FlashcardOverview; review: NonNullable<FlashcardOverview['review']> }) {
  const { t } = useTranslation('flashcards');
  const navigate = useNavigate();
  const start = useStartFlashcardSession({
    onSuccess: (session) => navigate(paths.library.flashcards.getHref(session.id, overview.subjectId)),
  });
  const nothing = review.dueCount === 0 && review.newCount === 0;
  return (
    <Section titleId="flashcards-review" title={t('overview.reviewTitle')}>
      <Card highlight>
        <CardText>{t('overview.reviewText')}</CardText>
        <CardMeta>
          <span className={review.dueCount > 0 ? styles.due : undefined}>{t('overview.reviewDue', { count: review.dueCount })}</span>
          <span>{t('overview.reviewNew', { count: review.newCount })}</span>
        </CardMeta>
        {nothing && !review.sessionId ? (
          <CardText>{t('overview.reviewDone')}</CardText>
        ) : (
          <CardActions>
            {review.sessionId && (
              <ButtonLink to={paths.library.flashcards.getHref(review.sessionId, overview.subjectId)}>
                {t('overview.reviewContinue')}
              </ButtonLink>
            )}
            {/* One review at a time: an open one continues rather than drawing the same cards again. */}
            {!nothing && !review.sessionId && (
              <Button onClick={() => start.mutate({ subjectId: overview.subjectId, source: 'review', timeZone: timeZone() })} disabled={start.isPending}>
                {t('overview.reviewStart')}
              </Button>
            )}
          </CardActions>
        )}
      </Card>
    </Section>
  );
}
