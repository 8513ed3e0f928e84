import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import type { MockExam, MockExamQuestion } from '@blok/contract/mockexam';
import { ANSWER_LABELS, MAX_TEXT_ANSWER_LENGTH } from '@blok/contract/questions';
import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { Dialog } from '../../../components/ui/dialog/dialog.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { Markdown } from '../../../components/markdown/markdown.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar/progress-bar.tsx';
import { useAnswerQuestion } from '../api/answer-question.ts';
import { useFinishMockExam } from '../api/finish-exam.ts';
import { formatClock, useCountdown } from '../hooks/use-countdown.ts';
import styles from './mockexam.module.css';
import { RuleAnswerInput } from '../../../components/question-answer/rule-answer.tsx';
import { draftBody, draftGiven, draftOf, draftProblem, draftResponse, type RuleDraft } from '../../../components/question-answer/draft.ts';
import type { AnswerInput } from '../api/answer-question.ts';

const QUESTION_HEADING_ID = 'mockexam-question-heading';
const label = (index: number) => ANSWER_LABELS[index] ?? String(index + 1);
/** She gave an answer: picks, or a text. */
const isGiven = (q: MockExamQuestion) => q.pickedAnswerIds.length > 0 || q.textAnswer !== null || q.response !== null;
/** How long she may pause typing before her text is stored (it is also stored when she leaves the field). */
const TEXT_SAVE_DELAY_MS = 1500;

/**
 * Her written answer to an open question: stored when she leaves the field or pauses typing, not
 * evaluated until she hands in (then she compares it with the model answer herself).
 */
function OpenAnswer({ question, onSave }: { question: MockExamQuestion; onSave: (text: string) => void }) {
  const { t } = useTranslation('mockexam');
  const id = useId();
  const [draft, setDraft] = useState(question.textAnswer ?? '');
  const stored = useRef(question.textAnswer ?? '');
  const save = () => {
    if (draft.trim() === stored.current.trim()) return;
    stored.current = draft;
    onSave(draft);
  };
  const saveLater = useEffectEvent(save);
  useEffect(() => {
    const timer = setTimeout(saveLater, TEXT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft]);
  // Leaving the question some other way still keeps what she wrote.
  useEffect(() => () => saveLater(), []);
  return (
    <div className={styles.open}>
      <label className={styles.openLabel} htmlFor={id}>
        {t('exam.yourAnswer')}
      </label>
      <p id={`${id}-hint`} className={styles.muted}>
        {t('exam.openHint')}
      </p>
      <textarea
        id={id}
        className={styles.textarea}
        value={draft}
        maxLength={MAX_TEXT_ANSWER_LENGTH}
        rows={6}
        aria-describedby={`${id}-hint`}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={save}
      />
    </div>
  );
}

/**
 * Her answer to a question of issue 40's types: a typed or numeric text and a cloze's gaps are stored
 * when she pauses or leaves the field, an ordering's move and a matching's choice at once. Nothing is
 * evaluated until she hands in; a number the app cannot read is not stored, and she is told.
 */
function RuleExamAnswer({ question, onSave }: { question: MockExamQuestion; onSave: (input: Omit<Extract<AnswerInput, { response: unknown }>, 'examId' | 'position'>) => void }) {
  const interaction = question.interaction!;
  const [draft, setDraft] = useState<RuleDraft>(() => draftOf(interaction, question.response));
  const [problem, setProblem] = useState<string | null>(null);
  const stored = useRef(JSON.stringify(draftBody(question.type, draft)));
  const save = (d: RuleDraft) => {
    const body = draftBody(question.type, d);
    if (JSON.stringify(body) === stored.current) return;
    const given = draftGiven(question.type, d);
    const missing = given ? draftProblem(question.type, interaction, d) : null;
    if (missing === 'notANumber') {
      setProblem(missing);
      return;
    }
    setProblem(null);
    stored.current = JSON.stringify(body);
    onSave({ ...body, response: given ? draftResponse(question.type, d) : null });
  };
  const typing = question.type === 'TYPED' || question.type === 'NUMERIC' || question.type === 'CLOZE';
  const saveLater = useEffectEvent(() => save(draft));
  useEffect(() => {
    if (!typing) return;
    const timer = setTimeout(saveLater, TEXT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, typing]);
  useEffect(() => () => saveLater(), []);
  return (
    <div
      className={styles.open}
      onBlur={(event) => {
        if (typing && !event.currentTarget.contains(event.relatedTarget as Node | null)) save(draft);
      }}
    >
      <RuleAnswerInput
        type={question.type}
        interaction={interaction}
        draft={draft}
        problem={problem}
        onChange={(d) => {
          setDraft(d);
          if (!typing) save(d);
        }}
      />
    </div>
  );
}

/** The visible clock, and a polite live region that speaks at the start and at 10, 5 and 1 minutes. */
function ExamTimer({ exam, onExpire }: { exam: MockExam; onExpire: () => void }) {
  const { t } = useTranslation('mockexam');
  const { secondsLeft, announcedMinutes, expired } = useCountdown(exam.secondsLeft, onExpire);
  const startMinutes = Math.round(exam.secondsLeft / 60);
  const announcement = expired
    ? t('exam.timeUp')
    : announcedMinutes !== null
      ? t('exam.announceMinutes', { count: announcedMinutes })
      : t('exam.announceStart', { count: startMinutes });
  return (
    <>
      {/* role=timer is not live: the countdown is read when she moves to it, not every second */}
      <div role="timer" aria-label={t('exam.timerLabel')} className={styles.timer} data-low={secondsLeft <= 60 || undefined}>
        <span aria-hidden="true">{formatClock(secondsLeft)}</span>
        <span className="visually-hidden">{t('exam.timeLeft', { time: formatClock(secondsLeft) })}</span>
      </div>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
    </>
  );
}

/** Answering an open mock exam: one question at a time, no evaluation, the clock, hand in. */
export function MockExamTaking({ exam }: { exam: MockExam }) {
  const { t } = useTranslation(['mockexam', 'common']);
  const [position, setPosition] = useState(() => Math.max(0, exam.questions.findIndex((q) => !isGiven(q))));
  const [confirming, setConfirming] = useState(false);
  const answer = useAnswerQuestion();
  const finish = useFinishMockExam();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const question = exam.questions[position]!;
  const total = exam.questions.length;
  const unanswered = total - exam.answeredCount;

  useEffect(() => {
    // Moving to another question puts her at its heading (not on the first load).
    if (moved.current) headingRef.current?.focus();
    moved.current = true;
  }, [position]);

  // Her latest pick, shown in the same event: the query cache tells its observers a tick later, and
  // a controlled radio would flip back meanwhile (and be read out unchecked). It speaks only until
  // the cache has a newer exam (the optimistic one, or the rollback after a refusal).
  const [latest, setLatest] = useState<{ base: MockExam; position: number; ids: string[] } | null>(null);
  const picked = latest && latest.base === exam && latest.position === question.position ? latest.ids : question.pickedAnswerIds;
  const choose = (ids: string[]) => {
    setLatest({ base: exam, position: question.position, ids });
    answer.save({ examId: exam.id, position: question.position, answerIds: ids });
  };
  const pick = (answerId: string, checked: boolean) =>
    choose(question.multipleAnswers ? (checked ? [...picked, answerId] : picked.filter((id) => id !== answerId)) : [answerId]);
  const handIn = () => {
    if (!finish.isPending) finish.mutate(exam.id);
  };

  return (
    <div className={styles.exam}>
      <header className={styles.examHeader}>
        <div className={styles.examHeaderRow}>
          <h1 className={styles.examTitle}>{t('exam.title', { subject: exam.subjectTitle })}</h1>
          <ExamTimer exam={exam} onExpire={handIn} />
        </div>
        <ProgressBar value={(exam.answeredCount / total) * 100} label={t('exam.progressLabel')} valueText={t('exam.progressValue', { answered: exam.answeredCount, count: total })} />
        {/* The bar says how many are answered; a screen reader hears the counter alone, not the two run
            together ("Vraag 1 van 10 0 van 10 beantwoord" was heard as "Vraag 1 van 100 van 10 …"). */}
        <p className={styles.muted}>
          {t('exam.counter', { number: position + 1, total })}
          <span aria-hidden="true">
            {' · '}
            {t('exam.answered', { answered: exam.answeredCount, total })}
          </span>
        </p>
      </header>

      <article className={styles.card} aria-labelledby={QUESTION_HEADING_ID}>
        <h2 id={QUESTION_HEADING_ID} ref={headingRef} tabIndex={-1} className={styles.questionLabel}>
          {t('exam.questionLabel', { number: position + 1 })}
        </h2>
        {question.pictureUrl && <img className={styles.picture} src={question.pictureUrl} alt={t('exam.pictureAlt', { number: position + 1 })} />}
        <div className={styles.questionText}>
          {/* a cloze's sentence is the gaps below; its text above is the instruction */}
          <Markdown text={question.type === 'CLOZE' ? question.questionText.split('\n\n')[0]! : question.questionText} />
        </div>
        {question.interaction ? (
          <RuleExamAnswer key={question.position} question={question} onSave={(input) => answer.save({ examId: exam.id, position: question.position, ...input })} />
        ) : question.type === 'OPEN' ? (
          <OpenAnswer key={question.position} question={question} onSave={(textAnswer) => answer.save({ examId: exam.id, position: question.position, textAnswer })} />
        ) : (
          <fieldset className={styles.fieldset} key={question.position}>
            <legend className="visually-hidden">{t('exam.answersLabel', { number: position + 1 })}</legend>
            <p className={styles.muted}>{question.multipleAnswers ? t('exam.pickMany') : t('exam.pickOne')}</p>
            {question.answers.map((a, index) => {
              const checked = picked.includes(a.id);
              return (
                <label key={a.id} className={styles.option} data-checked={checked || undefined}>
                  <input
                    type={question.multipleAnswers ? 'checkbox' : 'radio'}
                    name={`question-${question.position}`}
                    value={a.id}
                    checked={checked}
                    onChange={(event) => pick(a.id, event.target.checked)}
                  />
                  <span className={styles.letter} aria-hidden="true">
                    {label(index)}
                  </span>
                  <span className="visually-hidden">{label(index)}. </span>
                  <Markdown text={a.answerText} phrasing className={styles.optionText} />
                </label>
              );
            })}
          </fieldset>
        )}
        {question.type === 'SELECT' && picked.length > 0 && (
          <Button variant="ghost" size="sm" onClick={() => choose([])}>
            {t('exam.clear')}
          </Button>
        )}
        {answer.isError && (
          <Notice variant="error" role="alert">
            {t('exam.saveError')}
          </Notice>
        )}
      </article>

      <div className={styles.navRow}>
        <Button variant="secondary" onClick={() => setPosition((p) => p - 1)} disabled={position === 0}>
          {t('exam.previous')}
        </Button>
        <Button variant="secondary" onClick={() => setPosition((p) => p + 1)} disabled={position === total - 1}>
          {t('exam.next')}
        </Button>
      </div>

      <nav aria-label={t('exam.overview')} className={styles.overview}>
        <ul className={styles.overviewGrid}>
          {exam.questions.map((q) => {
            const done = isGiven(q);
            return (
              <li key={q.position}>
                <button
                  type="button"
                  className={styles.overviewButton}
                  data-answered={done || undefined}
                  aria-current={q.position === position ? 'step' : undefined}
                  aria-label={t(done ? 'exam.goToAnswered' : 'exam.goToOpen', { number: q.position + 1 })}
                  onClick={() => setPosition(q.position)}
                >
                  {q.position + 1}
                </button>
              </li>
            );
          })}
        </ul>
      </nav>

      <Button fullWidth onClick={() => setConfirming(true)}>
        {t('exam.handIn')}
      </Button>
      {finish.isError && (
        <Notice variant="error" role="alert">
          {t('exam.handInError')}
        </Notice>
      )}

      <Dialog open={confirming} onOpenChange={setConfirming} title={t('exam.handInTitle')} description={t('exam.handInText', { count: unanswered })}>
        <Button
          fullWidth
          isBusy={finish.isPending}
          busyLabel={t('exam.handingIn')}
          onClick={() => {
            handIn();
          }}
        >
          {t('exam.handInConfirm')}
        </Button>
        <Button fullWidth variant="secondary" onClick={() => setConfirming(false)}>
          {t('exam.handInCancel')}
        </Button>
      </Dialog>
    </div>
  );
}
