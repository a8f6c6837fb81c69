import type { LtiRegistrationPreview, LtiRegistrationRequest, LtiRegistrationResult } from '@app/contract/lti';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /api/lti/registrations/{key}: the LMS a Dynamic Registration URL was opened from (issue 28). */
export function useRegistrationPreview(key: string, request: LtiRegistrationRequest | undefined) {
  return useQuery({
    queryKey: ['lti-registration', key, request?.openid_configuration] as const,
    queryFn: ({ signal }) =>
      api.get<LtiRegistrationPreview>(
        `/api/lti/registrations/${encodeURIComponent(key)}?${new URLSearchParams({
          openid_configuration: request?.openid_configuration ?? '',
          ...(request?.registration_token ? { registration_token: request.registration_token } : {}),
        })}`,
        { signal },
      ),
    enabled: request !== undefined,
    retry: false,
    meta: { handlesErrors: true },
  });
}

/** POST /api/lti/registrations/{key}: registers the tool with the LMS (the one confirmation). */
export function useRegister(key: string) {
  return useMutation({
    mutationFn: (request: LtiRegistrationRequest) =>
      api.post<LtiRegistrationResult>(`/api/lti/registrations/${encodeURIComponent(key)}`, request, { redirectOnUnauthorized: false }),
    meta: { handlesErrors: true },
  });
}
