import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonVariant } from './button.tsx';
import { Modal } from './modal.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  message: ReactNode;
  confirmLabel: string;
  /** The way back, when 'Cancel' would be unclear (e.g. 'Keep editing'). */
  cancelLabel?: string;
  /** 'danger' for what cannot be undone. */
  confirmVariant?: ButtonVariant;
  onConfirm: () => void;
  /** The action is running: the confirm button spins and the dialog stays until the caller closes it. */
  loading?: boolean;
  /** See Modal's returnFocusTo. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/** A question with Cancel and one action, for steps a person must confirm (activate, delete …). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel,
  cancelLabel,
  confirmVariant = 'primary',
  onConfirm,
  loading = false,
  returnFocusTo,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!loading) onOpenChange(next);
      }}
      title={title}
      description={message}
      size="sm"
      returnFocusTo={returnFocusTo}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={loading}>
            {cancelLabel ?? t('common.cancel')}
          </Button>
          <Button variant={confirmVariant} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
