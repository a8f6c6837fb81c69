import { UserType } from '@app/contract/users';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notifications.ts';

type Me = { user_type: number };

/**
 * Spec §6: a student on a media screen goes to /my-profile with 'Only instructors can use
 * media library feature.'. True once the signed-in user is known to be an instructor.
 */
export function useInstructorOnly(): boolean {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The same query (key and endpoint) as the users feature's current-user hook, read without importing it.
  const { data: user } = useQuery({ queryKey: ['users', 'current'], queryFn: ({ signal }) => api.get<Me>('/api/users', { signal }) });
  const allowed = user?.user_type === UserType.instructor;
  useEffect(() => {
    if (user && !allowed) {
      notify({ severity: 'error', message: t('errors.mediaInstructorsOnly') });
      void navigate('/my-profile', { replace: true });
    }
  }, [user, allowed, navigate, t]);
  return allowed;
}
