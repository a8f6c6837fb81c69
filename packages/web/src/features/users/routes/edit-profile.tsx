import { Email } from '@app/contract/rules';
import { type CurrentUser, LANGUAGES, LanguageCode, type UpdateUserRequest } from '@app/contract/users';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { CommitTextField } from '../../../components/ui/commit-text-field.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { type SaveState, SaveStatus, useSaveStatus } from '../../../components/ui/save-status.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { changeLanguage, currentLanguage, translateMessage } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { notify } from '../../../lib/notifications.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useTimezones } from '../api/get-timezones.ts';
import { useUpdateCurrentUser } from '../api/update-current-user.ts';
import { ChangeEmailDialog } from '../components/change-email-dialog.tsx';
import styles from './edit-profile.module.css';

const LANGUAGE_OPTIONS = LANGUAGES.map((l) => ({ value: l.abbreviation, label: l.language }));

// Errors already reached the user as toasts (lib/query-client.ts); a field only needs to know it failed.
const ignore = () => undefined;

/** A field and its quiet save confirmation. */
function Setting({ state, inline = false, children }: { state: SaveState; inline?: boolean; children: ReactNode }) {
  return (
    <div className={inline ? styles.inlineSetting : styles.setting}>
      {children}
      <SaveStatus state={state} className={inline ? undefined : styles.status} />
    </div>
  );
}

/**
 * /my-profile/edit (spec §5): every field saves itself. Text on blur or Enter when changed and not
 * empty; checkboxes and selects on change; a new e-mail only with the current password.
 */
export function EditProfilePage() {
  const { t } = useTranslation();
  usePageTitle(t('profile.editSettings'));
  const { data: user } = useCurrentUser();
  if (!user) return <LoadingScreen />;
  return <EditProfileForm user={user} />;
}

function EditProfileForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const update = useUpdateCurrentUser();
  const { data: timezones } = useTimezones();
  const status = {
    first_name: useSaveStatus(),
    last_name: useSaveStatus(),
    email: useSaveStatus(),
    timezone: useSaveStatus(),
    language: useSaveStatus(),
    will_receive_notification_emails: useSaveStatus(),
    will_receive_marketing_emails: useSaveStatus(),
  };
  const [emailChange, setEmailChange] = useState<{ email: string; settle: (saved: boolean) => void } | null>(null);
  const [passwordError, setPasswordError] = useState<string>();

  /** Saves one field and shows its confirmation; rejects when the server refuses (the toast says why). */
  const save = (field: keyof typeof status, changes: UpdateUserRequest) => status[field].track(update.mutateAsync(changes));

  const timezoneOptions = useMemo(() => {
    const options = (timezones ?? []).map((z) => ({ value: String(z.id), label: z.timezone.replaceAll('_', ' ') }));
    // Until the list arrives, the saved zone is the only choice, so the select never shows a wrong one.
    return options.length > 0 ? options : [{ value: String(user.timezone), label: user.timezone_name.replaceAll('_', ' ') }];
  }, [timezones, user.timezone, user.timezone_name]);

  const commitEmail = (text: string) => {
    const parsed = Email.safeParse(text);
    if (!parsed.success) {
      notify({ severity: 'error', message: translateMessage(parsed.error.issues[0]?.message) });
      return undefined;
    }
    if (parsed.data === user.email) return undefined;
    // Resolves when the new address is saved, rejects on Cancel: the field then shows the old one again.
    return new Promise<void>((resolve, reject) => {
      setPasswordError(undefined);
      setEmailChange({ email: parsed.data, settle: (saved) => (saved ? resolve() : reject(new Error('cancelled'))) });
    });
  };

  const submitEmail = async (currentPassword: string) => {
    if (!emailChange) return;
    try {
      await save('email', { email: emailChange.email, current_password: currentPassword });
      // The address changes only once the link mailed to it is followed (issue 16).
      notify({ severity: 'info', message: t('profile.emailConfirmationSent', { email: emailChange.email }) });
      // The field goes back to the address the account still has; its hint names the pending one.
      emailChange.settle(false);
      setEmailChange(null);
    } catch (error) {
      // A wrong password may be typed again; any other refusal (a taken address) ends the change.
      const refusal = error instanceof ApiError ? error.fieldMessages('current_password')[0] : undefined;
      if (refusal) {
        setPasswordError(translateMessage(refusal));
        return;
      }
      emailChange.settle(false);
      setEmailChange(null);
    }
  };

  const changeLanguageTo = (value: string) => {
    const parsed = LanguageCode.safeParse(value);
    if (!parsed.success) return;
    const previous = currentLanguage();
    // The interface follows at once; it goes back if the server refuses.
    void changeLanguage(parsed.data);
    save('language', { language: parsed.data }).catch(() => changeLanguage(previous));
  };

  return (
    <section className={styles.page}>
      <Link to="/my-profile" className={styles.back}>
        <span aria-hidden="true">←</span> {t('profile.backToProfile')}
      </Link>
      <h1>{t('profile.editSettings')}</h1>
      <p className={styles.intro}>{t('profile.editIntro')}</p>

      <div className={styles.card}>
        <h2 className={styles.cardTitle}>{t('profile.sectionAccount')}</h2>
        <div className={styles.names}>
          <Setting state={status.first_name.state}>
            <CommitTextField
              label={t('profile.firstName')}
              autoComplete="given-name"
              maxLength={100}
              value={user.first_name}
              onCommit={(first_name) => save('first_name', { first_name })}
            />
          </Setting>
          <Setting state={status.last_name.state}>
            <CommitTextField
              label={t('profile.lastName')}
              autoComplete="family-name"
              maxLength={100}
              value={user.last_name}
              onCommit={(last_name) => save('last_name', { last_name })}
            />
          </Setting>
        </div>
        <Setting state={status.email.state}>
          <CommitTextField
            label={t('profile.email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={254}
            hint={user.pending_email ? t('profile.emailPending', { email: user.pending_email }) : t('profile.emailHint')}
            value={user.email}
            onCommit={commitEmail}
          />
        </Setting>
      </div>

      <div className={styles.card}>
        <h2 className={styles.cardTitle}>{t('profile.sectionPreferences')}</h2>
        <Setting state={status.timezone.state}>
          <SelectField
            label={t('profile.timezone')}
            options={timezoneOptions}
            value={String(user.timezone)}
            onChange={(event) => save('timezone', { timezone: Number(event.target.value) }).catch(ignore)}
          />
        </Setting>
        <Setting state={status.language.state}>
          <SelectField
            label={t('profile.language')}
            hint={t('profile.languageHint')}
            options={LANGUAGE_OPTIONS}
            value={user.language}
            onChange={(event) => changeLanguageTo(event.target.value)}
          />
        </Setting>
      </div>

      <div className={styles.card}>
        <h2 className={styles.cardTitle}>{t('profile.sectionEmails')}</h2>
        <Setting state={status.will_receive_notification_emails.state} inline>
          <CheckboxField
            label={t('profile.notificationEmailsOption')}
            checked={user.will_receive_notification_emails}
            onChange={(event) =>
              save('will_receive_notification_emails', { will_receive_notification_emails: event.target.checked }).catch(ignore)
            }
          />
        </Setting>
        <Setting state={status.will_receive_marketing_emails.state} inline>
          <CheckboxField
            label={t('profile.marketingEmailsOption')}
            checked={user.will_receive_marketing_emails}
            onChange={(event) =>
              save('will_receive_marketing_emails', { will_receive_marketing_emails: event.target.checked }).catch(ignore)
            }
          />
        </Setting>
      </div>

      <ChangeEmailDialog
        email={emailChange?.email ?? null}
        saving={update.isPending && emailChange !== null}
        passwordError={passwordError}
        onCancel={() => {
          emailChange?.settle(false);
          setEmailChange(null);
        }}
        onSubmit={(password) => void submitEmail(password)}
      />
    </section>
  );
}
