import { useTranslation } from 'react-i18next';
import { ExternalIcon } from '../../components/ui/icon.tsx';
import { SITE_LINKS } from '../../lib/site-links.ts';

/** The marketing, blog, video and support links; rendered in the header, and in the drawer on phones. */
export function ExternalLinks({ className, linkClassName }: { className?: string; linkClassName?: string }) {
  const { t } = useTranslation();
  return (
    <ul className={className}>
      {SITE_LINKS.map((link) => (
        <li key={link.key}>
          <a href={link.href} target="_blank" rel="noopener noreferrer" className={linkClassName}>
            {t(`header.${link.key}`)}
            <ExternalIcon />
            <span className="visually-hidden"> {t('common.opensInNewTab')}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
