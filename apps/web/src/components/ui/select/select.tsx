import { useEffect, useId, useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import { ChevronDownIcon } from '../../icons/icons.tsx';
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

export type RadixSelectFieldProps = Omit<SelectProps, 'id'> & { triggerId: string; open: boolean; focus: boolean };

/** Default maximum height of the dropdown list (spec section 9). */
export const SELECT_LIST_MAX_HEIGHT = 180;

type Loaded = ComponentType<RadixSelectFieldProps>;
let loaded: Loaded | null = null;
let loading: Promise<Loaded> | null = null;
const waiting = new Set<(field: Loaded) => void>();

/** Radix Select's code (about 17 KB gzip and a costly first render), fetched once for every dropdown. */
function loadRadix(): Promise<Loaded> {
  loading ??= import('./radix-select.tsx').then(
    (module) => {
      loaded = module.RadixSelectField;
      for (const swap of waiting) swap(loaded);
      return loaded;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/**
 * A labelled dropdown. Until a student first reaches for a dropdown (hovers, focuses, taps or presses
 * it), a stand-in with the same look and the same combobox role shows the choice; reaching for one
 * loads Radix Select and every dropdown on the page turns into it, the one she pressed opening its
 * list at once (decision 014, "Dropdowns on demand"): a first visit of the registration screen does
 * not load or render Radix Select before she uses it.
 */
export function Select({ id, ...props }: SelectProps) {
  const generatedId = useId();
  const triggerId = id ?? generatedId;
  const [field, setField] = useState<{ Field: Loaded; open: boolean; focus: boolean } | null>(() => (loaded ? { Field: loaded, open: false, focus: false } : null));
  /** what she did to the stand-in: pressed it (open its list), or it had the focus */
  const intent = useRef({ open: false, focus: false });
  const stand = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (field) return;
    const swap = (Field: Loaded) => {
      const { open, focus } = intent.current;
      setField({ Field, open, focus: focus || document.activeElement === stand.current });
    };
    // loaded between this render and this effect (another dropdown asked for it)
    if (loaded) return swap(loaded);
    waiting.add(swap);
    return () => void waiting.delete(swap);
  }, [field]);

  if (field) return <field.Field {...props} triggerId={triggerId} open={field.open} focus={field.focus} />;

  const warm = () => void loadRadix().catch(() => undefined);
  const open = () => {
    intent.current.open = true;
    intent.current.focus = true;
    // Radix may have arrived just before this press, its swap queued with the intent it read then
    // (closed) and not yet rendered: the press would be lost on a stand-in about to go, and her tap
    // did nothing (seen in the studio under load). Queued after the swap, this opens the list.
    setField((current) => current && { ...current, open: true, focus: true });
    warm();
  };
  const { label, placeholder, options, value, disabled = false, disabledHint } = props;
  const hintId = `${triggerId}-hint`;
  const showHint = disabled && Boolean(disabledHint);
  const chosen = options.find((option) => option.value === value);

  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={triggerId}>
        {label}
      </label>
      <button
        ref={stand}
        type="button"
        role="combobox"
        id={triggerId}
        className={styles.trigger}
        aria-expanded="false"
        aria-controls={`${triggerId}-list`}
        aria-autocomplete="none"
        aria-describedby={showHint ? hintId : undefined}
        disabled={disabled}
        data-state="closed"
        data-placeholder={chosen ? undefined : ''}
        onPointerEnter={warm}
        onFocus={warm}
        onPointerDown={(event) => {
          if (event.button === 0) open();
        }}
        onClick={open}
        onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
          if (!OPENING_KEYS.has(event.key)) return;
          event.preventDefault();
          open();
        }}
      >
        <span>{chosen ? chosen.label : placeholder}</span>
        <span className={styles.icon} aria-hidden="true">
          <ChevronDownIcon size={20} />
        </span>
      </button>
      {showHint && (
        <p id={hintId} className={styles.hint}>
          {disabledHint}
        </p>
      )}
    </div>
  );
}
