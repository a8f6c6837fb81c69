import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSelector } from '../../components/language-selector.tsx';
import { MenuIcon } from '../../components/ui/icon.tsx';
import { ExternalLinks } from './external-links.tsx';
import styles from './site-header.module.css';

export interface SiteHeaderProps {
  /** Present in the dashboard layout: shows the menu button that opens the sidebar on phones. */
  menu?: { open: boolean; onToggle: () => void; controls: string; ref: Ref<HTMLButtonElement> };
}

/** The shared header (spec §1): brand, external links and the language selector. */
export function SiteHeader({ menu }: SiteHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className={`${styles.header} ${menu ? styles.withMenu : ''}`}>
      <div className={styles.start}>
        {menu ? (
          <button
            ref={menu.ref}
            type="button"
            className={styles.menuButton}
            aria-label={t('header.menu')}
            aria-expanded={menu.open}
            aria-controls={menu.controls}
            onClick={menu.onToggle}
          >
            <MenuIcon />
          </button>
        ) : null}
        <Link to="/" className={styles.brand} aria-label={t('app.home')}>
          <span className={styles.logo} aria-hidden="true">
            ♪
          </span>
          <span>{t('app.name')}</span>
        </Link>
      </div>
      <nav aria-label={t('header.externalLinks')} className={styles.links}>
        <ExternalLinks className={styles.linkList} linkClassName={styles.link} />
      </nav>
      <LanguageSelector className={styles.language} />
    </header>
  );
}
