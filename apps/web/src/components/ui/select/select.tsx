import { useEffect, useId } from 'react';
import * as RadixSelect from '@radix-ui/react-select';
import { CheckIcon, ChevronDownIcon, ChevronUpIcon } from '../../icons/icons.tsx';
import styles from './select.module.css';

export type SelectOption = { value: string; label: string };

type SelectProps = {
  label: string;
  placeholder: string;
  options: readonly SelectOption[];
  /** '' shows the placeholder. */
  value: string;
  onValueChange: (value: string) => void;
  disabled?: boolean;
  /** Shown under the field while it is disabled, e.g. what to choose first. */
  disabledHint?: string;
  id?: string;
  name?: string;
};

/** Default maximum height of the dropdown list (spec section 9). */
export const SELECT_LIST_MAX_HEIGHT = 180;

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

/** A labelled dropdown on Radix Select (keyboard, typeahead and ARIA handled there). */
export function Select({ label, placeholder, options, value, onValueChange, disabled = false, disabledHint, id, name }: SelectProps) {
  const generatedId = useId();
  const triggerId = id ?? generatedId;
  const hintId = `${triggerId}-hint`;
  const showHint = disabled && Boolean(disabledHint);
  // A list open while the field goes away (a route change) must not leave the app inert.
  useEffect(() => () => setAppInert(false), []);

  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={triggerId}>
        {label}
      </label>
      <RadixSelect.Root value={value} onValueChange={onValueChange} onOpenChange={setAppInert} disabled={disabled} name={name}>
        <RadixSelect.Trigger id={triggerId} className={styles.trigger} aria-describedby={showHint ? hintId : undefined}>
          <RadixSelect.Value placeholder={placeholder} />
          <RadixSelect.Icon className={styles.icon}>
            <ChevronDownIcon size={20} />
          </RadixSelect.Icon>
        </RadixSelect.Trigger>
        <RadixSelect.Portal>
          <RadixSelect.Content className={styles.content} position="popper" sideOffset={6} collisionPadding={12}>
            <RadixSelect.ScrollUpButton className={styles.scrollButton}>
              <ChevronUpIcon size={18} />
            </RadixSelect.ScrollUpButton>
            <RadixSelect.Viewport className={styles.viewport} style={{ maxHeight: SELECT_LIST_MAX_HEIGHT }}>
              {options.map((option) => (
                // tabIndex 0: the scrolling list holds keyboard-reachable options (axe scrollable-region-focusable).
                // Radix keeps Tab inside an open list and moves between options with the arrow keys, as before.
                <RadixSelect.Item key={option.value} value={option.value} className={styles.item} tabIndex={0}>
                  <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                  <RadixSelect.ItemIndicator className={styles.indicator}>
                    <CheckIcon size={18} />
                  </RadixSelect.ItemIndicator>
                </RadixSelect.Item>
              ))}
            </RadixSelect.Viewport>
            <RadixSelect.ScrollDownButton className={styles.scrollButton}>
              <ChevronDownIcon size={18} />
            </RadixSelect.ScrollDownButton>
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
