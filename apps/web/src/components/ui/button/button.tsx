import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link, type LinkProps } from 'react-router';
import { Spinner } from '../spinner/spinner.tsx';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'link';
export type ButtonSize = 'md' | 'sm';

type StyleProps = { variant?: ButtonVariant; size?: ButtonSize; fullWidth?: boolean };

export function buttonClassName({ variant = 'primary', size = 'md', fullWidth = false }: StyleProps, extra?: string): string {
  return [styles.button, styles[variant], styles[size], fullWidth ? styles.fullWidth : '', extra ?? '']
    .filter(Boolean)
    .join(' ');
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  StyleProps & {
    /** the button element (React 19: a prop like any other) */
    ref?: Ref<HTMLButtonElement>;
    /** Shows a spinner, swaps the label for `busyLabel` and blocks further clicks. */
    isBusy?: boolean;
    busyLabel?: string;
    icon?: ReactNode;
  };

export function Button({
  variant,
  size,
  fullWidth,
  isBusy = false,
  busyLabel,
  icon,
  className,
  children,
  type = 'button',
  disabled,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName({ variant, size, fullWidth }, className)}
      disabled={disabled || isBusy}
      aria-busy={isBusy || undefined}
      {...props}
    >
      {isBusy ? <Spinner /> : icon}
      <span>{isBusy && busyLabel ? busyLabel : children}</span>
    </button>
  );
}

type ButtonLinkProps = LinkProps & StyleProps & { icon?: ReactNode };

/** A router link that looks like a button (navigation stays a link for assistive tech). */
export function ButtonLink({ variant, size, fullWidth, icon, className, children, ...props }: ButtonLinkProps) {
  return (
    <Link className={buttonClassName({ variant, size, fullWidth }, className)} {...props}>
      {icon}
      <span>{children}</span>
    </Link>
  );
}
