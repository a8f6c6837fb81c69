import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render.tsx';
import { LazySortableList } from './lazy-sortable-list.tsx';

const items = [
  { id: 1, title: 'Alpha' },
  { id: 2, title: 'Beta' },
];

describe('LazySortableList', () => {
  it('draws the handles before dnd-kit is there, and a Space on one starts the keyboard drag once it is', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <LazySortableList
        items={items}
        label="Things"
        titleOf={(item) => item.title}
        onReorder={vi.fn()}
        messages={{ handle: (title) => `Move ${title}`, pickedUp: (place) => `Picked up ${place.title}` }}
        renderItem={(item, handle) => (
          <div>
            {handle}
            {item.title}
          </div>
        )}
      />,
    );
    const list = screen.getByRole('list', { name: 'Things' });
    const standIn = screen.getByRole('button', { name: 'Move Beta' });
    expect(list.querySelectorAll('li[data-item-id]')).toHaveLength(2);
    // Not yet dnd-kit's handle (it describes itself as sortable).
    expect(standIn.getAttribute('aria-roledescription')).toBeNull();

    // Focus and Space at once: the Space reaches the stand-in, before dnd-kit can have arrived.
    standIn.focus();
    fireEvent.keyDown(standIn, { key: ' ', code: 'Space' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Beta' }).getAttribute('aria-pressed')).toBe('true'));
    const handle = screen.getByRole('button', { name: 'Move Beta' });
    expect(handle).not.toBe(standIn);
    expect(handle.getAttribute('aria-roledescription')).toBe('sortable');
    expect(document.activeElement).toBe(handle);
    expect(screen.getByRole('status').textContent).toMatch(/^(Picked up Beta|Beta moved to position 1 of 2\.)$/);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(handle.getAttribute('aria-pressed')).toBeNull());
  });

  it('without onReorder it is a plain list with no handles', () => {
    renderWithProviders(<LazySortableList items={items} label="Things" titleOf={(item) => item.title} renderItem={(item) => item.title} />);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });
});
