import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '../../components/ui/loading-screen.tsx';
import { useCurrentUser } from '../../features/users/api/get-current-user.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import styles from './page.module.css';

/** Placeholder for / until the courses feature brings the real dashboard. */
export function DashboardPage() {
  const { t } = useTranslation();
  usePageTitle(t('dashboard.title'));
  const { data: user } = useCurrentUser();
  if (!user) return <LoadingScreen />;
  return (
    <section>
      <h1>{t('dashboard.title')}</h1>
      <p className={styles.lead}>{t('dashboard.welcome', { name: user.first_name })}</p>
      <div className={styles.empty}>
        <p>{t('dashboard.empty')}</p>
      </div>
    </section>
  );
}
