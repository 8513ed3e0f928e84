import type { ReactNode } from 'react';
import * as RadixToast from '@radix-ui/react-toast';
import { useTranslation } from '../../../lib/i18n.ts';
import { CloseIcon } from '../../icons/icons.tsx';
import styles from './toast.module.css';

export type ToastVariant = 'info' | 'warning' | 'error' | 'success';

type ToastAction = { label: string; onClick: () => void; altText?: string };

export type ToastProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  variant?: ToastVariant;
  action?: ToastAction;
  secondaryAction?: ToastAction;
  /** ms before it closes by itself; Infinity keeps it until dismissed or no longer relevant. */
  duration?: number;
  /** Without a close button the toast disappears only when its condition ends (e.g. offline). */
  closable?: boolean;
  /** 'foreground' is announced at once (assertive), 'background' politely. */
  type?: 'foreground' | 'background';
  lang?: string;
};

/**
 * The Radix side of the toasts (decision 014): loaded only when the first toast opens, so a first
 * visit does not carry Radix Toast (about 9 KB gzip). Screens use toast.tsx.
 */

/** One toast on Radix Toast (announced through its live region; swipe and Escape dismiss it). */
export function Toast({
  open,
  onOpenChange,
  title,
  description,
  icon,
  variant = 'info',
  action,
  secondaryAction,
  duration = Infinity,
  closable = true,
  type = 'background',
  lang,
}: ToastProps) {
  const { t } = useTranslation('common');
  return (
    <RadixToast.Root
      className={`${styles.toast} ${styles[variant]}`}
      open={open}
      onOpenChange={onOpenChange}
      duration={duration}
      type={type}
      lang={lang}
    >
      {icon && (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      )}
      <div className={styles.body}>
        <RadixToast.Title className={styles.title}>{title}</RadixToast.Title>
        {description && <RadixToast.Description className={styles.description}>{description}</RadixToast.Description>}
        {(action || secondaryAction) && (
          <div className={styles.actions}>
            {secondaryAction && (
              <RadixToast.Action asChild altText={secondaryAction.altText ?? secondaryAction.label}>
                <button type="button" className={styles.secondary} onClick={secondaryAction.onClick}>
                  {secondaryAction.label}
                </button>
              </RadixToast.Action>
            )}
            {action && (
              <RadixToast.Action asChild altText={action.altText ?? action.label}>
                <button type="button" className={styles.primary} onClick={action.onClick}>
                  {action.label}
                </button>
              </RadixToast.Action>
            )}
          </div>
        )}
      </div>
      {closable && (
        <RadixToast.Close className={styles.close} aria-label={t('toasts.close')}>
          <CloseIcon size={18} />
        </RadixToast.Close>
      )}
    </RadixToast.Root>
  );
}

/** Every registered toast, in the order they were first shown, with the region they live in. */
export default function ToastLayer({ toasts }: { toasts: ReadonlyArray<{ id: string; props: ToastProps }> }) {
  const { t } = useTranslation('common');
  return (
    <RadixToast.Provider swipeDirection="right" label={t('toasts.announceLabel')}>
      {toasts.map(({ id, props }) => (
        <Toast key={id} {...props} />
      ))}
      <RadixToast.Viewport className={styles.viewport} label={t('toasts.regionLabel')} />
    </RadixToast.Provider>
  );
}
