import type { EnrollmentRequest } from '@app/contract/people';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { fakeApi, ok } from '../../../testing/fake-api.ts';
import { MyEnrollmentRequests } from './my-enrollment-requests.tsx';

function request(id: number, status: EnrollmentRequest['status'], title: string): EnrollmentRequest {
  return {
    id,
    status,
    created_at: 0,
    student: { id: 7, first_name: 'Fanny', last_name: 'Mendelssohn', email: 'student@example.com' },
    course: { id: id + 100, title, start_date: 1_900_000_000, end_date: 1_910_000_000, school: { school: null } },
  };
}

describe('MyEnrollmentRequests', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('offers Cancel for a pending request and Dismiss for a declined one, both through DELETE', async () => {
    const api = fakeApi(() => ok({}));
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MyEnrollmentRequests
          requests={[request(1, 'PENDING', 'Harmony'), request(2, 'REJECTED', 'Counterpoint'), request(3, 'ACCEPTED', 'Form')]}
          language="en"
          timeZone="UTC"
        />
      </QueryClientProvider>,
    );
    expect(screen.getByText('DECLINED')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel the request to join Harmony' })).toBeTruthy();
    expect(screen.queryAllByRole('button', { name: /Form/ })).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Remove the declined request to join Counterpoint from this list' }));
    expect(api.map((call) => `${call.method} ${call.url}`)).toContain('DELETE /api/course-enrollment-requests/2');
  });
});
