import { TeacherAccountRequestInput } from '@app/contract/teacher-requests';
import { UserType } from '@app/contract/users';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { translateMessage } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { apiErrorMessages } from '../../../lib/api-errors.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { notify } from '../../../lib/notifications.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useRequestTeacherAccount } from '../api/request-teacher-account.ts';
import styles from './request-teacher-account.module.css';

type FormInput = z.input<typeof TeacherAccountRequestInput>;
type FormOutput = z.output<typeof TeacherAccountRequestInput>;

/** Sends an instructor back to the profile with the spec's error, once. */
function useRedirectInstructor(isInstructor: boolean) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (!isInstructor || done.current) return;
    done.current = true;
    notify({ severity: 'error', message: t('messages.api.alreadyInstructor') });
    void navigate('/my-profile', { replace: true });
  }, [isInstructor, navigate, t]);
}

/** /request-teacher-account (spec §2, §6): a student asks for a teacher account. */
export function RequestTeacherAccountPage() {
  const { t } = useTranslation();
  usePageTitle(t('teacherRequest.title'));
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const request = useRequestTeacherAccount();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(TeacherAccountRequestInput),
    defaultValues: { school_name: '', phone: '', web_site: '' },
  });
  const { errors } = form.formState;
  // Whether the profile says so, or the server answers so because the account changed meanwhile.
  const refusedAsInstructor = request.error instanceof ApiError && request.error.hasCode('already_instructor');
  useRedirectInstructor(user?.user_type === UserType.instructor || refusedAsInstructor);

  if (!user || user.user_type === UserType.instructor) return <LoadingScreen />;

  const onSubmit = form.handleSubmit((values) =>
    request.mutate(values, {
      onSuccess: () => {
        notify({ severity: 'success', message: t('teacherRequest.submitted') });
        void navigate('/my-profile');
      },
    }),
  );
  const fieldError = (field: keyof FormInput) => {
    const message = errors[field]?.message;
    return message ? translateMessage(message) : undefined;
  };

  return (
    <section className={styles.page}>
      <h1>{t('teacherRequest.title')}</h1>
      {user.has_pending_teacher_account_request && !request.isSuccess ? (
        <>
          <Notice severity="info" title={t('teacherRequest.pendingTitle')}>
            <p>{t('teacherRequest.pendingMessage')}</p>
          </Notice>
          <ButtonLink to="/my-profile" variant="outline">
            {t('teacherRequest.backToProfile')}
          </ButtonLink>
        </>
      ) : (
        <>
          <p className={styles.intro}>{t('teacherRequest.intro')}</p>
          {request.error && !refusedAsInstructor ? (
            <Notice severity="error" title={t('teacherRequest.failed')}>
              <ul className={styles.errors}>
                {apiErrorMessages(request.error).map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            </Notice>
          ) : null}
          <form onSubmit={onSubmit} noValidate className={styles.form}>
            <TextField
              label={t('teacherRequest.schoolName')}
              autoComplete="organization"
              maxLength={200}
              error={fieldError('school_name')}
              {...form.register('school_name')}
            />
            <TextField
              label={t('teacherRequest.phone')}
              type="tel"
              autoComplete="tel"
              maxLength={40}
              error={fieldError('phone')}
              {...form.register('phone')}
            />
            <TextField
              label={t('teacherRequest.webSite')}
              inputMode="url"
              autoComplete="url"
              maxLength={500}
              hint={t('teacherRequest.webSiteHint')}
              error={fieldError('web_site')}
              {...form.register('web_site')}
            />
            <div className={styles.actions}>
              <Button type="submit" loading={request.isPending}>
                {t('teacherRequest.submit')}
              </Button>
              <ButtonLink to="/my-profile" variant="outline">
                {t('teacherRequest.cancel')}
              </ButtonLink>
            </div>
          </form>
        </>
      )}
    </section>
  );
}
