import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { notify } from '../../../lib/notifications.ts';
import { isPublicPath, signInPath } from '../../../lib/redirect.ts';
import { SESSION_WARNING_SECONDS, timeOutSession, useSessionSecondsLeft } from '../../../lib/session.ts';
import { useRenewAccessToken } from '../api/renew-access-token.ts';
import styles from './session-timeout.module.css';

// The dialog's code (Radix) is fetched as the warning nears, not with every page's first load (issue 15).
const loadModal = () => import('../../../components/ui/modal.tsx');
const Modal = lazy(async () => ({ default: (await loadModal()).Modal }));

/**
 * Watches the token expiry every second on protected pages (spec §4): warns with a countdown
 * from 60 s, renews on Continue, and at expiry sends the user to sign-in with the timed-out flag.
 */
export function SessionTimeout() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { secondsLeft, refresh } = useSessionSecondsLeft();
  const renew = useRenewAccessToken();
  // Only a session this page has seen can time out; a visitor who never signed in is the
  // access rule's business and must not get the inactivity notice.
  const hadSession = useRef(false);
  const guarded = !isPublicPath(location.pathname) && location.pathname !== '/sign-out';
  const returnPath = `${location.pathname}${location.search}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read the cookies on every navigation
  useEffect(() => {
    refresh();
  }, [location.key, refresh]);

  useEffect(() => {
    if (secondsLeft !== null && secondsLeft > 0) {
      hadSession.current = true;
      return;
    }
    if (!guarded) {
      hadSession.current = false;
      return;
    }
    if (!hadSession.current) return;
    hadSession.current = false;
    timeOutSession();
    void navigate(signInPath(returnPath), { replace: true });
  }, [secondsLeft, guarded, returnPath, navigate]);

  const open = guarded && secondsLeft !== null && secondsLeft > 0 && secondsLeft <= SESSION_WARNING_SECONDS;
  const near = guarded && secondsLeft !== null && secondsLeft > 0 && secondsLeft <= SESSION_WARNING_SECONDS + 30;
  // Mounted from the first warning on, so closing still animates.
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (near) void loadModal();
    if (open) setMounted(true);
  }, [near, open]);
  // While the dialog animates out, keep the last count instead of flashing '0 seconds'.
  const [shownSeconds, setShownSeconds] = useState(SESSION_WARNING_SECONDS);
  useEffect(() => {
    if (open && secondsLeft !== null) setShownSeconds(secondsLeft);
  }, [open, secondsLeft]);

  const stayLoggedIn = () => {
    renew.mutate(undefined, {
      onSuccess: refresh,
      onError: () => notify({ severity: 'error', message: t('session.renewFailed') }),
    });
  };

  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Modal
        open={open}
        onOpenChange={() => undefined}
        dismissible={false}
        size="sm"
        title={t('session.title')}
        description={t('session.message')}
        footer={
          <>
            <Button variant="outline" onClick={() => void navigate('/sign-out')}>
              {t('session.logOut')}
            </Button>
            <Button onClick={stayLoggedIn} loading={renew.isPending}>
              {t('session.continue')}
            </Button>
          </>
        }
      >
        <p className={styles.countdown} data-testid="session-countdown">
          {t('session.secondsLeft', { seconds: open ? secondsLeft : shownSeconds })}
        </p>
      </Modal>
    </Suspense>
  );
}
