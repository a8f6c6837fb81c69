import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Notifications } from '../../../components/ui/notifications.tsx';
import { clearNotifications } from '../../../lib/notifications.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { fakeApi, ok, type Reply } from '../../../testing/fake-api.ts';
import { InvitationCodeForm } from './invitation-code-form.tsx';

/** Answers POST /api/course-enrollment-requests with `reply`; the bodies it was sent, in order. */
function stubApi(reply: Reply) {
  const calls = fakeApi((call) => (call.method === 'POST' ? reply : ok(null)));
  return { sent: () => calls.writes().map((call) => call.body) };
}

function renderForm(onSubmitted = vi.fn()) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <InvitationCodeForm onSubmitted={onSubmitted} />
      <Notifications />
    </QueryClientProvider>,
  );
  return { input: screen.getByLabelText('Invitation code') as HTMLInputElement, submit: screen.getByRole('button', { name: 'Submit' }) };
}

const created = { status: 201, body: { data: { id: 1, status: 'PENDING' } } };

describe('InvitationCodeForm', () => {
  beforeEach(() => {
    clearNotifications();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    act(() => clearNotifications());
  });

  it('takes at most 6 characters and enables Submit only at 6', async () => {
    stubApi(created);
    const user = userEvent.setup();
    const { input, submit } = renderForm();
    expect(input.placeholder).toBe('Enter 6-digit invitation code');
    expect(input.maxLength).toBe(6);
    await user.type(input, 'abc23');
    expect(submit).toHaveProperty('disabled', true);
    await user.type(input, '4567');
    expect(input.value).toBe('ABC234');
    expect(submit).toHaveProperty('disabled', false);
  });

  it('says the length rule when Enter is pressed too early, and sends nothing', async () => {
    const api = stubApi(created);
    const user = userEvent.setup();
    const { input } = renderForm();
    await user.type(input, 'abc{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('Invitation code must be 6 digits');
    expect(api.sent()).toEqual([]);
    await user.type(input, 'd');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('submits with Enter and confirms', async () => {
    const api = stubApi(created);
    const onSubmitted = vi.fn();
    const user = userEvent.setup();
    const { input } = renderForm(onSubmitted);
    await user.type(input, 'abc234{Enter}');
    expect(await screen.findByText('Enrollment request submitted!')).toBeTruthy();
    expect(api.sent()).toEqual([{ invitation_code: 'ABC234' }]);
    expect(onSubmitted).toHaveBeenCalledOnce();
    expect(input.value).toBe('');
  });

  it("shows the server's sentence for a request already submitted", async () => {
    stubApi({ status: 409, body: { errors: [{ code: 'conflict', message: 'Enrollment request already submitted.' }] } });
    const user = userEvent.setup();
    const { input, submit } = renderForm();
    await user.type(input, 'abc234');
    await user.click(submit);
    expect(await screen.findByText('Enrollment request already submitted.')).toBeTruthy();
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });

  it("says 'Couldn't submit enrollment request.' with the server's reason below it", async () => {
    stubApi({ status: 404, body: { errors: [{ code: 'not_found', message: 'No course uses this invitation code.' }] } });
    const user = userEvent.setup();
    const { input } = renderForm();
    await user.type(input, 'abc234{Enter}');
    const toast = await screen.findByRole('status');
    expect([...toast.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Error',
      "Couldn't submit enrollment request.",
      'No course uses this invitation code.',
    ]);
  });

  it("falls back to 'Couldn't submit enrollment request.' when the server says nothing", async () => {
    stubApi({ status: 500, body: {} });
    const user = userEvent.setup();
    const { input } = renderForm();
    await user.type(input, 'abc234{Enter}');
    expect(await screen.findByText("Couldn't submit enrollment request.")).toBeTruthy();
    expect((await screen.findByRole('status')).querySelectorAll('p')).toHaveLength(2);
  });
});
