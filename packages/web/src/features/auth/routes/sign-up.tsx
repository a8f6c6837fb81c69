import { Email } from '@app/contract/rules';
import { SignUpRequest } from '@app/contract/users';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { DecoyField } from '../../../components/ui/decoy-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { currentLanguage, translateMessage } from '../../../i18n/index.ts';
import { sanitizeRedirect, withRedirect } from '../../../lib/redirect.ts';
import { rememberReturnAfterSignUp } from '../../../lib/return-after-sign-up.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSignUp } from '../api/sign-up.ts';
import styles from '../components/auth-form.module.css';

const SignUpForm = z.object({
  first_name: SignUpRequest.shape.first_name,
  last_name: SignUpRequest.shape.last_name,
  email: Email,
  will_receive_marketing_emails: z.boolean(),
  will_receive_notification_emails: z.boolean(),
  // Decoys: whatever a bot typed is sent as is, and the server drops the registration.
  gender: z.string(),
  school: z.string(),
  phone_number: z.string(),
});
type SignUpFormInput = z.input<typeof SignUpForm>;
type SignUpFormOutput = z.output<typeof SignUpForm>;

export function SignUpPage() {
  const { t } = useTranslation();
  usePageTitle(t('signUp.title'));
  const navigate = useNavigate();
  // Where the person was headed (an invitation link, say): the create-password page goes there.
  const requested = sanitizeRedirect(useSearchParams()[0].get('redirect'));
  const signUp = useSignUp();
  const form = useForm<SignUpFormInput, unknown, SignUpFormOutput>({
    resolver: zodResolver(SignUpForm),
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      will_receive_marketing_emails: false,
      will_receive_notification_emails: true,
      gender: '',
      school: '',
      phone_number: '',
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    signUp.mutate(
      { ...values, language: currentLanguage() },
      {
        onSuccess: (data) => {
          rememberReturnAfterSignUp(requested);
          void navigate('/sign-up/confirmation', { state: { email: data?.email ?? values.email } });
        },
      },
    ),
  );

  return (
    <>
      <h1 className={styles.title}>{t('signUp.title')}</h1>
      <p className={styles.subtitle}>{t('signUp.subtitle')}</p>
      <form onSubmit={onSubmit} noValidate>
        <div className={styles.names}>
          <TextField
            label={t('signUp.firstName')}
            autoComplete="given-name"
            error={errors.first_name ? translateMessage(errors.first_name.message) : undefined}
            {...form.register('first_name')}
          />
          <TextField
            label={t('signUp.lastName')}
            autoComplete="family-name"
            error={errors.last_name ? translateMessage(errors.last_name.message) : undefined}
            {...form.register('last_name')}
          />
        </div>
        <TextField
          label={t('signUp.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email ? translateMessage(errors.email.message) : undefined}
          {...form.register('email')}
        />
        <DecoyField {...form.register('gender')} />
        <DecoyField {...form.register('school')} />
        <DecoyField type="tel" {...form.register('phone_number')} />
        <div className={styles.checkboxes}>
          <CheckboxField label={t('signUp.notificationEmails')} {...form.register('will_receive_notification_emails')} />
          <CheckboxField label={t('signUp.marketingEmails')} {...form.register('will_receive_marketing_emails')} />
        </div>
        <Button type="submit" block size="lg" loading={signUp.isPending}>
          {t('signUp.submit')}
        </Button>
      </form>
      <p className={styles.footer}>
        {t('signUp.haveAccount')} <Link to={withRedirect('/sign-in', requested)}>{t('signUp.signIn')}</Link>
      </p>
    </>
  );
}
