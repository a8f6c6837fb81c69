import { RULE_IDS } from '@app/contract/part-writing/rules';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testDocument } from '../../../testing/factories.ts';
import { fakeApi, ok } from '../../../testing/fake-api.ts';
import { renderAt } from '../../../testing/render.tsx';
import { EditKeyDialog } from './edit-key-dialog.tsx';

const doc = testDocument({ id: 7, title: 'Figured bass' });
const rules = Object.fromEntries(RULE_IDS.map((rule) => [rule, { on: rule !== 'seventh-preparation', points: 2 }]));
const stored = { kind: 'part-writing', document_id: 7, title: 'Figured bass', version: 1, key: 'g', style: 'free', points: 10, rules };
const state = { key_version: 1, submissions: 1, outdated: 0, regrade: null };

function api() {
  return fakeApi((call) => {
    if (call.method === 'GET' && call.url.endsWith('/api/documents/7/key')) return ok(stored);
    if (call.method === 'GET' && call.url.endsWith('/api/documents/7/regrade')) return ok(state);
    if (call.method === 'GET' && call.url.endsWith('/api/documents/7/grade-changes')) return ok([]);
    if (call.method === 'PUT' && call.url.endsWith('/api/documents/7/rules')) return ok({ ...state, key_version: 2, outdated: 1 });
    return undefined;
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Edit Answers of a part-writing document (issue 27)', () => {
  it('opens the rule settings, asks before closing with changes, and saves every setting', async () => {
    const calls = api();
    const onClose = vi.fn();
    renderAt('/', <EditKeyDialog document={doc} onClose={onClose} timeZone="UTC" />);
    expect(await screen.findByText('Version 1 of the rule settings')).toBeTruthy();
    expect(await screen.findByText('Every submission (1) is graded with these rule settings.')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save Rule Settings' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    fireEvent.click(screen.getByLabelText('Check Parallel fifths'));
    expect(save.disabled).toBe(false);
    fireEvent.change(screen.getByLabelText('Points for Parallel octaves and unisons'), { target: { value: '4' } });
    // Unsaved: Close asks first.
    const closes = screen.getAllByRole('button', { name: 'Close' });
    fireEvent.click(closes[closes.length - 1] as HTMLElement);
    expect(await screen.findByText('Leave without saving?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(save);
    await waitFor(() => expect(calls.writes()).toHaveLength(1));
    const put = calls.writes()[0];
    expect(put?.method).toBe('PUT');
    expect(put?.url).toMatch(/\/api\/documents\/7\/rules$/);
    expect(put?.body).toEqual({
      style: 'free',
      points: 10,
      rules: { ...rules, 'parallel-fifths': { on: false, points: 2 }, 'parallel-octaves': { on: true, points: 4 } },
    });
  });

  it('turns the seventh’s preparation on with the strict style', async () => {
    const calls = api();
    renderAt('/', <EditKeyDialog document={doc} onClose={() => undefined} timeZone="UTC" />);
    await screen.findByText('Version 1 of the rule settings');
    fireEvent.change(screen.getByLabelText('Style'), { target: { value: 'strict' } });
    expect((screen.getByLabelText('Check Seventh preparation (strict style)') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save Rule Settings' }));
    await waitFor(() => expect(calls.writes()).toHaveLength(1));
    expect(calls.writes()[0]?.body).toMatchObject({ style: 'strict', rules: { 'seventh-preparation': { on: true, points: 2 } } });
  });

  it('shows the exercise’s key and sends another one, with its name and what it changes (issue 35)', async () => {
    const calls = api();
    renderAt('/', <EditKeyDialog document={doc} onClose={() => undefined} timeZone="UTC" />);
    const field = (await screen.findByLabelText('Opening key')) as HTMLInputElement;
    expect(field.value).toBe('g');
    expect(screen.getByText(/^G minor\. The key reads the numerals and figures/)).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save Rule Settings' }) as HTMLButtonElement;
    fireEvent.change(field, { target: { value: 'H' } });
    expect(screen.getByText('Not a key: write it as A, f# or Bb (lower case for minor).')).toBeTruthy();
    expect(save.disabled).toBe(true);
    fireEvent.change(field, { target: { value: 'c' } });
    expect(screen.getByText(/^C minor\./)).toBeTruthy();
    fireEvent.click(save);
    await waitFor(() => expect(calls.writes()).toHaveLength(1));
    expect(calls.writes()[0]?.body).toEqual({ key: 'c', style: 'free', points: 10, rules });
  });
});
