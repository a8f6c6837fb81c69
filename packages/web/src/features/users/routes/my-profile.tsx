import { LANGUAGES, UserType } from '@app/contract/users';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import styles from './my-profile.module.css';

/** /my-profile: the read-only profile of spec §2, with the way to edit it and, for students, to ask for a teacher account. */
export function MyProfilePage() {
  const { t } = useTranslation();
  usePageTitle(t('profile.title'));
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  if (!user) return <LoadingScreen />;

  const yesNo = (value: boolean) => (value ? t('common.yes') : t('common.no'));
  const language = LANGUAGES.find((l) => l.abbreviation === user.language)?.language ?? user.language;
  const rows: { label: string; value: string; hint?: string }[] = [
    { label: t('profile.name'), value: `${user.first_name} ${user.last_name}`.trim() },
    { label: t('profile.email'), value: user.email },
    { label: t('profile.timezone'), value: user.timezone_name.replaceAll('_', ' ') || t('profile.notSet') },
    { label: t('profile.language'), value: language, hint: t('profile.languageHint') },
    { label: t('profile.notificationEmails'), value: yesNo(user.will_receive_notification_emails) },
    { label: t('profile.marketingEmails'), value: yesNo(user.will_receive_marketing_emails) },
    { label: t('profile.accountType'), value: user.user_type === UserType.instructor ? t('profile.instructor') : t('profile.student') },
  ];

  return (
    <section className={styles.page}>
      <h1>{t('profile.title')}</h1>
      <dl className={styles.list}>
        {rows.map((row) => (
          <div key={row.label} className={styles.row}>
            <dt className={styles.term}>{row.label}</dt>
            <dd className={styles.value}>
              {row.value}
              {row.hint ? <span className={styles.hint}>{row.hint}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
      <div className={styles.actions}>
        <Button onClick={() => void navigate('/my-profile/edit')}>{t('profile.editSettings')}</Button>
        <Button variant="outline" onClick={() => void navigate('/change-password')}>
          {t('profile.changePassword')}
        </Button>
        {user.user_type === UserType.student ? (
          user.has_pending_teacher_account_request ? (
            <Button variant="secondary" disabled>
              {t('profile.teacherRequestPending')}
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => void navigate('/request-teacher-account')}>
              {t('profile.requestTeacherAccount')}
            </Button>
          )
        ) : null}
      </div>
    </section>
  );
}
