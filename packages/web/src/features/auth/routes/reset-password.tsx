import { PasswordResetRequest } from '@app/contract/users';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { DecoyField } from '../../../components/ui/decoy-field.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { translateMessage } from '../../../i18n/index.ts';
import { notify } from '../../../lib/notifications.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import styles from '../components/auth-form.module.css';

type ResetInput = z.input<typeof PasswordResetRequest>;
type ResetOutput = z.output<typeof PasswordResetRequest>;

export function ResetPasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t('resetPassword.title'));
  const reset = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ResetInput, unknown, ResetOutput>({
    resolver: zodResolver(PasswordResetRequest),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    reset.mutate(
      { email: values.email, password: values.password ?? '' },
      {
        onSuccess: () => {
          setSentTo(values.email);
          notify({ severity: 'success', message: t('resetPassword.successToast') });
        },
      },
    ),
  );

  if (sentTo) {
    return (
      <>
        <h1 className={styles.title}>{t('resetPassword.successTitle')}</h1>
        <Notice severity="success">
          <p>{t('resetPassword.successMessage', { email: sentTo })}</p>
        </Notice>
        <p className={styles.footer}>
          <Link to="/sign-in">{t('resetPassword.backToSignIn')}</Link>
        </p>
      </>
    );
  }

  return (
    <>
      <h1 className={styles.title}>{t('resetPassword.title')}</h1>
      <p className={styles.subtitle}>{t('resetPassword.instructions')}</p>
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label={t('resetPassword.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email ? translateMessage(errors.email.message) : undefined}
          {...form.register('email')}
        />
        {/* type text: browsers would autofill a saved password into a type=password decoy */}
        <DecoyField {...form.register('password')} />
        <Button type="submit" block size="lg" loading={reset.isPending}>
          {t('resetPassword.submit')}
        </Button>
      </form>
      <p className={styles.footer}>
        <Link to="/sign-in">{t('resetPassword.backToSignIn')}</Link>
      </p>
    </>
  );
}
