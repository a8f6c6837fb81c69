import type { CourseInvitation } from '@app/contract/people';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { CheckIcon, InfoIcon } from '../../../components/ui/icons.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useInvitation } from '../api/get-invitation.ts';
import { useRespondToInvitation } from '../api/respond-to-invitation.ts';
import styles from './join-course.module.css';

export type JoinOutcome = { kind: 'joined'; invitation: CourseInvitation } | { kind: 'notFound' } | { kind: 'error' };

/** Spec §8: a 404 looking the link up, or a 404, 409 or 403 accepting it, means the invitation is gone. */
export function joinFailure(error: unknown, step: 'lookup' | 'accept'): JoinOutcome {
  const gone = step === 'lookup' ? [404] : [404, 409, 403];
  return error instanceof ApiError && gone.includes(error.status) ? { kind: 'notFound' } : { kind: 'error' };
}

/** Where the joined course opens: the student pages for students, the course pages for instructors and TAs. */
export function joinedCoursePath(invitation: Pick<CourseInvitation, 'join_as' | 'course_info'>): string {
  const id = invitation.course_info.id;
  return invitation.join_as === 'student' ? `/student/course/${id}/info` : `/course/${id}/info`;
}

/**
 * /join/{token} (spec §2 "Invitation screen"): looks the invitation up, then accepts it, and says
 * one of three things. Signed-out invitees reach it back through sign-in or sign-up.
 */
export function JoinCoursePage() {
  const { t } = useTranslation();
  usePageTitle(t('people.joinLink.title'));
  const token = useParams().invitationToken ?? '';
  const lookup = useInvitation(token);
  const accept = useRespondToInvitation({ handlesErrors: true });
  const started = useRef(false);

  // Accept exactly once, even under React's doubled effects: the link is single use.
  const invitation = lookup.data;
  const mutate = accept.mutate;
  useEffect(() => {
    if (!invitation || started.current) return;
    started.current = true;
    mutate({ idOrToken: token, state: 'ACCEPTED' });
  }, [invitation, token, mutate]);

  let outcome: JoinOutcome | null = null;
  if (!token) outcome = { kind: 'notFound' };
  else if (lookup.isError) outcome = joinFailure(lookup.error, 'lookup');
  else if (accept.isError) outcome = joinFailure(accept.error, 'accept');
  else if (accept.isSuccess && invitation) outcome = { kind: 'joined', invitation };

  if (!outcome) return <LoadingScreen label={t('people.joinLink.joining')} />;

  return (
    <section className={styles.page}>
      <div className={styles.card} data-outcome={outcome.kind}>
        <span className={styles.icon} aria-hidden="true">
          {outcome.kind === 'joined' ? <CheckIcon width="28" height="28" /> : <InfoIcon width="28" height="28" />}
        </span>
        <h1 className={styles.title}>{t('people.joinLink.title')}</h1>
        {outcome.kind === 'joined' ? (
          <>
            <p className={styles.message} role="status">
              {t('people.joinLink.joined', { title: outcome.invitation.course_info.title })}
            </p>
            <div className={styles.actions}>
              <ButtonLink to={joinedCoursePath(outcome.invitation)}>{t('people.joinLink.openCourse')}</ButtonLink>
              <ButtonLink to="/" variant="outline">
                {t('people.joinLink.toDashboard')}
              </ButtonLink>
            </div>
          </>
        ) : (
          <>
            <p className={styles.message} role="alert">
              {outcome.kind === 'notFound' ? t('people.joinLink.notFound') : t('people.joinLink.error')}
            </p>
            <div className={styles.actions}>
              <Link to="/">{t('people.joinLink.toDashboard')}</Link>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
