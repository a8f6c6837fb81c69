import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../testing/render.tsx';
import { useUnsavedChanges } from './unsaved-changes.tsx';

/** An editor: a field that makes it dirty, its own Cancel, and a link off the page. */
function Editor({ onLeave }: { onLeave: () => void }) {
  const [text, setText] = useState('');
  const { confirmLeave, guard } = useUnsavedChanges(text !== '');
  return (
    <>
      {guard}
      <input aria-label="Answer" value={text} onChange={(e) => setText(e.target.value)} />
      <button type="button" onClick={() => confirmLeave(onLeave)}>
        Cancel editing
      </button>
      <Link to="/elsewhere">Elsewhere</Link>
    </>
  );
}

function show() {
  const onLeave = vi.fn();
  const { router } = renderRoutes(
    [
      { path: '/editor', element: <Editor onLeave={onLeave} /> },
      { path: '/elsewhere', element: <p>Somewhere else</p> },
    ],
    '/editor',
  );
  return { onLeave, router };
}

describe('leaving an editor with unsaved changes', () => {
  it('leaves at once when nothing changed', async () => {
    const { onLeave } = show();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel editing' }));
    expect(onLeave).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks first on the editor’s own way out: Keep editing stays, Discard changes leaves', async () => {
    const { onLeave } = show();
    await userEvent.type(screen.getByLabelText('Answer'), 'V7');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel editing' }));
    const question = screen.getByRole('dialog', { name: 'Leave without saving?' });
    expect(question.textContent).toContain('Your changes are not saved.');
    await userEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(onLeave).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((screen.getByLabelText('Answer') as HTMLInputElement).value).toBe('V7');

    await userEvent.click(screen.getByRole('button', { name: 'Cancel editing' }));
    await userEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(onLeave).toHaveBeenCalledOnce();
  });

  it('asks before the router leaves the page (a link, the browser’s back), and before a reload', async () => {
    const { router } = show();
    await userEvent.type(screen.getByLabelText('Answer'), 'I');
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(screen.getByRole('dialog', { name: 'Leave without saving?' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/editor');
    await userEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(router.state.location.pathname).toBe('/editor');

    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await userEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(await screen.findByText('Somewhere else')).toBeTruthy();
  });
});
