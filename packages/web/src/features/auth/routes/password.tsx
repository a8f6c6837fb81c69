import { Messages } from '@app/contract/errors';
import { Password } from '@app/contract/rules';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { translateMessage } from '../../../i18n/index.ts';
import { notify } from '../../../lib/notifications.ts';
import { takeReturnAfterSignUp } from '../../../lib/return-after-sign-up.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSetPassword } from '../api/set-password.ts';
import styles from '../components/auth-form.module.css';
import { PasswordChecklist } from '../components/password-checklist.tsx';

export type PasswordMode = 'create' | 'change';

function passwordForm(mode: PasswordMode) {
  return z
    .object({
      current_password: mode === 'change' ? z.string().min(1, Messages.currentPasswordRequired) : z.string(),
      password: Password,
      password_confirm: z.string(),
    })
    .refine((v) => v.password === v.password_confirm, { path: ['password_confirm'], message: Messages.passwordsDoNotMatch });
}
type PasswordFormValues = z.infer<ReturnType<typeof passwordForm>>;

type PasswordField = 'current_password' | 'password' | 'password_confirm';

/** One page, two modes (spec §2): create from an e-mailed link, or change while signed in. */
export function PasswordPage({ mode }: { mode: PasswordMode }) {
  const { t } = useTranslation();
  const title = mode === 'create' ? t('password.createTitle') : t('password.changeTitle');
  usePageTitle(title);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const setPassword = useSetPassword();
  const form = useForm<PasswordFormValues>({
    resolver: zodResolver(passwordForm(mode)),
    defaultValues: { current_password: '', password: '', password_confirm: '' },
  });
  const { errors } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' });

  const onSubmit = form.handleSubmit((values) =>
    setPassword.mutate(
      mode === 'create'
        ? { token, password: values.password, password_confirm: values.password_confirm }
        : { current_password: values.current_password, password: values.password, password_confirm: values.password_confirm },
      {
        onSuccess: () => {
          if (mode === 'create') {
            // The answer carried fresh token headers: the user is now signed in.
            queryClient.removeQueries();
            notify({ severity: 'success', message: t('password.created') });
            // A new account made on the way to somewhere (an invitation link) continues there.
            void navigate(takeReturnAfterSignUp() ?? '/', { replace: true });
          } else {
            notify({ severity: 'success', message: t('password.changed') });
            void navigate('/my-profile');
          }
        },
      },
    ),
  );

  const fieldError = (field: PasswordField) => {
    const message = errors[field]?.message;
    return message ? translateMessage(message) : undefined;
  };

  return (
    <div className={mode === 'change' ? styles.narrow : undefined}>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.subtitle}>{mode === 'create' ? t('password.createSubtitle') : t('password.changeSubtitle')}</p>
      {mode === 'create' && !token ? (
        <Notice severity="error">
          <p>
            {t('messages.api.invalidLink')} <Link to="/reset-password">{t('resetPassword.title')}</Link>
          </p>
        </Notice>
      ) : null}
      <form onSubmit={onSubmit} noValidate>
        {mode === 'change' ? (
          <TextField
            label={t('password.currentPassword')}
            type="password"
            autoComplete="current-password"
            error={fieldError('current_password')}
            {...form.register('current_password')}
          />
        ) : null}
        <TextField
          label={t('password.newPassword')}
          type="password"
          autoComplete="new-password"
          error={fieldError('password')}
          {...form.register('password')}
        />
        <PasswordChecklist password={password} />
        <TextField
          label={t('password.confirmPassword')}
          type="password"
          autoComplete="new-password"
          error={fieldError('password_confirm')}
          {...form.register('password_confirm')}
        />
        <div className={styles.actions}>
          <Button type="submit" size="lg" loading={setPassword.isPending} disabled={mode === 'create' && !token}>
            {mode === 'create' ? t('password.submitCreate') : t('password.submitChange')}
          </Button>
          {mode === 'change' ? (
            <ButtonLink to="/my-profile" variant="outline" size="lg">
              {t('password.cancel')}
            </ButtonLink>
          ) : null}
        </div>
      </form>
    </div>
  );
}

export function CreatePasswordPage() {
  return <PasswordPage mode="create" />;
}

export function ChangePasswordPage() {
  return <PasswordPage mode="change" />;
}
