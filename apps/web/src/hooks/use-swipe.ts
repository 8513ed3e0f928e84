import { useRef, useState, type PointerEvent } from 'react';

/** A horizontal swipe longer than this counts (spec section 9; the onboarding slider and flashcards). */
export const SWIPE_THRESHOLD_PX = 50;

type SwipeOptions = {
  /** finger moved left by at least the threshold */
  onSwipeLeft?: () => void;
  /** finger moved right by at least the threshold */
  onSwipeRight?: () => void;
  /** a press that did not move past the threshold (a tap or click) */
  onTap?: () => void;
  disabled?: boolean;
};

/**
 * Horizontal swipes by pointer (touch, pen or mouse drag) for an element; `offsetX` follows the
 * finger while it is down so the element can move with it. Every swipe needs a button
 * alternative next to it (WCAG 2.5.7); give the element `touch-action: pan-y` so vertical
 * scrolling still works.
 */
export function useSwipe({ onSwipeLeft, onSwipeRight, onTap, disabled = false }: SwipeOptions) {
  const [offsetX, setOffsetX] = useState(0);
  const drag = useRef<{ pointerId: number; startX: number; startY: number } | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (disabled || (event.pointerType === 'mouse' && event.button !== 0)) return;
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startY: event.clientY };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    setOffsetX(event.clientX - drag.current.startX);
  };
  const end = (event: PointerEvent<HTMLElement>, cancelled: boolean) => {
    const current = drag.current;
    if (current?.pointerId !== event.pointerId) return;
    drag.current = null;
    setOffsetX(0);
    if (cancelled) return;
    const dx = event.clientX - current.startX;
    const dy = event.clientY - current.startY;
    if (dx <= -SWIPE_THRESHOLD_PX) onSwipeLeft?.();
    else if (dx >= SWIPE_THRESHOLD_PX) onSwipeRight?.();
    else if (Math.abs(dx) < 10 && Math.abs(dy) < 10) onTap?.();
  };

  return {
    offsetX,
    isDragging: offsetX !== 0,
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: (event: PointerEvent<HTMLElement>) => end(event, false),
      onPointerCancel: (event: PointerEvent<HTMLElement>) => end(event, true),
    },
  };
}
