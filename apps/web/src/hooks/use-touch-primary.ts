import { useSyncExternalStore } from 'react';

/** A phone or tablet: the main pointer is a finger and nothing hovers (no mouse, no trackpad). */
const TOUCH_QUERY = '(hover: none) and (pointer: coarse)';

const query = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(TOUCH_QUERY) : null);

function subscribe(onChange: () => void): () => void {
  const list = query();
  list?.addEventListener?.('change', onChange);
  return () => list?.removeEventListener?.('change', onChange);
}

/**
 * True where she studies by touch, so hints speak of tapping and swiping instead of keys she has
 * not got. Follows the device (a keyboard attached to a tablet changes the media query).
 */
export function useTouchPrimary(): boolean {
  return useSyncExternalStore(subscribe, () => query()?.matches ?? false, () => false);
}
