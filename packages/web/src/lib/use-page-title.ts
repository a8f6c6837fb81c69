import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the tab title so each screen is announced and bookmarked by name. */
export function usePageTitle(title: string) {
  const { t } = useTranslation();
  const appName = t('app.name');
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);
}
