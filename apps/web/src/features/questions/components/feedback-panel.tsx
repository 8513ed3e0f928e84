import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { FEEDBACK_COLLAPSED_HEIGHT, type SessionQuestion } from '@blok/contract/questions';
import { Button } from '../../../components/ui/button/button.tsx';
import { assetUrl } from '../utils/asset-url.ts';
import { lettersOf } from '../utils/labels.ts';
import { statusKind } from '@blok/domain/status';
import { StatusIcon } from './status-icon.tsx';
import { Markdown } from '../../../components/markdown/markdown.tsx';
import styles from './feedback-panel.module.css';
import { ExpectedAnswerView } from '../../../components/question-answer/rule-answer.tsx';

type FeedbackPanelProps = {
  question: SessionQuestion;
  /** no open question follows: the button reads 'Zie overzicht' */
  isLast: boolean;
  onNext: () => void;
  isBusy: boolean;
  headingId: string;
};

/** Joins letters the Dutch way: "A", "A en C", "A, B en D". */
function joinLetters(letters: string[], and: string): string {
  if (letters.length <= 1) return letters.join('');
  return `${letters.slice(0, -1).join(', ')} ${and} ${letters.at(-1)}`;
}

/**
 * The panel after an answer when answers show in between (spec section 2): 'Vraag goed
 * beantwoord' / 'Vraag fout beantwoord' (or partially), the explanation with its picture,
 * expandable when taller than 150 px, and the way on.
 */
export function FeedbackPanel({ question, isLast, onNext, isBusy, headingId }: FeedbackPanelProps) {
  const { t } = useTranslation(['questions', 'common']);
  const kind = statusKind(question.isCorrect);
  const bodyId = useId();
  const bodyRef = useRef<HTMLDivElement>(null);
  const [collapsible, setCollapsible] = useState(false);
  const [expanded, setExpanded] = useState(false);

  useLayoutEffect(() => {
    const body = bodyRef.current;
    if (!body) return;
    const measure = () => setCollapsible(body.scrollHeight > FEEDBACK_COLLAPSED_HEIGHT);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(body);
    for (const child of Array.from(body.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [question.id]);

  // letters by the place in the order shown: 'Het juiste antwoord is C' names what she saw
  const correctLetters = lettersOf(question.answers, question.correctAnswerIds);
  const headingKey = kind === 'correct' ? 'feedback.correct' : kind === 'partial' ? 'feedback.partial' : 'feedback.wrong';
  const collapsed = collapsible && !expanded;

  return (
    <section className={`${styles.panel} ${styles[kind]}`} aria-labelledby={headingId} data-feedback={kind}>
      <h3 id={headingId} className={styles.heading} tabIndex={-1}>
        <StatusIcon kind={kind} size={28} />
        <span>{t(headingKey)}</span>
      </h3>
      <div id={bodyId} ref={bodyRef} className={styles.body} data-collapsed={collapsed || undefined} style={collapsed ? { maxHeight: FEEDBACK_COLLAPSED_HEIGHT } : undefined}>
        {question.type === 'SELECT' && correctLetters.length > 0 && kind !== 'correct' && (
          <p className={styles.correctLine}>
            {t(correctLetters.length > 1 ? 'feedback.correctAnswersAre' : 'feedback.correctAnswerIs', {
              letters: joinLetters(correctLetters, t('feedback.and')),
            })}
          </p>
        )}
        {question.interaction && question.expected && (
          <div className={styles.block}>
            <ExpectedAnswerView type={question.type} interaction={question.interaction} expected={question.expected} response={question.response} />
          </div>
        )}
        {question.type === 'OPEN' && question.modelAnswer && (
          <div className={styles.block}>
            <h4 className={styles.subheading}>{t('open.modelAnswer')}</h4>
            <Markdown text={question.modelAnswer} />
          </div>
        )}
        {question.feedbackText && (
          <div className={styles.block}>
            <h4 className={styles.subheading}>{t('feedback.explanation')}</h4>
            <Markdown text={question.feedbackText} />
          </div>
        )}
        {question.feedbackPictureUrl && (
          <img className={styles.picture} src={assetUrl(question.feedbackPictureUrl)} alt={t('feedback.pictureAlt')} loading="lazy" />
        )}
      </div>
      {collapsible && (
        <button type="button" className={styles.more} aria-expanded={expanded} aria-controls={bodyId} onClick={() => setExpanded((v) => !v)}>
          {expanded ? t('feedback.readLess') : t('feedback.readMore')}
        </button>
      )}
      <Button fullWidth onClick={onNext} isBusy={isBusy} busyLabel={t('common:loading')} data-next-button>
        {isLast ? t('feedback.toOverview') : t('feedback.next')}
      </Button>
    </section>
  );
}
