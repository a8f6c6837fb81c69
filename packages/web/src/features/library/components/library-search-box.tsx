import { useTranslation } from 'react-i18next';
import { SearchIcon } from '../../../components/ui/icons.tsx';
import styles from './library-search-box.module.css';

export interface LibrarySearchBoxProps {
  id: string;
  value: string;
  onChange: (query: string) => void;
  /** The frame around label and field (width, spacing where it stands). */
  className?: string;
  /** The dialog names the field only for screen readers; the page shows 'Search'. */
  labelHidden?: boolean;
}

/** The library's search field: 'Search' and a search box with its icon (spec §7). */
export function LibrarySearchBox({ id, value, onChange, className, labelHidden = false }: LibrarySearchBoxProps) {
  const { t } = useTranslation();
  return (
    <div className={className}>
      <label htmlFor={id} className={labelHidden ? 'visually-hidden' : styles.label}>
        {t('library.search')}
      </label>
      <div className={styles.box}>
        <SearchIcon width="18" height="18" className={styles.icon} />
        <input
          id={id}
          type="search"
          className={styles.input}
          placeholder={t('library.searchPlaceholder')}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
    </div>
  );
}
