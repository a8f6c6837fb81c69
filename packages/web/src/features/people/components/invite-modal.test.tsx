import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { fakeApi, ok } from '../../../testing/fake-api.ts';
import { InviteModal } from './invite-modal.tsx';

// A variable, not a literal: the linter reads a literal `role` prop as an ARIA role.
const invitedRole = 'student' as const;

describe('InviteModal', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('forgets a duplicate-address error once the invitations are sent (issue 16)', async () => {
    const calls = fakeApi((call) => {
      const results = (call.body as { emails: string[] }).emails.map((email) => ({ email, invited: true, message: null }));
      return ok({ results, invitations: [] });
    });
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <InviteModal course={{ id: 5, title: 'Music Theory I' }} role={invitedRole} open onOpenChange={() => undefined} />
      </QueryClientProvider>,
    );
    const field = screen.getByLabelText('E-mail addresses');
    await user.type(field, 'clara@example.com{Enter}clara@example.com{Enter}');
    expect(screen.getByText('clara@example.com has already been added.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Invite' }));
    await waitFor(() => expect(screen.getByText('Invitations sent: 1 of 1.')).toBeTruthy());
    expect(calls.map((call) => call.body)).toEqual([{ role: 'student', course: 5, emails: ['clara@example.com'] }]);
    expect(screen.queryByText('clara@example.com has already been added.')).toBeNull();
    expect(field.getAttribute('aria-invalid')).toBeNull();
  });
});
