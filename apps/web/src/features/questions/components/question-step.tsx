import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import type { ParseKeys } from 'i18next';
import { MAX_TEXT_ANSWER_LENGTH, type Answer, type SessionOverview, type SessionQuestion } from '@blok/contract/questions';
import { nextUnanswered } from '@blok/domain/navigation';
import { isLocked, isUnanswered, type Assessment } from '@blok/domain/status';
import { Button } from '../../../components/ui/button/button.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import type { FlowAction } from '../hooks/use-session-flow.ts';
import { useAnswerKeys } from '../hooks/use-answer-keys.ts';
import { assetUrl } from '../utils/asset-url.ts';
import { answerLabel } from '../utils/labels.ts';
import { isInReview } from '../utils/session.ts';
import { FeedbackPanel } from './feedback-panel.tsx';
import { Markdown } from '../../../components/markdown/markdown.tsx';
import { Paragraphs } from './paragraphs.tsx';
import styles from './question-step.module.css';
import { ProgressBar } from '../../../components/ui/progress-bar/progress-bar.tsx';
import { ReportSlot } from '../../../components/report-slot/report-slot.tsx';
import { RuleAnswerInput } from '../../../components/question-answer/rule-answer.tsx';
import { draftBody, draftOf, draftProblem, type RuleDraft } from '../../../components/question-answer/draft.ts';
import { ChoiceOption, OptionMark, type OptionState } from '../../../components/question-answer/choice-option.tsx';

export const QUESTION_HEADING_ID = 'question-heading';
export const FEEDBACK_HEADING_ID = 'feedback-heading';

type QuestionStepProps = {
  overview: SessionOverview;
  question: SessionQuestion;
  onAction: (action: FlowAction) => void;
  isBusy: boolean;
  pendingAction: FlowAction | undefined;
  onQuit: () => void;
};

function optionState(answer: Answer, question: SessionQuestion): OptionState {
  if (!isLocked(question.isCorrect)) return 'idle';
  if (!question.revealed) return answer.isChecked ? 'picked' : 'idle';
  if (answer.isCorrect) return answer.isChecked ? 'correct' : 'missed';
  return answer.isChecked ? 'wrong' : 'idle';
}

/** True when no question that is still open follows this one: the way on is the overview. */
function isLastOpen(overview: SessionOverview, index: number): boolean {
  const statuses: number[] = [];
  for (const q of overview.questions) statuses[q.questionIndex] = q.isCorrect;
  return nextUnanswered(statuses, index) === null;
}

/**
 * The question answering screen (spec section 2): header with topic title, progress bar,
 * 'Vraag X van Y' and 'Sla over'; 'Oefenvraag N', picture, text, answers A to T; the feedback
 * panel; 'Stop met vragen beantwoorden'. Single-answer questions lock at the first pick;
 * multi-answer ones are confirmed with 'Bevestig antwoord'; open ones are sent, then assessed.
 */
export function QuestionStep({ overview, question, onAction, isBusy, pendingAction, onQuit }: QuestionStepProps) {
  const { t } = useTranslation(['questions', 'common']);
  const [selected, setSelected] = useState<string[]>([]);
  const [text, setText] = useState('');
  const [textError, setTextError] = useState('');
  const optionRefs = useRef<Array<HTMLButtonElement | HTMLInputElement | null>>([]);
  // issue 40's types: her answer while she writes it, and what is missing before it can be checked
  const [draft, setDraft] = useState<RuleDraft | null>(() => (question.interaction ? draftOf(question.interaction, question.response) : null));
  const [problem, setProblem] = useState<string | null>(null);
  const textId = useId();
  const hintId = useId();

  const locked = isLocked(question.isCorrect);
  const inReview = isInReview(question);
  const showFeedback = locked && question.revealed && !inReview;
  // Not while she grades her own open answer (review, 4): that question is answered, only unjudged.
  const canSkip = isUnanswered(question.isCorrect) && !inReview;
  const number = question.questionIndex + 1;
  const isLast = isLastOpen(overview, question.questionIndex);
  const isSelect = question.type === 'SELECT';
  const multiple = isSelect && question.multipleAnswers;
  const busyWith = (type: FlowAction['type']) => isBusy && pendingAction?.type === type;

  const answerWith = (answerIds: string[]) => onAction({ type: 'answer', question, answerIds });
  const toggle = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const confirmMultiple = () => {
    if (selected.length > 0 && !isBusy) answerWith(selected);
  };
  const sendText = () => {
    const trimmed = text.trim();
    if (!trimmed) {
      setTextError(t('open.required'));
      return;
    }
    setTextError('');
    onAction({ type: 'answer', question, textAnswer: trimmed });
  };
  const next = () => onAction({ type: 'next' });
  const checkRule = () => {
    if (!question.interaction || !draft || isBusy) return;
    const missing = draftProblem(question.type, question.interaction, draft);
    setProblem(missing);
    if (!missing) onAction({ type: 'answer', question, ...draftBody(question.type, draft) });
  };

  useAnswerKeys({
    enabled: isSelect && !isBusy,
    answerCount: question.answers.length,
    onLetter: (index) => {
      if (locked) return;
      const answer = question.answers[index];
      if (!answer) return;
      if (multiple) toggle(answer.id);
      optionRefs.current[index]?.focus();
    },
    onEnter: () => {
      if (showFeedback || (locked && !question.revealed)) next();
      else if (multiple && !locked) confirmMultiple();
    },
  });

  return (
    <div className={styles.step}>
      <header className={styles.header}>
        <h1 className={styles.topic}>{overview.title}</h1>
        <ProgressBar value={overview.progress} label={t('step.progressLabel')} valueText={t('step.counter', { number, total: overview.questionsCount })} />
        <div className={styles.meta}>
          {/* the bar above says it to a screen reader already */}
          <p className={styles.counter} aria-hidden="true">
            {t('step.counter', { number, total: overview.questionsCount })}
          </p>
          {canSkip && (
            <Button variant="ghost" size="sm" onClick={() => onAction({ type: 'skip' })} disabled={isBusy} isBusy={busyWith('skip')}>
              {t('step.skip')}
            </Button>
          )}
        </div>
        {overview.skippedMode && <p className={styles.modeNote}>{t('step.skippedMode')}</p>}
      </header>

      <article className={styles.card} aria-labelledby={QUESTION_HEADING_ID}>
        <h2 id={QUESTION_HEADING_ID} className={styles.label} tabIndex={-1}>
          {t('step.label', { number })}
        </h2>
        {question.pictureUrl && (
          <img className={styles.picture} src={assetUrl(question.pictureUrl)} alt={t('step.pictureAlt', { number })} />
        )}
        <div className={styles.text}>
          {/* a cloze's sentence is the gaps below; its text above is the instruction */}
          <Markdown text={question.type === 'CLOZE' ? question.questionText.split('\n\n')[0]! : question.questionText} />
        </div>
        {question.changedSinceAnswer && (
          <Notice variant="info" title={t('step.changedTitle')}>
            {t('step.changedText')}
          </Notice>
        )}

        {isSelect && !multiple && (
          <ul className={styles.answers} aria-label={t('step.answersLabel')}>
            {question.answers.map((answer, index) => (
              <li key={answer.id}>
                <ChoiceOption
                  ref={(el) => {
                    optionRefs.current[index] = el;
                  }}
                  index={index}
                  text={answer.answerText}
                  state={optionState(answer, question)}
                  disabled={locked || isBusy}
                  onPick={() => answerWith([answer.id])}
                />
              </li>
            ))}
          </ul>
        )}

        {multiple && (
          <fieldset className={styles.fieldset} aria-describedby={hintId} disabled={locked || isBusy}>
            <legend className={styles.visuallyHidden}>{t('step.answersLabel')}</legend>
            <p id={hintId} className={styles.hint}>
              {t('step.multipleHint')}
            </p>
            <ul className={styles.answers}>
              {question.answers.map((answer, index) => {
                const state = optionState(answer, question);
                const checked = locked ? answer.isChecked : selected.includes(answer.id);
                return (
                  <li key={answer.id}>
                    <label className={styles.option} data-state={state} data-checked={checked || undefined}>
                      <input
                        ref={(el) => {
                          optionRefs.current[index] = el;
                        }}
                        type="checkbox"
                        className={styles.checkbox}
                        checked={checked}
                        onChange={() => toggle(answer.id)}
                      />
                      <span className={styles.letter} aria-hidden="true">
                        {answerLabel(index)}
                      </span>
                      <span className={styles.visuallyHidden}>{t('step.answerPrefix', { letter: answerLabel(index) })}</span>
                      <Markdown className={styles.optionText} text={answer.answerText} phrasing />
                      <OptionMark state={state} />
                    </label>
                  </li>
                );
              })}
            </ul>
            {!locked && (
              <Button fullWidth onClick={confirmMultiple} disabled={selected.length === 0} isBusy={busyWith('answer')} busyLabel={t('common:loading')}>
                {t('step.confirm')}
              </Button>
            )}
          </fieldset>
        )}

        {question.interaction && draft && (
          <form
            className={styles.open}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              checkRule();
            }}
          >
            <RuleAnswerInput
              type={question.type}
              interaction={question.interaction}
              draft={locked ? draftOf(question.interaction, question.response) : draft}
              onChange={(d) => {
                setDraft(d);
                if (problem) setProblem(null);
              }}
              disabled={locked}
              expected={question.expected}
              problem={problem}
            />
            {!locked && (
              <Button type="submit" fullWidth isBusy={busyWith('answer')} busyLabel={t('common:loading')}>
                {t('types.check')}
              </Button>
            )}
          </form>
        )}

        {question.type === 'OPEN' && !locked && (
          <div className={styles.open}>
            <label className={styles.openLabel} htmlFor={textId}>
              {t('open.yourAnswer')}
            </label>
            <textarea
              id={textId}
              className={styles.textarea}
              value={text}
              maxLength={MAX_TEXT_ANSWER_LENGTH}
              rows={6}
              onChange={(e) => setText(e.target.value)}
              aria-invalid={textError ? true : undefined}
              aria-describedby={textError ? `${textId}-error` : undefined}
            />
            {textError && (
              <p id={`${textId}-error`} className={styles.error} role="alert">
                {textError}
              </p>
            )}
            <Button fullWidth onClick={sendText} isBusy={busyWith('answer')} busyLabel={t('common:loading')}>
              {t('open.send')}
            </Button>
          </div>
        )}

        {question.type === 'OPEN' && locked && question.textAnswer && (
          <div className={styles.ownAnswer}>
            <h3 className={styles.subheading}>{t('open.yourAnswer')}</h3>
            <Paragraphs text={question.textAnswer} />
          </div>
        )}
      </article>

      {inReview && question.revealed && (
        <OpenAssessment
          question={question}
          isBusy={isBusy}
          onAssess={(result) => onAction({ type: 'assess', question, result })}
          headingId={FEEDBACK_HEADING_ID}
        />
      )}

      {showFeedback && <FeedbackPanel question={question} isLast={isLast} onNext={next} isBusy={busyWith('next')} headingId={FEEDBACK_HEADING_ID} />}

      {locked && !question.revealed && (
        <Button fullWidth onClick={next} isBusy={busyWith('next')} busyLabel={t('common:loading')}>
          {isLast ? t('feedback.toOverview') : t('feedback.next')}
        </Button>
      )}

      <ReportSlot key={question.questionId} kind="question" itemId={question.questionId} />

      <footer className={styles.footer}>
        <button type="button" className={styles.quit} onClick={onQuit}>
          {t('step.quit')}
        </button>
      </footer>
    </div>
  );
}

const ASSESSMENTS: ReadonlyArray<{ value: Assessment; key: ParseKeys<'questions'> }> = [
  { value: 'goed', key: 'open.good' },
  { value: 'deels goed', key: 'open.partial' },
  { value: 'fout', key: 'open.wrong' },
];

/** An open answer in review: her answer beside the model answer, and her own verdict. */
function OpenAssessment({
  question,
  isBusy,
  onAssess,
  headingId,
}: {
  question: SessionQuestion;
  isBusy: boolean;
  onAssess: (result: Assessment) => void;
  headingId: string;
}) {
  const { t } = useTranslation(['questions', 'common']);
  return (
    <section className={styles.assess} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.assessHeading} tabIndex={-1}>
        {t('open.compareTitle')}
      </h3>
      {question.modelAnswer && (
        <div className={styles.model}>
          <h4 className={styles.subheading}>{t('open.modelAnswer')}</h4>
          <Markdown text={question.modelAnswer} />
        </div>
      )}
      <fieldset className={styles.assessChoices} disabled={isBusy}>
        <legend className={styles.assessLegend}>{t('open.assessQuestion')}</legend>
        <div className={styles.assessButtons}>
          {ASSESSMENTS.map((a) => (
            <Button key={a.value} variant="secondary" onClick={() => onAssess(a.value)}>
              {t(a.key)}
            </Button>
          ))}
        </div>
      </fieldset>
    </section>
  );
}
