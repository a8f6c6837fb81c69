import { UserType } from '@app/contract/users';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../../lib/auth.ts';
import { notify } from '../../../lib/notifications.ts';

/**
 * Spec §6: a student on a media screen goes to /my-profile with 'Only instructors can use
 * media library feature.'. True once the signed-in user is known to be an instructor.
 */
export function useInstructorOnly(): boolean {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const allowed = user?.user_type === UserType.instructor;
  useEffect(() => {
    if (user && !allowed) {
      notify({ severity: 'error', message: t('messages.media.instructorsOnly') });
      void navigate('/my-profile', { replace: true });
    }
  }, [user, allowed, navigate, t]);
  return allowed;
}
