import type { GoogleInfo } from '@app/contract/integrations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sessionId } from '../google-link.ts';
import { integrationKeys } from './keys.ts';

/**
 * POST /api/gcinfo: googleInfo (spec §3) — whether the server is configured and the account linked,
 * the caller's active Classroom courses, the error code of spec §4 and the documents already sent.
 */
export function getGoogleInfo(signal?: AbortSignal) {
  return api.post<GoogleInfo>('/api/gcinfo', { id: sessionId() }, { signal });
}

export const googleInfoQuery = queryOptions({
  queryKey: integrationKeys.googleInfo,
  queryFn: ({ signal }) => getGoogleInfo(signal),
  // The buttons read only `disabled` from it; opening the modal asks again and reports failures itself.
  meta: { handlesErrors: true },
  staleTime: 5 * 60_000,
  retry: false,
});

/** The Google information the document rows share (one request per editor page). */
export function useGoogleInfo() {
  return useQuery(googleInfoQuery);
}
