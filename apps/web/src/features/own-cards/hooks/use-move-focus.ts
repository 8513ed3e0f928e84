import { useCallback, useEffect, useRef } from 'react';

export type MoveDirection = -1 | 1;

/**
 * Keeps keyboard focus on a moved item when ↑/↓ reorder a list (her sets, a set's cards): once the
 * list shows the new order, its ↑ or ↓ button has focus again, the other one when the item reached
 * the end it moved to. React moving the item's element takes focus away; without this she would be
 * left on the page.
 */
export function useMoveFocus(order: readonly string[]) {
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const pending = useRef<{ id: string; by: MoveDirection } | null>(null);
  const orderKey = order.join('\n');

  useEffect(() => {
    const move = pending.current;
    if (!move) return;
    pending.current = null;
    const same = buttons.current.get(`${move.id}:${move.by}`);
    const other = buttons.current.get(`${move.id}:${-move.by}`);
    (same && !same.disabled ? same : other)?.focus();
  }, [orderKey]);

  /** The ref of an item's ↑ (-1) or ↓ (1) button. */
  const buttonRef = useCallback(
    (id: string, by: MoveDirection) => (element: HTMLButtonElement | null) => {
      if (element) buttons.current.set(`${id}:${by}`, element);
      else buttons.current.delete(`${id}:${by}`);
    },
    [],
  );

  return {
    buttonRef,
    /** The item is being moved: focus follows it when the new order shows. */
    moving: (id: string, by: MoveDirection) => {
      pending.current = { id, by };
    },
    /** The move failed: the order stays, and so does focus. */
    failed: () => {
      pending.current = null;
    },
  };
}
