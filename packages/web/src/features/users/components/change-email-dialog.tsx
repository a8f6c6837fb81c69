import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import styles from './change-email-dialog.module.css';

export interface ChangeEmailDialogProps {
  /** The new address waiting for the password; the dialog is open while it is set. */
  email: string | null;
  saving: boolean;
  /** Why the server refused the password, shown under the field (the toast is hidden from screen readers behind the dialog). */
  passwordError?: string | undefined;
  onCancel: () => void;
  onSubmit: (currentPassword: string) => void;
}

/** Spec §5: a new e-mail address is saved only with the current password; Cancel keeps the old address. */
export function ChangeEmailDialog({ email, saving, passwordError, onCancel, onSubmit }: ChangeEmailDialogProps) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  // Each new address asks afresh: forget a password typed for an earlier one.
  const [askedFor, setAskedFor] = useState(email);
  if (email !== askedFor) {
    setAskedFor(email);
    setPassword('');
  }
  const formId = 'change-email-form';

  const close = () => {
    setPassword('');
    onCancel();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) onSubmit(password);
  };

  return (
    <Modal
      open={email !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={t('profile.changeEmailTitle')}
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={saving}>
            {t('profile.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={saving} disabled={!password}>
            {t('profile.changeEmail')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <p className={styles.newEmail}>{t('profile.newEmail', { email: email ?? '' })}</p>
        <TextField
          label={t('profile.currentPassword')}
          type="password"
          autoComplete="current-password"
          autoFocus
          error={passwordError}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </form>
    </Modal>
  );
}
