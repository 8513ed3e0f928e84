import { useEffect, useRef } from 'react';
import { answerIndexForKey } from '../utils/labels.ts';

type AnswerKeysOptions = {
  enabled: boolean;
  answerCount: number;
  /** a letter A-T was pressed for the answer at this position */
  onLetter: (index: number) => void;
  /** Enter pressed outside a control that handles Enter itself */
  onEnter: () => void;
};

function handlesKeysItself(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return target.closest('textarea, select, input:not([type="checkbox"]):not([type="radio"])') !== null;
}

/**
 * Keyboard answering (issue 4): the letters A to T pick answers and Enter confirms or moves on.
 * Typing in a text field, a key with a modifier and an open dialog are left alone; Enter on a
 * button or link keeps its own meaning.
 */
export function useAnswerKeys({ enabled, answerCount, onLetter, onEnter }: AnswerKeysOptions): void {
  const latest = useRef({ answerCount, onLetter, onEnter });
  useEffect(() => {
    latest.current = { answerCount, onLetter, onEnter };
  });

  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.isComposing) return;
      if (handlesKeysItself(event.target)) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      if (event.key === 'Enter') {
        if (event.target instanceof HTMLElement && event.target.closest('button, a[href]')) return;
        event.preventDefault();
        latest.current.onEnter();
        return;
      }
      const index = answerIndexForKey(event.key, latest.current.answerCount);
      if (index < 0) return;
      event.preventDefault();
      latest.current.onLetter(index);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
