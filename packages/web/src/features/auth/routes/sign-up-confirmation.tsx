import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Notice } from '../../../components/ui/notice.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import styles from '../components/auth-form.module.css';

function emailFromState(state: unknown): string | undefined {
  if (state && typeof state === 'object' && 'email' in state && typeof state.email === 'string') return state.email;
  return undefined;
}

export function SignUpConfirmationPage() {
  const { t } = useTranslation();
  usePageTitle(t('signUpConfirmation.title'));
  const email = emailFromState(useLocation().state);
  return (
    <>
      <h1 className={styles.title}>{t('signUpConfirmation.title')}</h1>
      <Notice severity="success">
        <p>{email ? t('signUpConfirmation.sentTo', { email }) : t('signUpConfirmation.sent')}</p>
        <p>{t('signUpConfirmation.instructions')}</p>
      </Notice>
      <p className={styles.footer}>
        <Link to="/sign-in">{t('signUpConfirmation.backToSignIn')}</Link>
      </p>
    </>
  );
}
