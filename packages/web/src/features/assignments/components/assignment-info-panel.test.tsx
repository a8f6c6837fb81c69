import type { AssignmentSet, UpdateAssignmentRequest } from '@app/contract/assignments';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { testSet } from '../../../testing/factories.ts';
import { testPeriod } from '../test-data.ts';
import { AssignmentInfoPanel } from './assignment-info-panel.tsx';

function Harness({ onSave, initial = testSet() }: { onSave: (changes: UpdateAssignmentRequest) => void; initial?: AssignmentSet }) {
  const [set, setSet] = useState<AssignmentSet>(initial);
  return (
    <AssignmentInfoPanel
      set={set}
      course={testPeriod}
      timeZone="UTC"
      onSave={(changes) => {
        onSave(changes);
        setSet((current) => ({ ...current, ...changes }));
        return Promise.resolve();
      }}
    />
  );
}

const assigned = () => screen.getByLabelText('Assigned date') as HTMLInputElement;
const due = () => screen.getByLabelText('Due date') as HTMLInputElement;
const enter = (input: HTMLInputElement, value: string) => {
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

describe('AssignmentInfoPanel dates (spec §5)', () => {
  it('saves a date inside the course period at once, in the profile time zone', async () => {
    const onSave = vi.fn();
    render(<Harness onSave={onSave} />);
    expect(assigned().value).toBe('2031-09-08T13:00');
    enter(assigned(), '2031-09-10T09:30');
    expect(onSave).toHaveBeenCalledExactlyOnceWith({ released_at: Date.UTC(2031, 8, 10, 9, 30) / 1000 });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks before an assigned date before the course start; Cancel puts the saved date back', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<Harness onSave={onSave} />);
    enter(assigned(), '2031-08-25T10:00');
    const dialog = await screen.findByRole('dialog', { name: 'Assigned Date Before Course Start Date' });
    expect(dialog.textContent).toContain('Do you wish to proceed anyway?');
    expect(dialog.textContent).toContain('The course starts on 2031-09-01 1:00 PM.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(assigned().value).toBe('2031-09-08T13:00'));
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves the date once the instructor proceeds', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<Harness onSave={onSave} />);
    enter(due(), '2032-01-05T12:00');
    await screen.findByRole('dialog', { name: 'Due Date After Course End Date' });
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledExactlyOnceWith({ due_at: Date.UTC(2032, 0, 5, 12, 0) / 1000 }));
    expect(due().value).toBe('2032-01-05T12:00');
  });

  it('refuses a due date that is not a minute after the assigned date', async () => {
    const onSave = vi.fn();
    render(<Harness onSave={onSave} />);
    enter(due(), '2031-09-08T13:00');
    await vi.waitFor(() => expect(due().value).toBe('2031-09-22T13:00'));
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('saves the trimmed title on Enter, and the visibility after the due date on change', () => {
    const onSave = vi.fn();
    render(<Harness onSave={onSave} />);
    const title = screen.getByLabelText('Title') as HTMLInputElement;
    fireEvent.change(title, { target: { value: '  Week 1: Cadences  ' } });
    fireEvent.keyDown(title, { key: 'Enter' });
    expect(onSave).toHaveBeenLastCalledWith({ title: 'Week 1: Cadences' });
    fireEvent.click(screen.getByLabelText('Show the documents to students after the due date'));
    expect(onSave).toHaveBeenLastCalledWith({ show_after_due: false });
  });

  it('says when students see the set, and releases a draft or makes it one again (decision 054)', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    const now = Math.floor(Date.now() / 1000);
    // testSet's assigned date (2031) is to come.
    render(<Harness onSave={onSave} initial={testSet({ draft: true })} />);
    expect(screen.getByTestId('set-visibility').textContent).toBe(
      'Draft: students see nothing of this set. Once you release it, they see it from 2031-09-08 1:00 PM.',
    );
    await user.click(screen.getByRole('button', { name: 'Release to students' }));
    expect(onSave).toHaveBeenLastCalledWith({ draft: false });
    await vi.waitFor(() =>
      expect(screen.getByTestId('set-visibility').textContent).toBe('Students will see this set from 2031-09-08 1:00 PM.'),
    );
    await user.click(screen.getByRole('button', { name: 'Make it a draft again' }));
    expect(onSave).toHaveBeenLastCalledWith({ draft: true });
    cleanup();
    render(<Harness onSave={onSave} initial={testSet({ draft: true, released_at: now - 3600 })} />);
    expect(screen.getByTestId('set-visibility').textContent).toBe(
      'Draft: students see nothing of this set. Once you release it, they see it at once.',
    );
    await user.click(screen.getByRole('button', { name: 'Release to students' }));
    await vi.waitFor(() => expect(screen.getByTestId('set-visibility').textContent).toMatch(/^Students see this set \(since .+\)\.$/));
  });
});
