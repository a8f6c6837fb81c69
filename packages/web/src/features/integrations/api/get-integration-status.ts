import type { IntegrationStatus } from '@app/contract/integrations';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { integrationKeys } from './keys.ts';

/** GET /api/integrations: whether Google Classroom is configured and which checkout FastSpring runs (live or test). */
export function getIntegrationStatus(signal?: AbortSignal) {
  return api.get<IntegrationStatus>('/api/integrations', { signal });
}

export function useIntegrationStatus() {
  return useQuery({
    queryKey: integrationKeys.status,
    queryFn: ({ signal }) => getIntegrationStatus(signal),
    // Configuration only changes with a server restart.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
