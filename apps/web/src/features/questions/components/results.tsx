import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import type { ParseKeys } from 'i18next';
import type { SessionOverview, SessionQuestion } from '@blok/contract/questions';
import { Button } from '../../../components/ui/button/button.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { ChevronDownIcon, ChevronRightIcon } from '../../../components/icons/icons.tsx';
import type { FlowAction } from '../hooks/use-session-flow.ts';
import { assetUrl } from '../utils/asset-url.ts';
import { gradeTone } from '@blok/domain/grade';
import { statusKind } from '@blok/domain/status';
import { answerLabel } from '../utils/labels.ts';
import { openQuestionCount } from '../utils/session.ts';
import { GradeCircle } from './grade-circle.tsx';
import { Markdown } from '../../../components/markdown/markdown.tsx';
import { ExpectedAnswerView, RuleAnswerInput } from '../../../components/question-answer/rule-answer.tsx';
import { draftOf } from '../../../components/question-answer/draft.ts';
import { Paragraphs } from './paragraphs.tsx';
import { StatusIcon } from './status-icon.tsx';
import styles from './results.module.css';

export const RESULTS_HEADING_ID = 'results-heading';

type ResultsProps = {
  overview: SessionOverview;
  onAction: (action: FlowAction) => void;
  isBusy: boolean;
  pendingAction: FlowAction | undefined;
  /** back to where she came from (reader or subject) */
  onExit: () => void;
  onRedo: () => void;
};

/** Joins phrases the Dutch way: "a", "a en b", "a, b en c". */
function joinPhrases(parts: string[], and: string): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} ${and} ${parts.at(-1)}`;
}

/**
 * The results screen (spec section 2, 'Oefenvragen voltooid'): a summary sentence, the grade
 * circle, a success notification, a progress bar and a row per question. Answered rows open a
 * detail area; skipped and review rows lead to answering them.
 */
export function Results({ overview, onAction, isBusy, pendingAction, onExit, onRedo }: ResultsProps) {
  const { t } = useTranslation(['questions', 'common']);
  const open = openQuestionCount(overview);
  // answers to a question changed since are shown, but counted nowhere (decision 029)
  const total = overview.questionsCount - overview.changedAnswers;
  const tone = gradeTone(overview.grade);
  const busyWith = (type: FlowAction['type']) => isBusy && pendingAction?.type === type;

  const answered = overview.correctAnswers + overview.partialAnswers + overview.wrongAnswers;
  // Nothing answered yet (all skipped): say so, instead of "0 van de 5 goed" and "opgeslagen".
  const nothingYet = answered + overview.reviewAnswers === 0;
  const done = [t('results.partCorrect', { correct: overview.correctAnswers, count: total })];
  if (overview.partialAnswers > 0) done.push(t('results.partPartial', { count: overview.partialAnswers }));
  if (overview.wrongAnswers > 0) done.push(t('results.partWrong', { count: overview.wrongAnswers }));
  const summary = nothingYet ? t('results.nothingAnswered') : t('results.summary', { parts: joinPhrases(done, t('results.and')) });
  const pct = (n: number) => (total > 0 ? (100 * n) / total : 0);

  return (
    <div className={styles.results}>
      <header className={styles.header}>
        <h1 id={RESULTS_HEADING_ID} className={styles.title} tabIndex={-1}>
          {t('results.title')}
        </h1>
        <p className={styles.topic}>{overview.title}</p>
      </header>

      {nothingYet ? (
        <Notice variant="info" title={t('results.notice.nothing.title')}>
          {t('results.notice.nothing.text', { count: open })}
        </Notice>
      ) : (
        <Notice variant="success" title={t(`results.notice.${tone}.title`)}>
          {t(`results.notice.${tone}.text`, { count: open })}
        </Notice>
      )}

      <section className={styles.summary} aria-label={t('results.summaryLabel')}>
        <GradeCircle grade={overview.grade} />
        <p className={styles.sentence}>
          {summary}
          {open > 0 && <> {t('results.open', { count: open })}</>}
        </p>
        {overview.changedAnswers > 0 && <p className={styles.sentence}>{t('results.changed', { count: overview.changedAnswers })}</p>}
        <div
          className={styles.bar}
          role="progressbar"
          aria-label={t('results.progressLabel')}
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={answered}
          aria-valuetext={t('results.progressText', { answered, count: total })}
        >
          <span className={styles.segCorrect} style={{ width: `${pct(overview.correctAnswers)}%` }} />
          <span className={styles.segPartial} style={{ width: `${pct(overview.partialAnswers)}%` }} />
          <span className={styles.segWrong} style={{ width: `${pct(overview.wrongAnswers)}%` }} />
        </div>
        <p className={styles.barText} aria-hidden="true">
          {t('results.progressText', { answered, count: total })}
        </p>
      </section>

      <section className={styles.list} aria-labelledby="results-rows-heading">
        <h2 id="results-rows-heading" className={styles.listHeading}>
          {t('results.rowsTitle')}
        </h2>
        <ul className={styles.rows}>
          {overview.questions.map((q) => (
            <ResultRow key={q.id} question={q} disabled={isBusy} onAnswer={() => onAction({ type: 'review', questionIndex: q.questionIndex })} />
          ))}
        </ul>
      </section>

      <div className={styles.actions}>
        {open > 0 ? (
          <Button fullWidth onClick={() => onAction({ type: 'review' })} isBusy={busyWith('review')} busyLabel={t('common:loading')} disabled={isBusy}>
            {t('results.answerQuestions')}
          </Button>
        ) : (
          <Button fullWidth onClick={onExit}>
            {t('results.continueStudying')}
          </Button>
        )}
        <Button
          variant="secondary"
          fullWidth
          // back to her last question: a changed one still has its place (total leaves it out)
          onClick={() => onAction({ type: 'previous', index: overview.questionsCount - 1 })}
          isBusy={busyWith('previous')}
          busyLabel={t('common:loading')}
          disabled={isBusy || overview.questionsCount === 0}
        >
          {t('results.goBack')}
        </Button>
        {open > 0 && (
          <Button variant="link" onClick={onExit}>
            {t('results.cancel')}
          </Button>
        )}
      </div>

      <div className={styles.more}>
        <button type="button" className={styles.textButton} onClick={onRedo} disabled={isBusy}>
          {t('results.redo')}
        </button>
      </div>
    </div>
  );
}

const STATUS_TEXT: Record<number, ParseKeys<'questions'>> = {
  [-1]: 'status.notAnswered',
  0: 'status.wrong',
  1: 'status.correct',
  2: 'status.partial',
  3: 'status.skipped',
  4: 'status.review',
};

function ResultRow({ question, disabled, onAnswer }: { question: SessionQuestion; disabled: boolean; onAnswer: () => void }) {
  const { t } = useTranslation(['questions', 'common']);
  const [expanded, setExpanded] = useState(false);
  const detailId = useId();
  const kind = statusKind(question.isCorrect);
  const number = question.questionIndex + 1;
  const label = t('results.row', { number });
  const status = question.changedSinceAnswer ? t('status.changed') : t(STATUS_TEXT[question.isCorrect] ?? 'status.notAnswered');

  if (kind === 'open') {
    return (
      <li className={styles.row} data-status={kind}>
        <button type="button" className={styles.rowButton} onClick={onAnswer} disabled={disabled}>
          <StatusIcon kind={kind} />
          <span className={styles.rowLabel}>{label}</span>
          <span className={styles.rowStatus}>{status}</span>
          <span className={styles.visuallyHidden}>{t('results.answerNow')}</span>
          <ChevronRightIcon size={20} className={styles.chevron} />
        </button>
      </li>
    );
  }

  return (
    <li className={styles.row} data-status={question.changedSinceAnswer ? 'changed' : kind}>
      <button type="button" className={styles.rowButton} aria-expanded={expanded} aria-controls={detailId} onClick={() => setExpanded((v) => !v)}>
        <StatusIcon kind={question.changedSinceAnswer ? 'open' : kind} />
        <span className={styles.rowLabel}>{label}</span>
        <span className={styles.rowStatus}>{status}</span>
        <ChevronDownIcon size={20} className={`${styles.chevron} ${expanded ? styles.chevronOpen : ''}`} />
      </button>
      <div id={detailId} className={styles.detail} hidden={!expanded}>
        {expanded && <ResultDetail question={question} />}
      </div>
    </li>
  );
}

function ResultDetail({ question }: { question: SessionQuestion }) {
  const { t } = useTranslation(['questions', 'common']);
  // each with the letter it had in the order shown
  const shown = question.answers.map((a, index) => ({ ...a, letter: answerLabel(index) }));
  const picked = shown.filter((a) => a.isChecked);
  const correct = shown.filter((a) => question.correctAnswerIds.includes(a.id));
  return (
    <div className={styles.detailInner}>
      {question.changedSinceAnswer && (
        <Notice variant="info" title={t('step.changedTitle')}>
          {t('step.changedText')}
        </Notice>
      )}
      <div className={styles.questionText}>
        <Markdown text={question.questionText} />
      </div>
      {question.pictureUrl && <img className={styles.picture} src={assetUrl(question.pictureUrl)} alt={t('step.pictureAlt', { number: question.questionIndex + 1 })} loading="lazy" />}

      <div className={styles.block}>
        <h3 className={styles.blockTitle}>{picked.length > 1 ? t('results.yourAnswers') : t('results.yourAnswer')}</h3>
        {question.type === 'OPEN' ? (
          <Paragraphs text={question.textAnswer ?? ''} />
        ) : question.interaction ? (
          question.response && <RuleAnswerInput type={question.type} interaction={question.interaction} draft={draftOf(question.interaction, question.response)} onChange={() => {}} disabled expected={question.expected} />
        ) : (
          <ul className={styles.answerList}>
            {picked.map((a) => (
              <li key={a.id}>
                <span className={styles.answerLetter}>{a.letter}</span>
                <Markdown className={styles.answerText} text={a.answerText} phrasing />
              </li>
            ))}
          </ul>
        )}
      </div>

      {question.type === 'SELECT' && correct.length > 0 && (
        <div className={`${styles.block} ${styles.correctBlock}`}>
          <h3 className={styles.blockTitle}>{correct.length > 1 ? t('results.correctAnswers') : t('results.correctAnswer')}</h3>
          <ul className={styles.answerList}>
            {correct.map((a) => (
              <li key={a.id}>
                <span className={styles.answerLetter}>{a.letter}</span>
                <Markdown className={styles.answerText} text={a.answerText} phrasing />
              </li>
            ))}
          </ul>
        </div>
      )}

      {question.interaction && question.expected && (
        <div className={`${styles.block} ${styles.correctBlock}`}>
          <ExpectedAnswerView type={question.type} interaction={question.interaction} expected={question.expected} response={null} />
        </div>
      )}

      {question.type === 'OPEN' && question.modelAnswer && (
        <div className={`${styles.block} ${styles.correctBlock}`}>
          <h3 className={styles.blockTitle}>{t('open.modelAnswer')}</h3>
          <Markdown text={question.modelAnswer} />
        </div>
      )}

      {question.feedbackText && (
        <div className={styles.block}>
          <h3 className={styles.blockTitle}>{t('results.explanation')}</h3>
          <Markdown text={question.feedbackText} />
          {question.feedbackPictureUrl && (
            <img className={styles.picture} src={assetUrl(question.feedbackPictureUrl)} alt={t('feedback.pictureAlt')} loading="lazy" />
          )}
        </div>
      )}
    </div>
  );
}
