import type { AssignmentSet } from '@app/contract/assignments';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, ok } from '../../../testing/fake-api.ts';
import { renderRoutes } from '../../../testing/render.tsx';
import { DeepLinkPage } from './deep-link-page.tsx';

// The page reads only the id and title of the course's sets.
const set = (id: number, title: string) => ({ id, title }) as AssignmentSet;

function renderPage(answer: ReturnType<typeof ok>, sets: AssignmentSet[], address = '/lti/deep-link/key-1?course=3') {
  const calls = fakeApi((call) => {
    if (call.method === 'GET' && call.url === '/api/courses/3/assignments') return ok(sets);
    if (call.method === 'POST' && call.url === '/api/lti/deep-links/key-1') return answer;
    return undefined;
  });
  renderRoutes([{ path: '/lti/deep-link/:key', element: <DeepLinkPage /> }], address);
  return calls;
}

describe('/lti/deep-link/{key}', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('posts the signed response for the chosen set back to the LMS as the form field JWT', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const calls = renderPage(ok({ return_url: 'https://lms.example.edu/deep_link_return', jwt: 'signed.jwt.value' }), [
      set(5, 'Cadences'),
      set(6, 'Sequences'),
    ]);
    fireEvent.change(await screen.findByLabelText('Assignment set'), { target: { value: '6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to the LMS' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(calls.to('POST', '/api/lti/deep-links/key-1').map((c) => c.body)).toEqual([{ set_id: 6 }]);
    const form = submit.mock.contexts[0] as HTMLFormElement;
    expect([form.method, form.action]).toEqual(['post', 'https://lms.example.edu/deep_link_return']);
    expect((form.elements.namedItem('JWT') as HTMLInputElement).value).toBe('signed.jwt.value');
  });

  it('sends one exercise of the chosen set when the instructor picks it instead of the whole set', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const withDocs = {
      ...set(6, 'Sequences'),
      documents: [
        { id: 41, title: 'Circle of fifths' },
        { id: 42, title: 'Descending thirds' },
      ],
    } as AssignmentSet;
    const calls = renderPage(ok({ return_url: 'https://lms.example.edu/r', jwt: 'j' }), [set(5, 'Cadences'), withDocs]);
    fireEvent.change(await screen.findByLabelText('Assignment set'), { target: { value: '6' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toContain('Only the exercise "Descending thirds"');
    fireEvent.change(screen.getByLabelText('What to add'), { target: { value: '42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to the LMS' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(calls.to('POST', '/api/lti/deep-links/key-1').map((c) => c.body)).toEqual([{ set_id: 6, document_id: 42 }]);
  });

  it('says the selection is gone when the server refuses it, and when the course has no sets', async () => {
    renderPage(fail(404, 'gone', 'not_found'), [set(5, 'Cadences')]);
    fireEvent.click(await screen.findByRole('button', { name: 'Add to the LMS' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This selection has expired or was already used. Open it from your LMS again.',
    );
  });

  it('tells an instructor without sets to create one first', async () => {
    renderPage(ok(null), []);
    expect(await screen.findByText('This course has no assignment sets yet. Create one, then add it from your LMS again.')).toBeTruthy();
  });

  it('lets the instructor tick several exercises where the LMS takes several items (issue 37), none for the whole set', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const withDocs = {
      ...set(6, 'Sequences'),
      documents: [
        { id: 41, title: 'Circle of fifths' },
        { id: 42, title: 'Descending thirds' },
        { id: 43, title: 'Ascending fifths' },
      ],
    } as AssignmentSet;
    const calls = renderPage(
      ok({ return_url: 'https://lms.example.edu/r', jwt: 'j' }),
      [withDocs],
      '/lti/deep-link/key-1?course=3&multiple=1',
    );
    expect(await screen.findByText('Tick the exercises to add, each as its own link. Tick none to add the whole set.')).toBeTruthy();
    // No single-choice list here: one box per exercise.
    expect(screen.queryByLabelText('What to add')).toBeNull();
    fireEvent.click(screen.getByLabelText('Circle of fifths'));
    fireEvent.click(screen.getByLabelText('Ascending fifths'));
    fireEvent.click(screen.getByRole('button', { name: 'Add to the LMS' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(calls.to('POST', '/api/lti/deep-links/key-1').map((c) => c.body)).toEqual([{ set_id: 6, document_ids: [41, 43] }]);
  });

  it('sends the whole set when no exercise is ticked', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const withDocs = { ...set(6, 'Sequences'), documents: [{ id: 41, title: 'Circle of fifths' }] } as AssignmentSet;
    const calls = renderPage(
      ok({ return_url: 'https://lms.example.edu/r', jwt: 'j' }),
      [withDocs],
      '/lti/deep-link/key-1?course=3&multiple=1',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Add to the LMS' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(calls.to('POST', '/api/lti/deep-links/key-1').map((c) => c.body)).toEqual([{ set_id: 6 }]);
  });
});
