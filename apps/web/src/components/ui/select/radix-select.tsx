import { useEffect, useRef, useState, type PointerEvent } from 'react';
import * as RadixSelect from '@radix-ui/react-select';
import { CheckIcon, ChevronDownIcon } from '../../icons/icons.tsx';
import { SELECT_LIST_MAX_HEIGHT, type RadixSelectFieldProps } from './select.tsx';
import styles from './select.module.css';

/**
 * While the list is open Radix hides the rest of the page from screen readers (aria-hidden) and keeps
 * focus in the list; `inert` on the app root makes that hidden content unfocusable too, so nothing
 * focusable stays hidden from screen readers (axe aria-hidden-focus). The list itself is portalled
 * outside the root. Removed again before Radix puts focus back on the trigger.
 */
function setAppInert(inert: boolean) {
  const root = document.getElementById('root');
  if (!root) return;
  if (inert) root.setAttribute('inert', '');
  else root.removeAttribute('inert');
}

/**
 * The dropdown on Radix Select (keyboard, typeahead and ARIA handled there), loaded by select.tsx when
 * a student first reaches for a dropdown. `open` opens its list at once (she pressed or tapped the
 * stand-in trigger), `focus` puts the focus on its trigger (the stand-in had it).
 */
export function RadixSelectField({ label, placeholder, options, value, onValueChange, disabled = false, disabledHint, triggerId, name, open, focus }: RadixSelectFieldProps) {
  const hintId = `${triggerId}-hint`;
  const showHint = disabled && Boolean(disabledHint);
  const trigger = useRef<HTMLButtonElement>(null);
  const [isOpen, setIsOpen] = useState(open);
  const onOpenChange = (next: boolean) => {
    setAppInert(next);
    setIsOpen(next);
  };
  /**
   * Radix picks an option on a mouse's release only when that same option element also saw the press
   * or the pointer move over it (its own pointer type record). An option rendered anew while the button
   * was down (seen under load: the release lands on a new element, the click on the list) ignored the
   * release, and the list stayed open with the app inert. The release picks it here too; Radix's own
   * guard against the release of the press that opened the list (defaultPrevented) still holds.
   */
  const pickOnRelease = (picked: string) => (event: PointerEvent) => {
    if (event.pointerType !== 'mouse' || event.defaultPrevented || event.button !== 0) return;
    onValueChange(picked);
    onOpenChange(false);
  };
  useEffect(() => {
    if (focus && !open) trigger.current?.focus();
    // Radix calls onOpenChange only for changes: a list that starts open makes the app inert here
    if (open) setAppInert(true);
    // A list open while the field goes away (a route change) must not leave the app inert.
    return () => setAppInert(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as it mounts
  }, []);

  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={triggerId}>
        {label}
      </label>
      <RadixSelect.Root value={value} onValueChange={onValueChange} open={isOpen} onOpenChange={onOpenChange} disabled={disabled} name={name}>
        <RadixSelect.Trigger ref={trigger} id={triggerId} className={styles.trigger} aria-describedby={showHint ? hintId : undefined}>
          <RadixSelect.Value placeholder={placeholder} />
          <RadixSelect.Icon className={styles.icon}>
            <ChevronDownIcon size={20} />
          </RadixSelect.Icon>
        </RadixSelect.Trigger>
        <RadixSelect.Portal>
          {/*
            No scroll buttons: Radix shows the top one only once the list has scrolled, and it pushes the
            options down by its height. A tap (or a test's click) aimed at an option that was just
            scrolled into view then landed on the option above it (seen: Geneeskunde picked as Economie
            en Bedrijfskunde). The list scrolls natively, by touch, wheel, keys and a thin scrollbar.
          */}
          <RadixSelect.Content className={styles.content} position="popper" sideOffset={6} collisionPadding={12}>
            <RadixSelect.Viewport className={styles.viewport} style={{ maxHeight: SELECT_LIST_MAX_HEIGHT }}>
              {options.map((option) => (
                // tabIndex 0: the scrolling list holds keyboard-reachable options (axe scrollable-region-focusable).
                // Radix keeps Tab inside an open list and moves between options with the arrow keys, as before.
                <RadixSelect.Item key={option.value} value={option.value} className={styles.item} tabIndex={0} onPointerUp={pickOnRelease(option.value)}>
                  <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                  <RadixSelect.ItemIndicator className={styles.indicator}>
                    <CheckIcon size={18} />
                  </RadixSelect.ItemIndicator>
                </RadixSelect.Item>
              ))}
            </RadixSelect.Viewport>
          </RadixSelect.Content>
        </RadixSelect.Portal>
      </RadixSelect.Root>
      {showHint && (
        <p id={hintId} className={styles.hint}>
          {disabledHint}
        </p>
      )}
    </div>
  );
}
