import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './modal.module.css';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons, right-aligned under the body. */
  footer?: ReactNode;
  /** False when the user must choose one of the footer actions (no Escape, no outside click, no ×). */
  dismissible?: boolean;
  size?: 'sm' | 'md' | 'lg';
  /**
   * Where the focus goes when the dialog closes, for a dialog opened from a menu item: Radix returns
   * it to the element focused when the dialog opened, which is gone with the menu.
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/** The one dialog of the app: Radix Dialog (focus trap, Escape, aria-modal) with our styling. */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  dismissible = true,
  size = 'md',
  returnFocusTo,
}: ModalProps) {
  const { t } = useTranslation();
  const block = (event: Event) => {
    if (!dismissible) event.preventDefault();
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={`${styles.content} ${styles[size]}`}
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo?.current;
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className={styles.header}>
            <Dialog.Title className={styles.title}>{title}</Dialog.Title>
            {dismissible ? (
              <Dialog.Close className={styles.close} aria-label={t('common.close')}>
                <span aria-hidden="true">×</span>
              </Dialog.Close>
            ) : null}
          </div>
          {description ? <Dialog.Description className={styles.description}>{description}</Dialog.Description> : null}
          {children ? <div className={styles.body}>{children}</div> : null}
          {footer ? <div className={styles.footer}>{footer}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
