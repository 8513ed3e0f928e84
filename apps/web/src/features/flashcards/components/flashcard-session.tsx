import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { MAX_REVIEW_DURATION_MS, type FlashcardSession, type FlashcardSessionCard, type FsrsRating } from '@blok/contract/flashcards';
import { paths } from '../../../config/paths.ts';
import { CheckIcon, CloseIcon, ArrowLeftIcon } from '../../../components/icons/icons.tsx';
import { Button, ButtonLink } from '../../../components/ui/button/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog/dialog.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useSwipe } from '../../../hooks/use-swipe.ts';
import { useFlashcardSession } from '../api/get-session.ts';
import { useAnswerFlashcard, useGoToFlashcard, useRateFlashcard, useRepeatUnknownFlashcards } from '../api/session-actions.ts';
import { useToggleFavorite } from '../api/toggle-favorite.ts';
import { useSessionKeys } from '../hooks/use-session-keys.ts';
import { describeInterval, formatInterval } from '../utils/format-interval.ts';
import { useTouchPrimary } from '../../../hooks/use-touch-primary.ts';
import { timeZone } from '../utils/time-zone.ts';
import { CrossIcon, FlipIcon, StarIcon } from './flashcards-icons.tsx';
import { SessionLoading, SessionStateBlock } from '../../../components/ui/session-state/session-state.tsx';
import styles from './flashcard-session.module.css';
import { ProgressBar } from '../../../components/ui/progress-bar/progress-bar.tsx';
import { ReportSlot } from '../../../components/report-slot/report-slot.tsx';
import { MAX_TYPED_CARD_ANSWER_LENGTH } from '@blok/contract/flashcards';
import { gradeCardAnswer, type TypedVerdict } from '@blok/domain/question-types';
import { readKey, writeKey } from '../../../lib/storage.ts';
import { useTypesetFormulas } from '../../../components/markdown/formulas.ts';

/** Her choice to type her answers (Anki's "type in the answer", issue 40), kept on this device. */
const TYPED_MODE_KEY = 'blok.flashcards.typed';

type FlashcardSessionScreenProps = {
  sessionId: string;
  subjectId: string;
  /** where 'Stoppen' and the end screen lead */
  exitTo: string;
  /** a new session replaced this one ('Herhaal de kaarten die je niet wist') */
  onSessionReplaced: (session: FlashcardSession) => void;
  /** where a session that cannot be loaded leads; the subject's flashcards by default */
  backTo?: string;
};

/**
 * The flashcard session (/bibliotheek/flashcards/{sessionId}/{subjectId}/{flashcardSetId?}), full
 * screen: flip by tap, click or Space; 'Wist ik' / 'Wist ik niet' by button, swipe or arrow key;
 * FSRS sessions rate with Opnieuw / Moeilijk / Goed / Makkelijk. Every answer is saved at once,
 * so she resumes where she was on any device.
 */
export function FlashcardSessionScreen({ sessionId, subjectId, exitTo, onSessionReplaced, backTo }: FlashcardSessionScreenProps) {
  const { t } = useTranslation(['flashcards', 'common']);
  const session = useFlashcardSession(sessionId);
  if (session.isPending) {
    return (
      <SessionLoading label={t('common:loading')} />
    );
  }
  if (session.isError) {
    const notFound = session.error instanceof ApiError && (session.error.status === 404 || session.error.status === 400);
    return (
      <SessionStateBlock>
        <h1 className={styles.heading}>{t('session.title')}</h1>
        <Notice variant="error" role="alert">
          {notFound ? t('session.notFound') : t('session.loadError')}
        </Notice>
        <ButtonLink to={backTo ?? paths.library.flashcardsOverview.getHref(subjectId)} variant="secondary">
          {t('session.toOverview')}
        </ButtonLink>
      </SessionStateBlock>
    );
  }
  const data = session.data;
  return data.finished ? (
    <EndScreen session={data} exitTo={exitTo} onSessionReplaced={onSessionReplaced} />
  ) : (
    <Study key={data.id} session={data} exitTo={exitTo} />
  );
}

function Study({ session, exitTo }: { session: FlashcardSession; exitTo: string }) {
  const { t } = useTranslation('flashcards');
  const navigate = useNavigate();
  const [stopOpen, setStopOpen] = useState(false);
  const card = session.cards[session.currentIndex]!;
  const total = session.cardCount;
  const current = session.currentIndex + 1;
  const progress = Math.round((session.currentIndex / Math.max(1, total)) * 100);

  return (
    <div className={styles.screen}>
      <header className={styles.header}>
        <div className={styles.topBar}>
          <Button variant="ghost" size="sm" className={styles.stop} icon={<CloseIcon size={20} />} onClick={() => setStopOpen(true)}>
            {t('session.stop')}
          </Button>
          <span className={styles.position}>{t('session.position', { current, total })}</span>
        </div>
        <h1 className={styles.heading}>{session.title}</h1>
        <ProgressBar value={progress} label={t('session.progressLabel')} />
      </header>

      <CardStep key={`${session.id}-${card.position}`} session={session} card={card} paused={stopOpen} />

      <Dialog
        open={stopOpen}
        onOpenChange={setStopOpen}
        title={t('session.stopTitle')}
        description={t('session.stopText', { current })}
      >
        <Button variant="danger" fullWidth onClick={() => navigate(exitTo)}>
          {t('session.stopConfirm')}
        </Button>
        <DialogClose asChild>
          <Button variant="secondary" fullWidth>
            {t('session.stopCancel')}
          </Button>
        </DialogClose>
      </Dialog>
    </div>
  );
}

const RATINGS: ReadonlyArray<{ rating: FsrsRating; key: 'again' | 'hard' | 'good' | 'easy' }> = [
  { rating: 1, key: 'again' },
  { rating: 2, key: 'hard' },
  { rating: 3, key: 'good' },
  { rating: 4, key: 'easy' },
];

const now = () => Date.now();

/** Plain text of a side's sanitized HTML, for the screen-reader announcement of a flip. */
function textOf(html: string): string {
  if (typeof DOMParser === 'undefined') return '';
  return (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

function CardStep({ session, card, paused }: { session: FlashcardSession; card: FlashcardSessionCard; paused: boolean }) {
  const { t } = useTranslation('flashcards');
  const [flipped, setFlipped] = useState(false);
  // When the card appeared: the review log keeps how long she looked at it.
  const shownAt = useRef(0);
  const flipRow = useRef<HTMLDivElement>(null);
  useEffect(() => {
    shownAt.current = now();
    // The buttons of the previous card are gone: keep keyboard focus in the session.
    if (document.activeElement === document.body) flipRow.current?.querySelector('button')?.focus();
  }, []);
  const answer = useAnswerFlashcard();
  const rate = useRateFlashcard();
  // Typing the answer (issue 40): the app judges it against the other side, as the server will.
  const [typedMode, setTypedMode] = useState(() => readKey(TYPED_MODE_KEY) === '1');
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState(false);
  const [checked, setChecked] = useState<{ answer: string; verdict: TypedVerdict } | null>(null);
  const typedId = useId();
  const goTo = useGoToFlashcard();
  const favorite = useToggleFavorite();
  const isReview = session.source === 'review';
  const busy = answer.isPending || rate.isPending || goTo.isPending;
  const error = answer.isError || rate.isError;

  // With 'back first' the card opens on its back; flipping shows the other side.
  const firstFace = session.firstSide === 'back' ? card.back : card.front;
  const secondFace = session.firstSide === 'back' ? card.front : card.back;
  const firstName = session.firstSide === 'back' ? t('session.back') : t('session.front');
  const secondName = session.firstSide === 'back' ? t('session.front') : t('session.back');
  const visibleName = flipped ? secondName : firstName;
  const announcement = useMemo(
    () => (flipped ? `${secondName}: ${textOf(secondFace.html)}` : ''),
    [flipped, secondName, secondFace.html],
  );

  const flip = () => setFlipped((f) => !f);
  const markKnown = (known: boolean) => {
    if (busy || isReview || (typedMode && !checked)) return;
    answer.mutate({
      sessionId: session.id,
      position: card.position,
      flashcardId: card.flashcardId,
      known: checked ? checked.verdict.status === 1 : known,
      ...(checked ? { typedAnswer: checked.answer } : {}),
    });
  };
  const checkTyped = () => {
    const text = typed.trim();
    if (!text) {
      setTypedError(true);
      return;
    }
    setTypedError(false);
    setChecked({ answer: text, verdict: gradeCardAnswer(text, textOf(secondFace.html)) });
    setFlipped(true);
  };
  const giveRating = (rating: FsrsRating) => {
    if (busy || !isReview || !flipped || card.scheduleVersion === null) return;
    rate.mutate({
      sessionId: session.id,
      position: card.position,
      flashcardId: card.flashcardId,
      rating,
      scheduleVersion: card.scheduleVersion,
      durationMs: Math.min(Math.max(0, now() - shownAt.current), MAX_REVIEW_DURATION_MS),
      timeZone: timeZone(),
    });
  };

  const swipe = useSwipe({
    onSwipeRight: () => (isReview ? giveRating(3) : typedMode ? undefined : markKnown(true)),
    onSwipeLeft: () => (isReview ? giveRating(1) : typedMode ? undefined : markKnown(false)),
    onTap: flip,
    disabled: busy || paused,
  });
  useSessionKeys(
    isReview
      ? { flip, rate: giveRating }
      : typedMode
        ? { flip }
        : { flip, known: () => markKnown(true), unknown: () => markKnown(false) },
    !paused,
  );

  // On a phone she has no arrow keys: the hints speak of tapping and swiping there.
  const touch = useTouchPrimary();
  const swipeHint = swipe.offsetX >= 50 ? 'known' : swipe.offsetX <= -50 ? 'unknown' : undefined;

  return (
    <div className={styles.study}>
      <div className={styles.cardTools}>
        <button
          type="button"
          className={styles.iconButton}
          aria-pressed={card.isFavorite}
          aria-label={t('session.favorite')}
          title={card.isFavorite ? t('session.favoriteOn') : t('session.favorite')}
          onClick={() => favorite.mutate({ flashcardId: card.flashcardId, isFavorite: !card.isFavorite, sessionId: session.id })}
        >
          <StarIcon size={24} filled={card.isFavorite} />
        </button>
        {!isReview && (
          <label className={styles.typedToggle}>
            <input
              type="checkbox"
              checked={typedMode}
              onChange={(e) => {
                setTypedMode(e.target.checked);
                writeKey(TYPED_MODE_KEY, e.target.checked ? '1' : '0');
              }}
            />
            {t('session.typedMode')}
          </label>
        )}
        {session.currentIndex > 0 && (
          <Button
            variant="ghost"
            size="sm"
            className={styles.previous}
            disabled={busy}
            icon={<ArrowLeftIcon size={18} />}
            onClick={() => goTo.mutate({ sessionId: session.id, position: session.currentIndex - 1 })}
          >
            {t('session.previous')}
          </Button>
        )}
      </div>

      <div
        className={styles.cardArea}
        {...swipe.handlers}
        data-testid="flashcard"
        data-swipe={swipeHint}
        style={{ transform: swipe.isDragging ? `translateX(${swipe.offsetX}px) rotate(${swipe.offsetX / 25}deg)` : undefined }}
      >
        <div
          className={styles.card}
          data-flipped={flipped || undefined}
          role="group"
          aria-roledescription="flashcard"
          aria-label={t('session.cardLabel', { current: session.currentIndex + 1, total: session.cardCount, side: visibleName })}
        >
          <div className={`${styles.face} ${styles.faceFirst}`} aria-hidden={flipped} inert={flipped}>
            <span className={styles.sideLabel}>{firstName}</span>
            <Face face={firstFace} sideName={firstName} />
          </div>
          <div className={`${styles.face} ${styles.faceSecond}`} aria-hidden={!flipped} inert={!flipped}>
            <span className={styles.sideLabel}>{secondName}</span>
            <Face face={secondFace} sideName={secondName} />
          </div>
        </div>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>

      <div className={styles.flipRow} ref={flipRow}>
        <Button variant="secondary" icon={<FlipIcon size={20} />} onClick={flip}>
          {isReview && !flipped ? t('session.showAnswer') : t('session.flip')}
        </Button>
        <p className={styles.hint}>{t(touch ? 'session.flipHintTouch' : 'session.flipHint')}</p>
      </div>

      {error && (
        <Notice variant="error" role="alert">
          {t('session.answerError')}
        </Notice>
      )}

      {isReview ? (
        flipped && card.intervals ? (
          <div className={styles.ratings} role="group" aria-label={t('session.ratingGroup')}>
            {RATINGS.map(({ rating, key }) => (
              <button
                key={key}
                type="button"
                className={styles.rating}
                data-rating={key}
                disabled={busy}
                aria-label={t('session.ratingLabel', { rating: t(`session.${key}`), interval: describeInterval(card.intervals![key], t) })}
                onClick={() => giveRating(rating)}
              >
                <span className={styles.ratingName}>{t(`session.${key}`)}</span>
                <span className={styles.ratingInterval}>{formatInterval(card.intervals![key], t)}</span>
              </button>
            ))}
          </div>
        ) : null
      ) : typedMode ? (
        checked ? (
          <div className={styles.typedResult}>
            <p role="status" className={styles.typedVerdict} data-right={checked.verdict.status === 1}>
              {checked.verdict.status !== 1 ? t('session.typedWrong') : checked.verdict.typo ? t('session.typedTypo') : t('session.typedRight')}
            </p>
            <p>{t('session.typedYours', { answer: checked.answer })}</p>
            <Button fullWidth disabled={busy} onClick={() => markKnown(checked.verdict.status === 1)}>
              {t('session.typedNext')}
            </Button>
          </div>
        ) : (
          <form
            className={styles.typedForm}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              checkTyped();
            }}
          >
            <label htmlFor={typedId} className={styles.typedLabel}>
              {t('session.typedLabel')}
            </label>
            <input
              id={typedId}
              className={styles.typedInput}
              type="text"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={MAX_TYPED_CARD_ANSWER_LENGTH}
              value={typed}
              aria-invalid={typedError || undefined}
              aria-describedby={typedError ? `${typedId}-error` : undefined}
              onChange={(e) => setTyped(e.target.value)}
            />
            {typedError && (
              <p id={`${typedId}-error`} className={styles.typedError} role="alert">
                {t('session.typedRequired')}
              </p>
            )}
            <Button type="submit" fullWidth disabled={busy}>
              {t('session.typedCheck')}
            </Button>
          </form>
        )
      ) : (
        <div className={styles.answers}>
          <button type="button" className={`${styles.answer} ${styles.unknown}`} disabled={busy} onClick={() => markKnown(false)}>
            <CrossIcon size={22} />
            <span>{t('session.unknown')}</span>
          </button>
          <button type="button" className={`${styles.answer} ${styles.known}`} disabled={busy} onClick={() => markKnown(true)}>
            <CheckIcon size={22} />
            <span>{t('session.known')}</span>
          </button>
        </div>
      )}
      <p className={styles.hint}>
        {isReview ? t(touch ? 'session.ratingSwipeHint' : 'session.ratingKeysHint') : t(touch ? 'session.swipeHint' : 'session.keysHint')}
      </p>
      {/* a mistake in the card goes to the authors of its subject (her own cards have no slot) */}
      <ReportSlot kind="flashcard" itemId={card.flashcardId} />
    </div>
  );
}

function Face({ face, sideName }: { face: FlashcardSessionCard['front']; sideName: string }) {
  const { t } = useTranslation('flashcards');
  const content = useRef<HTMLDivElement>(null);
  useTypesetFormulas(content, face.html);
  return (
    <div className={styles.faceBody}>
      {/* Sanitized at import by the API (Markdown -> allow-listed HTML). */}
      <div ref={content} className={styles.content} dangerouslySetInnerHTML={{ __html: face.html }} />
      {face.pictureUrl && <img className={styles.picture} src={face.pictureUrl} alt={t('session.pictureAlt', { side: sideName.toLowerCase() })} />}
    </div>
  );
}

function EndScreen({ session, exitTo, onSessionReplaced }: { session: FlashcardSession; exitTo: string; onSessionReplaced: (s: FlashcardSession) => void }) {
  const { t } = useTranslation('flashcards');
  const repeat = useRepeatUnknownFlashcards({ onSuccess: onSessionReplaced });
  const restart = useGoToFlashcard();
  const isReview = session.source === 'review';
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // She answered the last card: the end screen's heading takes the focus the buttons had.
    if (document.activeElement === document.body) heading.current?.focus();
  }, []);
  return (
    <div className={styles.end}>
      <h1 className={styles.heading} ref={heading} tabIndex={-1}>{isReview ? t('end.reviewTitle') : t('end.title')}</h1>
      <p className={styles.endText}>{isReview ? t('end.reviewText') : t('end.text', { count: session.cardCount, title: session.title })}</p>
      <dl className={styles.counts}>
        <div className={styles.count} data-kind="known">
          <dt>{t('end.knownCount')}</dt>
          <dd>{session.knownCount}</dd>
        </div>
        <div className={styles.count} data-kind="unknown">
          <dt>{t('end.unknownCount')}</dt>
          <dd>{session.unknownCount}</dd>
        </div>
      </dl>
      {session.unknownCount === 0 && <p className={styles.endText}>{t('end.allKnown')}</p>}
      <div className={styles.endActions}>
        {session.unknownCount > 0 && (
          <Button fullWidth disabled={repeat.isPending} onClick={() => repeat.mutate({ sessionId: session.id })}>
            {t('end.repeat', { count: session.unknownCount })}
          </Button>
        )}
        {!isReview && (
          <Button variant="secondary" fullWidth disabled={restart.isPending} onClick={() => restart.mutate({ sessionId: session.id, position: 0 })}>
            {t('end.restart')}
          </Button>
        )}
        <ButtonLink to={exitTo} variant={session.unknownCount > 0 ? 'ghost' : 'primary'} fullWidth>
          {t('end.toOverview')}
        </ButtonLink>
      </div>
    </div>
  );
}
