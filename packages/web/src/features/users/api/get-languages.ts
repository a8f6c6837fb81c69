import type { Language } from '@app/contract/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export type LanguageOption = z.infer<typeof Language>;

/** GET /api/languages: a reference list that rarely changes, cached for the page's lifetime. */
export function getLanguages(signal?: AbortSignal) {
  return api.get<LanguageOption[]>('/api/languages', { signal });
}

export const languagesQuery = queryOptions({
  queryKey: ['reference', 'languages'],
  queryFn: ({ signal }) => getLanguages(signal),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useLanguages() {
  return useQuery(languagesQuery);
}
