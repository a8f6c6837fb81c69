import type { LibrarySet } from '@app/contract/assignments';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { libraryKeys } from './keys.ts';

/** GET /api/content-library: every library set with its documents (instructors only; 403 otherwise). */
export function getContentLibrary(signal?: AbortSignal) {
  return api.get<LibrarySet[]>('/api/content-library', { signal });
}

export function useContentLibrary(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: libraryKeys.sets(),
    queryFn: ({ signal }) => getContentLibrary(signal),
    enabled: options.enabled ?? true,
    // The library changes only through the admin CLI.
    staleTime: 10 * 60 * 1000,
  });
}
