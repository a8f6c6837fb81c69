import type { SignInRequest } from '@app/contract/users';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { translateMessage } from '../../../i18n/index.ts';
import { clearSessionTimedOut, hasSessionTimedOut } from '../../../lib/cookies.ts';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.ts';
import { sanitizeRedirect, withRedirect } from '../../../lib/redirect.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSignIn } from '../api/sign-in.ts';
import { useSignInWithToken } from '../api/sign-in-with-token.ts';
import { signOut } from '../api/sign-out.ts';
import styles from '../components/auth-form.module.css';

const signInResolver = lazyZodResolver<SignInRequest>(async () => (await import('@app/contract/users')).SignInRequest);

export function SignInPage() {
  const { t } = useTranslation();
  usePageTitle(t('signIn.title'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const requested = sanitizeRedirect(params.get('redirect'));
  const redirectTo = requested ?? '/';
  const linkToken = params.get('token');
  const [timedOut] = useState(hasSessionTimedOut);
  const signIn = useSignIn();
  const signInWithToken = useSignInWithToken();
  const started = useRef(false);

  const form = useForm<SignInRequest>({
    resolver: signInResolver,
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const finish = () => {
    // Another user's cached data must never survive a sign-in.
    queryClient.removeQueries();
    void navigate(redirectTo, { replace: true });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per visit; the ref guards React's double effects
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const endOldSession = timedOut
      ? signOut()
          .catch(() => undefined)
          .finally(clearSessionTimedOut)
      : Promise.resolve();
    if (linkToken) void endOldSession.then(() => signInWithToken.mutate(linkToken, { onSuccess: finish }));
  }, []);

  if (linkToken && (signInWithToken.isPending || signInWithToken.isIdle)) {
    return <LoadingScreen label={t('signIn.signingInWithLink')} />;
  }

  const onSubmit = form.handleSubmit((values) => signIn.mutate(values, { onSuccess: finish }));

  return (
    <>
      <h1 className={styles.title}>{t('signIn.title')}</h1>
      <p className={styles.subtitle}>{t('signIn.subtitle')}</p>
      {timedOut ? <Notice severity="warning">{t('session.timedOut')}</Notice> : null}
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label={t('signIn.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email ? translateMessage(errors.email.message) : undefined}
          {...form.register('email')}
        />
        <TextField
          label={t('signIn.password')}
          type="password"
          autoComplete="current-password"
          error={errors.password ? translateMessage(errors.password.message) : undefined}
          {...form.register('password')}
        />
        <div className={styles.row}>
          <Link to="/reset-password">{t('signIn.forgotPassword')}</Link>
        </div>
        <Button type="submit" block size="lg" loading={signIn.isPending}>
          {t('signIn.submit')}
        </Button>
      </form>
      <p className={styles.footer}>
        {t('signIn.noAccount')} <Link to={withRedirect('/sign-up', requested)}>{t('signIn.signUp')}</Link>
      </p>
    </>
  );
}
