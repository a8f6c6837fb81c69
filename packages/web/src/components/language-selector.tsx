import { isLanguageCode } from '@app/contract/constants';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, SUPPORTED_LANGUAGES } from '../i18n/index.ts';
import styles from './language-selector.module.css';
import { GlobeIcon } from './ui/icon.tsx';
import { SelectField } from './ui/select-field.tsx';

const OPTIONS = SUPPORTED_LANGUAGES.map((l) => ({ value: l.abbreviation, label: l.language }));

/**
 * Language picker with the native names; the choice goes to the `locale` cookie. On a phone it is
 * a globe button (the native select over it, see-through), so the header keeps one row in every
 * language (QA Q11).
 */
export function LanguageSelector({ className }: { className?: string }) {
  // useTranslation re-renders this on every language change, so currentLanguage() is fresh.
  const { t } = useTranslation();
  return (
    <span className={`${styles.language} ${className ?? ''}`}>
      <GlobeIcon className={styles.globe} />
      <SelectField
        className={styles.field}
        label={t('header.language')}
        hideLabel
        compact
        options={OPTIONS}
        value={currentLanguage()}
        onChange={(event) => {
          const code = event.target.value;
          if (isLanguageCode(code)) void changeLanguage(code);
        }}
      />
    </span>
  );
}
