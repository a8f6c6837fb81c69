import { passwordRules } from '@app/contract/rules';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon, CloseIcon } from '../../../components/ui/icons.tsx';
import styles from './password-checklist.module.css';

/** The live checklist of spec §5: each rule turns from error to success colour as it is met. */
export function PasswordChecklist({ password }: { password: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <div className={styles.checklist}>
      <p id={headingId} className={styles.heading}>
        {t('password.requirements')}
      </p>
      <ul aria-labelledby={headingId} className={styles.list}>
        {passwordRules.map((rule) => {
          const met = rule.test(password);
          return (
            <li key={rule.key} data-rule={rule.key} data-state={met ? 'met' : 'unmet'} className={met ? styles.met : styles.unmet}>
              {met ? <CheckIcon width="16" height="16" /> : <CloseIcon width="16" height="16" />}
              <span>{t(`password.rules.${rule.key}`)}</span>
              <span className="visually-hidden"> ({met ? t('password.ruleMet') : t('password.ruleUnmet')})</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
