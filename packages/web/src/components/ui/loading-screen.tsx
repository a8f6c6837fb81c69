import { useTranslation } from 'react-i18next';
import styles from './loading-screen.module.css';

/** Shown while a route chunk or the first data loads (spec §2: 'Loading...'); `label` names a longer wait. */
export function LoadingScreen({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.screen} aria-busy="true" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <p className={styles.text}>{label ?? t('app.loading')}</p>
    </div>
  );
}
