import type { InputHTMLAttributes, ReactNode } from 'react';
import styles from './switch-row.module.css';

type SwitchRowProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'role' | 'className' | 'title' | 'checked' | 'onChange' | 'aria-describedby'> & {
  /** The switch's id; its title is `${id}-title`, its text `${id}-text`, its note `${id}-note`. */
  id: string;
  title: ReactNode;
  /** What the switch does, under the title; describes the switch. */
  text: ReactNode;
  /** A second muted line (why it is locked); describes the switch as well. */
  note?: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** More ids that describe the switch (a status line below the row). */
  describedBy?: string;
};

/** A labelled on/off switch (a checkbox with role switch) beside its title and explanation. */
export function SwitchRow({ id, title, text, note, checked, onCheckedChange, describedBy, ...input }: SwitchRowProps) {
  const described = [`${id}-text`, note ? `${id}-note` : '', describedBy ?? ''].filter(Boolean).join(' ');
  return (
    <div className={styles.row}>
      <div className={styles.label}>
        <label id={`${id}-title`} htmlFor={id} className={styles.title}>
          {title}
        </label>
        <p id={`${id}-text`} className={styles.text}>
          {text}
        </p>
        {note && (
          <p id={`${id}-note`} className={styles.text}>
            {note}
          </p>
        )}
      </div>
      <input {...input} id={id} type="checkbox" role="switch" className={styles.switch} checked={checked} aria-describedby={described} onChange={(e) => onCheckedChange(e.target.checked)} />
    </div>
  );
}
