import { Outlet } from 'react-router';
import styles from './auth-layout.module.css';
import { SiteHeader } from './site-header.tsx';

/** Signed-out screens (sign-in, sign-up, password): the shared header and a centred card. */
export function AuthLayout() {
  return (
    <div className={styles.shell}>
      <SiteHeader />
      <main id="main" className={styles.main}>
        <div className={styles.card}>
          <Outlet />
        </div>
      </main>
    </div>
  );
}
