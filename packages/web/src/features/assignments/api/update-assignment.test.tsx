import type { AssignmentSet } from '@app/contract/assignments';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCourseSets } from '../../../lib/course-sets.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { fakeApi, ok } from '../../../testing/fake-api.ts';
import { useUpdateAssignment } from './update-assignment.ts';

const set = (title: string) => ({ id: 11, course: 5, title, weight: 0, documents: [] }) as unknown as AssignmentSet;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('editing a set', () => {
  it('refreshes the grade book’s sets at once (one cache entry for GET /api/courses/{id}/assignments)', async () => {
    let title = 'Set 1';
    const api = fakeApi((call) => {
      if (call.method === 'GET' && call.url === '/api/courses/5/assignments') return ok([set(title)]);
      if (call.method === 'PUT' && call.url === '/api/assignments/11') {
        title = (call.body as { title: string }).title;
        return ok(set(title));
      }
      return undefined;
    });
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    // What the grade book reads (well within the 30 s staleTime), and the editor's mutation.
    const { result } = renderHook(() => ({ sets: useCourseSets(5), update: useUpdateAssignment() }), { wrapper });
    await waitFor(() => expect(result.current.sets.data?.[0]?.title).toBe('Set 1'));

    await act(() => result.current.update.mutateAsync({ assignmentId: 11, changes: { title: 'Cadences' } }));

    await waitFor(() => expect(result.current.sets.data?.[0]?.title).toBe('Cadences'));
    expect(api.to('GET', '/api/courses/5/assignments')).toHaveLength(2);
  });
});
