import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import styles from './page.module.css';

/** Route error boundary: a failed chunk load or a render error, never a blank page. */
export function ErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <main className={styles.centered}>
      <h1>{t('errorPage.title')}</h1>
      <p>{t('errorPage.message')}</p>
      <Button onClick={() => window.location.reload()}>{t('errorPage.reload')}</Button>
    </main>
  );
}
