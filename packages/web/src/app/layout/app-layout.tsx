import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { SessionTimeout } from '../../features/auth/components/session-timeout.tsx';
import { EmailLanguageOffer } from '../../features/users/components/email-language-offer.tsx';
import styles from './app-layout.module.css';
import { Sidebar } from './sidebar.tsx';
import { SiteHeader } from './site-header.tsx';

const SIDEBAR_ID = 'dashboard-sidebar';

/** Signed-in screens: header, dashboard sidebar (a drawer below 768px), the page, and the session watcher. */
export function AppLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the drawer whenever the page changes
  useEffect(() => {
    setMenuOpen(false);
  }, [location.key]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skipLink}>
        {t('app.skipToContent')}
      </a>
      {navigation.state === 'loading' ? <div className={styles.progress} aria-hidden="true" /> : null}
      <SiteHeader menu={{ open: menuOpen, onToggle: () => setMenuOpen((open) => !open), controls: SIDEBAR_ID, ref: menuButton }} />
      <div className={styles.body}>
        <Sidebar id={SIDEBAR_ID} open={menuOpen} />
        {menuOpen ? <div className={styles.backdrop} aria-hidden="true" onClick={() => setMenuOpen(false)} /> : null}
        <main id="main" className={styles.main} tabIndex={-1}>
          <EmailLanguageOffer />
          <Outlet />
        </main>
      </div>
      <SessionTimeout />
    </div>
  );
}
