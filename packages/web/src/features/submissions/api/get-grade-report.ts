import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { submissionKeys } from '../../../lib/submission-keys.ts';

/**
 * The grade report's HTML, fetched from its signed link. The server forbids framing its pages, so
 * the text goes into a sandboxed iframe's srcdoc rather than the iframe loading the link itself.
 */
export async function getGradeReport(url: string, signal?: AbortSignal): Promise<string> {
  const response = await fetch(url, { signal, credentials: 'same-origin' });
  if (!response.ok) throw new ApiError(response.status, []);
  return response.text();
}

export function useGradeReport(submissionId: number, url: string | null | undefined, enabled: boolean) {
  return useQuery({
    queryKey: submissionKeys.report(submissionId),
    queryFn: ({ signal }) => getGradeReport(url ?? '', signal),
    enabled: enabled && Boolean(url),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { handlesErrors: true },
  });
}
