// The zod-free constants, not contract/users: this is on every signed-in page's first load (decision 029).
import { LANGUAGES } from '@app/contract/constants';
import type { LanguageCode } from '@app/contract/users';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { currentLanguage, i18n } from '../../../i18n/index.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useUpdateCurrentUser } from '../api/update-current-user.ts';
import styles from './email-language-offer.module.css';

const languageName = (code: string) => LANGUAGES.find((l) => l.abbreviation === code)?.language ?? code;

/**
 * The profile's language is the language of the e-mails we send (issue 30). When the person
 * switches the interface to another language (the header's selector), this offers to send the
 * e-mails in it too, until they answer or the two agree. Not on the profile editor, whose language
 * field changes both.
 */
export function EmailLanguageOffer() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data: user } = useCurrentUser();
  const update = useUpdateCurrentUser();
  const [offered, setOffered] = useState<LanguageCode | null>(null);

  useEffect(() => {
    const onChange = () => setOffered(currentLanguage());
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, []);

  if (!user || offered === null || offered !== currentLanguage() || user.language === offered) return null;
  if (pathname.startsWith('/my-profile/edit')) return null;

  return (
    <section className={styles.offer} aria-label={t('profile.emailLanguageOffer.label')}>
      <p className={styles.text}>
        {t('profile.emailLanguageOffer.text', { current: languageName(user.language), next: languageName(offered) })}
      </p>
      <div className={styles.actions}>
        <Button size="sm" loading={update.isPending} onClick={() => update.mutate({ language: offered })}>
          {t('profile.emailLanguageOffer.accept', { next: languageName(offered) })}
        </Button>
        <Button size="sm" variant="outline" onClick={() => setOffered(null)}>
          {t('profile.emailLanguageOffer.keep', { current: languageName(user.language) })}
        </Button>
      </div>
    </section>
  );
}
