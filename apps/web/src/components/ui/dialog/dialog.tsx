import type { ReactNode } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import styles from './dialog.module.css';

/** Names of the app's popups (spec section 4), used as the dialogs' data-popup attribute. */
export const POPUP = {
  sentResetLink: 'sentResetLink',
  passwordResetSuccess: 'passwordResetSuccess',
  deleteAccount: 'deleteAccount',
  quitQuestions: 'quitQuestions',
  redoQuestions: 'redoQuestions',
  outdatedSafari: 'outdatedSafari',
} as const;
export type PopupName = (typeof POPUP)[keyof typeof POPUP];

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** Buttons and other content under the description. */
  children?: ReactNode;
  popup?: PopupName;
  icon?: ReactNode;
  /** false: Escape and outside clicks do not close it (a decision is required). */
  dismissible?: boolean;
  /** On closing; `event.preventDefault()` keeps focus from going back to where it was (when that is gone). */
  onCloseAutoFocus?: (event: Event) => void;
};

/** A modal dialog on Radix Dialog: focus trap, Escape, aria-modal and labelling done there. */
export function Dialog({ open, onOpenChange, title, description, children, popup, icon, dismissible = true, onCloseAutoFocus }: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={styles.content}
          data-popup={popup}
          onCloseAutoFocus={onCloseAutoFocus}
          onEscapeKeyDown={dismissible ? undefined : (event) => event.preventDefault()}
          onPointerDownOutside={dismissible ? undefined : (event) => event.preventDefault()}
          onInteractOutside={dismissible ? undefined : (event) => event.preventDefault()}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          {icon && (
            <div className={styles.icon} aria-hidden="true">
              {icon}
            </div>
          )}
          <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
          {description && <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description>}
          {children && <div className={styles.actions}>{children}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Wrap a button in this to make it close the dialog. */
export const DialogClose = RadixDialog.Close;
