import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render.tsx';
import { testCourse } from '../../../testing/test-course.ts';
import { CourseActionsMenu } from './course-actions-menu.tsx';

// A file of its own: the menu's Radix chunk is not loaded yet, so the first Enter reaches the stand-in
// trigger (decision 029).
describe('course card menu from the keyboard', () => {
  it('Tab, Enter opens the menu on its first item; an item opens its dialog; Escape gives the focus back to the menu button', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <CourseActionsMenu
        course={testCourse({ status: 'PLANNING', can: { edit_settings: true, duplicate: true, delete: true } })}
        timeZone="UTC"
        language="en"
      />,
    );
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Actions for Music Theory I' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Info'));
    await user.keyboard('{End}');
    expect(document.activeElement?.textContent).toBe('Delete');
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('Duplicate');
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Delete Course' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Actions for Music Theory I' })));
  });
});
