import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/button.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import styles from './page.module.css';

/** Any unknown path for a signed-in user (DESIGN §7.1). */
export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <section className={styles.centered}>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.message')}</p>
      <ButtonLink to="/">{t('notFound.home')}</ButtonLink>
    </section>
  );
}
