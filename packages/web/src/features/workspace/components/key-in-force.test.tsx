import type { StartedWorkspace } from '@app/contract/workspace';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAt } from '../../../testing/render.tsx';
import { NOW, workspace, workspaceApi } from '../test-workspace.ts';
import { ExerciseWorkspace } from './exercise-workspace.tsx';

const viewer = { id: 7, timeZone: 'UTC', language: 'en' as const };

function show(data: StartedWorkspace) {
  return renderAt(
    '/',
    <ExerciseWorkspace
      workspace={data}
      receivedAt={NOW * 1000}
      viewer={viewer}
      courseTitle="Music Theory I"
      assignmentsPath="/student/course/3/assignments"
      submissionPath={(id) => `/student/course/3/submission/${id}`}
    />,
  );
}

const field = (n: number) => screen.getByRole<HTMLInputElement>('textbox', { name: `Chord ${n}` });
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('the key in force at each field (decision 031)', () => {
  afterEach(() => {
    localStorage.clear();
  });

  it('names the opening key, follows the student’s key change and pivot, and takes keyed labels as readable', async () => {
    workspaceApi(() => ({ status: 200, data: { answers: [], updated_at: NOW } }));
    show(workspace({ key: 'A' }));
    const user = userEvent.setup();

    expect(screen.getByText(/Key: A major\./)).toBeTruthy();
    expect(description(field(1))).toContain('Key: A major');
    expect(description(field(3))).toContain('Key: A major');

    await user.type(field(2), 'I = E: IV');
    await waitFor(() => expect(description(field(3))).toContain('Key: E major'));
    expect(description(field(2))).toContain('Key: E major');
    expect(description(field(1))).toContain('Key: A major');
    // The pivot is a label the grader reads: no complaint.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(field(2).getAttribute('aria-invalid')).toBeNull();
    // Under the chords the key shows where it changes.
    expect(document.querySelectorAll('[data-key="E"]').length).toBe(2);
    // The pivot names both keys.
    expect(screen.getByText('A→E:')).toBeTruthy();
  });

  it('shows no key for a one-key exercise until a label names one, and offers the key and pivot signs', async () => {
    workspaceApi(() => ({ status: 200, data: { answers: [], updated_at: NOW } }));
    show(workspace());
    const user = userEvent.setup();

    expect(description(field(1))).not.toContain('Key:');
    await user.type(field(2), 'g');
    await user.click(screen.getByRole('button', { name: 'Insert colon : (key change, E: V)' }));
    await user.type(field(2), 'i');
    expect(field(2).value).toBe('g: i');
    await waitFor(() => expect(description(field(3))).toContain('Key: G minor'));
    await user.click(screen.getByRole('button', { name: 'Insert equals sign = (pivot chord, I = E: IV)' }));
    expect(field(2).value).toBe('g: i = ');
  });
});
