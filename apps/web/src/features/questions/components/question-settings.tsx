import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { ANSWER_DISPLAYING_IN_BETWEEN, type QuestionListSummary } from '@blok/contract/questions';
import { Button, ButtonLink } from '../../../components/ui/button/button.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { MissingItem } from '../../../components/ui/missing-item/missing-item.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useQuestionLists } from '../api/get-question-lists.ts';
import { useStartSession } from '../api/start-session.ts';
import { BackLink } from '../../../components/ui/back-link/back-link.tsx';
import { LoadingRow } from '../../../components/ui/loading-row/loading-row.tsx';
import { ChoiceOption, SettingsFieldset, SettingsForm as SettingsFormBlock } from '../../../components/ui/settings/settings.tsx';
import styles from './question-settings.module.css';

type QuestionSettingsProps = {
  subjectId: string;
  /** the list she came for, chosen at the start */
  questionListId?: string;
  backTo: string;
  /** href of an open session, to continue it */
  sessionHref: (sessionId: string, questionListId: string) => string;
  onStarted: (sessionId: string, questionListId: string | undefined) => void;
};

/**
 * Question settings (/bibliotheek/question-settings/{subjectId}/{questionListId?}): which lists,
 * recommended or all questions, and whether answers show in between; 'Start' begins a session.
 */
export function QuestionSettings({ subjectId, questionListId, backTo, sessionHref, onStarted }: QuestionSettingsProps) {
  const { t } = useTranslation(['questions', 'common']);
  const lists = useQuestionLists(subjectId);
  const listKnown = !questionListId || Boolean(lists.data?.questionLists.some((l) => l.id === questionListId));

  return (
    <div className={styles.page}>
      <BackLink to={backTo}>
        {t('settings.back')}
      </BackLink>
      <h1 className={styles.title}>{t('settings.title')}</h1>
      {lists.isPending && (
        <LoadingRow label={t('common:loading')} spinnerSize={24} />
      )}
      {lists.isError &&
        (lists.error instanceof ApiError && lists.error.status === 404 ? (
          <MissingItem message={t('settings.notFound')} ways={[{ to: paths.library.root.getHref(), label: t('common:toLibrary') }]} />
        ) : (
          <Notice variant="error" role="alert">
            {t('settings.error')}
          </Notice>
        ))}
      {lists.data &&
        (lists.data.questionLists.length === 0 ? (
          <>
            <p className={styles.intro}>{lists.data.subjectTitle}</p>
            <Notice>{t('settings.empty')}</Notice>
          </>
        ) : (
          <>
            {/* The list she came for is not (or no longer) the subject's: say so; the subject's lists follow. */}
            {!listKnown && (
              <Notice variant="warning" role="alert">
                {t('settings.listNotFound')}
              </Notice>
            )}
            <SettingsForm
              subjectTitle={lists.data.subjectTitle}
              lists={lists.data.questionLists}
              initialListId={listKnown ? questionListId : undefined}
              sessionHref={sessionHref}
              onStarted={onStarted}
            />
          </>
        ))}
    </div>
  );
}

function SettingsForm({
  subjectTitle,
  lists,
  initialListId,
  sessionHref,
  onStarted,
}: {
  subjectTitle: string;
  lists: QuestionListSummary[];
  initialListId: string | undefined;
  sessionHref: QuestionSettingsProps['sessionHref'];
  onStarted: QuestionSettingsProps['onStarted'];
}) {
  const { t } = useTranslation(['questions', 'common']);
  const errorId = useId();
  const initial = lists.find((l) => l.id === initialListId) ?? lists[0]!;
  const [chosen, setChosen] = useState<string[]>([initial.id]);
  const [mode, setMode] = useState<'recommended' | 'all'>('recommended');
  const [showAnswersChoice, setShowAnswersChoice] = useState<boolean | null>(null);
  const [error, setError] = useState('');
  // Coming for one list, she sees that list; the others are one tap away.
  const [showAllLists, setShowAllLists] = useState(!initialListId || lists.length <= 1);
  const start = useStartSession();

  const selected = lists.filter((l) => chosen.includes(l.id));
  // The list she came for leads; otherwise the first chosen one.
  const primary = selected.find((l) => l.id === initialListId) ?? selected[0];
  const showAnswers = showAnswersChoice ?? (primary ? primary.answerDisplaying === ANSWER_DISPLAYING_IN_BETWEEN : true);
  const recommendedCount = selected.reduce((n, l) => n + l.recommendedQuestions, 0);
  const allCount = selected.reduce((n, l) => n + l.totalQuestions, 0);
  const resumable = selected.length === 1 && primary?.sessionId ? primary : null;

  const toggle = (id: string) => {
    setError('');
    setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!primary) {
      setError(t('settings.chooseOne'));
      document.getElementById(`list-${lists[0]!.id}`)?.focus();
      return;
    }
    const others = selected.filter((l) => l.id !== primary.id).map((l) => l.id);
    start.mutate(
      {
        questionListId: primary.id,
        mode,
        body: { showAnswers, ...(others.length > 0 ? { questionListIds: others } : {}) },
      },
      { onSuccess: (data) => onStarted(data.id, others.length > 0 ? undefined : primary.id) },
    );
  };

  return (
    <SettingsFormBlock onSubmit={submit} noValidate>
      <p className={styles.intro}>{t('settings.intro', { subject: subjectTitle })}</p>

      <SettingsFieldset legend={t('settings.listsLegend')} className={styles.fieldset} aria-describedby={error ? errorId : undefined}>
        <p className={styles.hint}>{t('settings.listsHint')}</p>
        <ul className={styles.options}>
          {lists.filter((l) => showAllLists || chosen.includes(l.id) || l.id === initial.id).map((l) => (
            <li key={l.id}>
              <ChoiceOption
                id={`list-${l.id}`}
                type="checkbox"
                checked={chosen.includes(l.id)}
                onChange={() => toggle(l.id)}
                title={l.title}
                meta={
                  <>
                    {t('settings.listMeta', { count: l.totalQuestions })}
                    {l.progress > 0 && ` · ${t('settings.listProgress', { progress: l.progress })}`}
                  </>
                }
              />
            </li>
          ))}
        </ul>
        {!showAllLists && (
          <button
            type="button"
            className={styles.moreLists}
            onClick={() => {
              setShowAllLists(true);
              // The button goes away: focus stays in the list, on the list she came for.
              requestAnimationFrame(() => document.getElementById(`list-${initial.id}`)?.focus());
            }}
          >
            {t('settings.moreLists', { count: lists.length - 1 })}
          </button>
        )}
        {error && (
          <p id={errorId} className={styles.error} role="alert">
            {error}
          </p>
        )}
      </SettingsFieldset>

      <SettingsFieldset legend={t('settings.modeLegend')} className={styles.fieldset}>
        <ul className={styles.options}>
          <li>
            <ChoiceOption
              type="radio"
              name="mode"
              checked={mode === 'recommended'}
              onChange={() => setMode('recommended')}
              title={t('settings.recommended')}
              meta={t('settings.recommendedMeta', { count: recommendedCount })}
            />
          </li>
          <li>
            <ChoiceOption type="radio" name="mode" checked={mode === 'all'} onChange={() => setMode('all')} title={t('settings.all')} meta={t('settings.allMeta', { count: allCount })} />
          </li>
        </ul>
      </SettingsFieldset>

      <SettingsFieldset legend={t('settings.answersLegend')} className={styles.fieldset}>
        <ChoiceOption
          type="checkbox"
          checked={showAnswers}
          onChange={(e) => setShowAnswersChoice(e.target.checked)}
          title={t('settings.showAnswers')}
          meta={showAnswers ? t('settings.showAnswersOn') : t('settings.showAnswersOff')}
        />
      </SettingsFieldset>

      {resumable && (
        <Notice title={t('settings.resumeTitle')}>
          <p>{t('settings.resumeText')}</p>
          <ButtonLink to={sessionHref(resumable.sessionId!, resumable.id)} variant="secondary" size="sm" className={styles.resume}>
            {t('settings.resume')}
          </ButtonLink>
        </Notice>
      )}

      <Button type="submit" fullWidth isBusy={start.isPending} busyLabel={t('settings.starting')}>
        {t('settings.start')}
      </Button>
    </SettingsFormBlock>
  );
}
