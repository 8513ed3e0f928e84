import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n.ts';
import { ButtonLink, Button } from '../../../components/ui/button/button.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { restartList } from '../api/restart-list.ts';
import { startSession } from '../api/start-session.ts';
import { useSessionFlow, type FlowAction, type FlowOutcome } from '../hooks/use-session-flow.ts';
import { FEEDBACK_HEADING_ID, QUESTION_HEADING_ID, QuestionStep } from './question-step.tsx';
import { QuitDialog } from './quit-dialog.tsx';
import { RedoDialog } from './redo-dialog.tsx';
import { Results, RESULTS_HEADING_ID } from './results.tsx';
import { SessionLoading, SessionStateActions, SessionStateBlock } from '../../../components/ui/session-state/session-state.tsx';

type QuestionSessionProps = {
  sessionId: string;
  /** where quitting, 'Ga verder met studeren' and 'Annuleren' lead (the reader or the subject) */
  exitTo: string;
  /** after 'Opnieuw beginnen' of a list: the new session replaces this one */
  onSessionReplaced: (sessionId: string) => void;
};

const FOCUS_TARGET: Record<FlowOutcome, string> = {
  question: QUESTION_HEADING_ID,
  feedback: FEEDBACK_HEADING_ID,
  results: RESULTS_HEADING_ID,
};

/**
 * A practice session from first question to results: answering with feedback, skipping, the
 * review of skipped questions, the quit and redo popups. Focus follows each step: to the feedback
 * heading after an answer, to the question heading on a new question, to the results title.
 */
export function QuestionSession({ sessionId, exitTo, onSessionReplaced }: QuestionSessionProps) {
  const { t } = useTranslation(['questions', 'common']);
  const navigate = useNavigate();
  const flow = useSessionFlow(sessionId);
  const [quitOpen, setQuitOpen] = useState(false);
  const [redoOpen, setRedoOpen] = useState(false);
  // Each finished step asks for focus once; the effect gives it when the target is on screen. It
  // never takes her focus from where she put it meanwhile: a step shown before its call returned
  // (from the cache) may already have her in its answer field; only focus still where the step
  // started (the button she pressed), or gone with it, moves.
  const [focusRequest, setFocusRequest] = useState<{ outcome: FlowOutcome; id: number; from: Element | null } | null>(null);
  const handledFocus = useRef(0);
  const requestFocus = (outcome: FlowOutcome, from: Element | null = null) => setFocusRequest((r) => ({ outcome, id: (r?.id ?? 0) + 1, from }));

  useEffect(() => {
    if (!focusRequest || handledFocus.current === focusRequest.id) return;
    const target = document.getElementById(FOCUS_TARGET[focusRequest.outcome]);
    if (!target) return;
    handledFocus.current = focusRequest.id;
    const active = document.activeElement;
    const moved = active !== null && active !== document.body && active !== focusRequest.from && active.isConnected && focusRequest.from !== null;
    if (moved) return;
    target.focus({ preventScroll: true });
    // A new question or the results start at the top; the feedback panel is brought into the
    // middle of the screen, clear of the navigation bar.
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
    if (focusRequest.outcome === 'feedback') target.scrollIntoView?.({ block: 'center', behavior: reduceMotion ? 'auto' : 'smooth' });
    else window.scrollTo?.({ top: 0 });
  });

  const onAction = (action: FlowAction) => {
    const from = document.activeElement;
    flow.act(action).then((outcome) => requestFocus(outcome, from), () => {
      // The API client shows the error; the refetched session shows the real state.
    });
  };

  const redo = useMutation({
    mutationFn: async () => {
      const overview = flow.overview;
      if (!overview) return null;
      if (overview.questionListId === null) {
        await flow.act({ type: 'reset' });
        return null;
      }
      await restartList(overview.questionListId);
      const started = await startSession({
        questionListId: overview.questionListId,
        mode: overview.mode,
        body: { showAnswers: overview.showAnswers },
      });
      return started.id;
    },
    onSuccess: (newId) => {
      setRedoOpen(false);
      if (newId) onSessionReplaced(newId);
      else requestFocus('question');
    },
  });

  const exit = () => navigate(exitTo);

  if (flow.query.isPending) {
    return (
      <SessionStateBlock>
        <h1>{t('session.title')}</h1>
        <SessionLoading label={t('session.loading')} />
      </SessionStateBlock>
    );
  }

  if (flow.query.isError || !flow.overview) {
    // A malformed id (400) is as unknown as a missing one (404).
    const notFound = flow.query.error instanceof ApiError && (flow.query.error.status === 404 || flow.query.error.status === 400);
    return (
      <SessionStateBlock>
        <h1>{t('session.title')}</h1>
        <Notice variant="error" role="alert" title={notFound ? t('session.notFoundTitle') : t('session.errorTitle')}>
          {notFound ? t('session.notFound') : t('session.error')}
        </Notice>
        <SessionStateActions>
          {!notFound && (
            <Button onClick={() => void flow.query.refetch()} fullWidth>
              {t('common:retry')}
            </Button>
          )}
          <ButtonLink to={exitTo} variant="secondary" fullWidth>
            {t('session.back')}
          </ButtonLink>
        </SessionStateActions>
      </SessionStateBlock>
    );
  }

  const overview = flow.overview;
  return (
    <>
      {overview.finished || !overview.question ? (
        <Results
          overview={overview}
          onAction={onAction}
          isBusy={flow.isBusy}
          pendingAction={flow.pendingAction}
          onExit={exit}
          onRedo={() => setRedoOpen(true)}
        />
      ) : (
        <QuestionStep
          key={overview.question.id}
          overview={overview}
          question={overview.question}
          onAction={onAction}
          isBusy={flow.isBusy}
          pendingAction={flow.pendingAction}
          onQuit={() => setQuitOpen(true)}
        />
      )}
      <QuitDialog open={quitOpen} onOpenChange={setQuitOpen} onQuit={exit} />
      <RedoDialog
        open={redoOpen}
        onOpenChange={(open) => {
          if (!redo.isPending) setRedoOpen(open);
        }}
        onRedo={() => redo.mutate()}
        isBusy={redo.isPending}
      />
    </>
  );
}
