import type { Ref } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { Markdown } from '../markdown/markdown.tsx';
import styles from './choice-option.module.css';

/*
 * A multiple-choice answer as the practice screen shows it: a large button with its letter, the
 * answer's text and, once answered, a mark (her answer, right or wrong, the right one). Shared by
 * Blok's practice (features/questions) and her own questions (features/course-questions).
 * Strings: the `questions` namespace's `step`.
 */

export type OptionState = 'idle' | 'picked' | 'correct' | 'wrong' | 'missed';

/** The label a student sees for the answer at a position (0 -> A). */
export const choiceLetter = (index: number): string => 'ABCDEFGHIJKLMNOPQRST'[index] ?? String(index + 1);

type Props = {
  index: number;
  text: string;
  state: OptionState;
  disabled: boolean;
  onPick: () => void;
  ref?: Ref<HTMLButtonElement>;
};

/** One answer of a single-answer question: picking it answers the question. */
export function ChoiceOption({ index, text, state, disabled, onPick, ref }: Props) {
  const { t } = useTranslation('questions');
  return (
    <button ref={ref} type="button" className={styles.option} data-state={state} disabled={disabled} onClick={onPick}>
      <span className={styles.letter} aria-hidden="true">
        {choiceLetter(index)}
      </span>
      <span className={styles.visuallyHidden}>{t('step.answerPrefix', { letter: choiceLetter(index) })}</span>
      <Markdown className={styles.optionText} text={text} phrasing />
      <OptionMark state={state} />
    </button>
  );
}

/** The mark beside an answered option: a tick or a cross and what it means (spoken; shown for her own pick). */
export function OptionMark({ state }: { state: OptionState }) {
  const { t } = useTranslation('questions');
  if (state === 'idle') return null;
  const text = {
    picked: t('step.markPicked'),
    correct: t('step.markCorrectPicked'),
    wrong: t('step.markWrongPicked'),
    missed: t('step.markCorrect'),
  }[state];
  return (
    <span className={styles.mark} data-mark={state}>
      {state === 'correct' || state === 'missed' ? (
        <svg viewBox="0 0 24 24" width={18} height={18} fill="none" stroke="currentColor" strokeWidth={3} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
          <path d="m5 12.5 4.5 4.5L19 7.5" />
        </svg>
      ) : state === 'wrong' ? (
        <svg viewBox="0 0 24 24" width={18} height={18} fill="none" stroke="currentColor" strokeWidth={3} strokeLinecap="round" aria-hidden="true" focusable="false">
          <path d="M6.5 6.5l11 11M17.5 6.5l-11 11" />
        </svg>
      ) : null}
      <span className={styles.markText}>{text}</span>
    </span>
  );
}
