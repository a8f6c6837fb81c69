import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { getAccessToken } from '../../../lib/cookies.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useConfirmEmail } from '../api/confirm-email.ts';

/**
 * /confirm-email?token=…: the link mailed to a new address (issue 16). Following it is what makes
 * the address the account's; it works signed in or not, once.
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  usePageTitle(t('confirmEmail.title'));
  const token = useSearchParams()[0].get('token') ?? '';
  const confirm = useConfirmEmail();
  const sent = useRef(false);
  useEffect(() => {
    // Once, even under StrictMode's double effects: the link works a single time.
    if (sent.current || !token) return;
    sent.current = true;
    confirm.mutate(token);
  }, [token, confirm]);

  const next = getAccessToken()
    ? { to: '/my-profile', label: t('confirmEmail.toProfile') }
    : { to: '/sign-in', label: t('confirmEmail.toSignIn') };
  return (
    <>
      <h1>{t('confirmEmail.title')}</h1>
      {token && confirm.isPending ? <LoadingScreen /> : null}
      {confirm.isSuccess ? (
        <Notice severity="success">
          <p>{t('confirmEmail.done', { email: confirm.data.email })}</p>
        </Notice>
      ) : null}
      {!token || confirm.isError ? (
        <Notice severity="error">
          <p>{t('confirmEmail.failed')}</p>
        </Notice>
      ) : null}
      <p>
        <Link to={next.to}>{next.label}</Link>
      </p>
    </>
  );
}
