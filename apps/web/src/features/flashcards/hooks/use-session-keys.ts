import { useEffect, useRef } from 'react';

export type SessionKeyHandlers = {
  flip: () => void;
  known?: () => void;
  unknown?: () => void;
  /** FSRS ratings 1-4 */
  rate?: (rating: 1 | 2 | 3 | 4) => void;
};

const TYPING = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

/**
 * Keyboard of the flashcard session: Space flips, arrow right 'Wist ik', arrow left 'Wist ik
 * niet', 1-4 the FSRS ratings. Space on a focused button presses that button instead; nothing
 * fires while a dialog is open or she types.
 */
export function useSessionKeys(handlers: SessionKeyHandlers, enabled: boolean) {
  const ref = useRef(handlers);
  useEffect(() => {
    ref.current = handlers;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      if (target && (TYPING.has(target.tagName) || target.isContentEditable)) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      const h = ref.current;
      if (event.key === ' ') {
        if (target && (target.tagName === 'BUTTON' || target.tagName === 'A')) return;
        event.preventDefault();
        h.flip();
      } else if (event.key === 'ArrowRight' && h.known) {
        event.preventDefault();
        h.known();
      } else if (event.key === 'ArrowLeft' && h.unknown) {
        event.preventDefault();
        h.unknown();
      } else if (h.rate && ['1', '2', '3', '4'].includes(event.key)) {
        event.preventDefault();
        h.rate(Number(event.key) as 1 | 2 | 3 | 4);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
