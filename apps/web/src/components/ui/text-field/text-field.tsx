import { useId, useState, type InputHTMLAttributes, type Ref } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { EyeIcon, EyeOffIcon } from '../../icons/icons.tsx';
import styles from './text-field.module.css';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  id?: string;
  ref?: Ref<HTMLInputElement>;
  /** Message shown under the field (announced); puts the field in the error state. */
  error?: string | undefined;
  /** Error state without a message of its own (the message sits under another field). */
  invalid?: boolean;
  hint?: string;
  /** Extra ids for aria-describedby, e.g. the error of a sibling field. */
  describedBy?: string | undefined;
};

/** Id of the error message element of a field, for aria-describedby on related fields. */
export const fieldErrorId = (fieldId: string) => `${fieldId}-error`;

export function TextField({
  label,
  id: idProp,
  ref,
  error,
  invalid = false,
  hint,
  describedBy,
  type = 'text',
  className,
  ...inputProps
}: TextFieldProps) {
  const { t } = useTranslation('common');
  const generatedId = useId();
  const id = idProp ?? generatedId;
  const hintId = `${id}-hint`;
  const errorId = fieldErrorId(id);
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  const hasError = Boolean(error) || invalid;

  const describedByIds = [hint ? hintId : null, error ? errorId : null, describedBy ?? null].filter(Boolean).join(' ');

  return (
    <div className={[styles.field, className ?? ''].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <div className={styles.control} data-invalid={hasError || undefined}>
        <input
          ref={ref}
          id={id}
          type={isPassword && revealed ? 'text' : type}
          className={styles.input}
          aria-invalid={hasError || undefined}
          aria-describedby={describedByIds || undefined}
          {...inputProps}
        />
        {isPassword && (
          <button
            type="button"
            className={styles.reveal}
            onClick={() => setRevealed((v) => !v)}
            aria-pressed={revealed}
            aria-label={revealed ? t('fields.hidePassword') : t('fields.showPassword')}
            aria-controls={id}
          >
            {revealed ? <EyeOffIcon size={20} /> : <EyeIcon size={20} />}
          </button>
        )}
      </div>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
