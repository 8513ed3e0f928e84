import type { FieldsetHTMLAttributes, FormHTMLAttributes, InputHTMLAttributes, ReactNode } from 'react';
import styles from './settings.module.css';

/** A settings screen's form (practice questions, flashcards): its fieldsets well apart. */
export function SettingsForm(props: Omit<FormHTMLAttributes<HTMLFormElement>, 'className'>) {
  return <form {...props} className={styles.form} />;
}

type SettingsFieldsetProps = Omit<FieldsetHTMLAttributes<HTMLFieldSetElement>, 'className'> & {
  legend: ReactNode;
  children: ReactNode;
  /** The screen's layout of what is in it (another gap); the options sit `--space-2` apart by default. */
  className?: string;
};

/** One question of a settings form: its legend, then its options in a column. */
export function SettingsFieldset({ legend, children, className, ...props }: SettingsFieldsetProps) {
  return (
    <fieldset {...props} className={className ? `${styles.fieldset} ${className}` : styles.fieldset}>
      <legend className={styles.legend}>{legend}</legend>
      {children}
    </fieldset>
  );
}

type ChoiceOptionProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className' | 'title' | 'checked'> & {
  type: 'radio' | 'checkbox';
  checked: boolean;
  title: ReactNode;
  /** The muted line under the title (counts, what the choice does). */
  meta: ReactNode;
};

/** A radio button or checkbox as a large bordered option with a title and a line under it. */
export function ChoiceOption({ type, checked, title, meta, disabled, ...input }: ChoiceOptionProps) {
  return (
    <label className={styles.option} data-checked={checked || undefined} data-disabled={disabled || undefined}>
      <input {...input} type={type} className={styles.control} checked={checked} disabled={disabled} />
      <span className={styles.body}>
        <span className={styles.title}>{title}</span>
        <span className={styles.meta}>{meta}</span>
      </span>
    </label>
  );
}
