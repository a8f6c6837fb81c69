import type { CourseDocument, UpdateDocumentRequest } from '@app/contract/assignments';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { testDocument, testSet } from '../../../testing/factories.ts';
import { DocumentSettings } from './document-settings.tsx';

const set = testSet();
const limits = { min: set.due_at, max: set.due_at + 30 * 24 * 3600 };

function Harness({ initial, onChange }: { initial: CourseDocument; onChange: (changes: UpdateDocumentRequest) => void }) {
  const [doc, setDoc] = useState(initial);
  return (
    <DocumentSettings
      document={doc}
      delayLimits={limits}
      timeZone="UTC"
      onChange={(changes) => {
        onChange(changes);
        setDoc((current) => ({ ...current, ...changes }));
        return Promise.resolve();
      }}
    />
  );
}

const labels = () =>
  screen.queryAllByRole('checkbox').map((box) => box.getAttribute('id') && document.querySelector(`label[for="${box.id}"]`)?.textContent);

describe('DocumentSettings (spec §4)', () => {
  it('shows only Gradable for a document that is not gradable', () => {
    render(<Harness initial={testDocument({ gradable: false })} onChange={() => undefined} />);
    expect(labels()).toEqual(['Gradable']);
    expect(screen.getByText('Only gradable documents have these settings.')).toBeTruthy();
  });

  it('shows the non-practice options, then swaps them for Incremental Grading in practice mode', () => {
    const onChange = vi.fn();
    render(<Harness initial={testDocument()} onChange={onChange} />);
    expect(labels()).toEqual(['Gradable', 'Practice Mode', 'Allow Multiple Submission', 'Delay Showing Grade', 'Timed']);

    fireEvent.click(screen.getByLabelText('Practice Mode'));
    expect(onChange).toHaveBeenLastCalledWith({ practice: true });
    expect(labels()).toEqual(['Gradable', 'Practice Mode', 'Incremental Grading']);

    fireEvent.click(screen.getByLabelText('Incremental Grading'));
    expect(onChange).toHaveBeenLastCalledWith({ incremental_grading: true });

    fireEvent.click(screen.getByLabelText('Practice Mode'));
    expect(onChange).toHaveBeenLastCalledWith({ practice: false });
    expect(labels()).toEqual(['Gradable', 'Practice Mode', 'Allow Multiple Submission', 'Delay Showing Grade', 'Timed']);
  });

  it('shows the date of a delayed grade and the duration of a timed document once they are on', () => {
    const onChange = vi.fn();
    render(<Harness initial={testDocument()} onChange={onChange} />);
    expect(screen.queryByLabelText('Show grade on')).toBeNull();
    expect(screen.queryByRole('combobox', { name: /^Hours for/ })).toBeNull();

    fireEvent.click(screen.getByLabelText('Delay Showing Grade'));
    expect(onChange).toHaveBeenLastCalledWith({ delay_showing_grade: true });
    const date = screen.getByLabelText('Show grade on') as HTMLInputElement;
    // Empty until the server fills it: shown as the due date, the lower bound.
    expect(date.value).toBe('2031-09-22T13:00');
    expect(date.min).toBe('2031-09-22T13:00');
    expect(date.max).toBe('2031-10-22T13:00');

    fireEvent.click(screen.getByLabelText('Timed'));
    expect(onChange).toHaveBeenLastCalledWith({ timed: true });
    expect((screen.getByRole('combobox', { name: /^Hours for/ }) as HTMLSelectElement).value).toBe('0');
    expect((screen.getByRole('combobox', { name: /^Minutes for/ }) as HTMLSelectElement).value).toBe('30');
  });

  it('chooses when students see the correct answers (after the due date by default)', () => {
    const onChange = vi.fn();
    render(<Harness initial={testDocument()} onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: /^Show correct answers for/ }) as HTMLSelectElement;
    expect(select.value).toBe('AFTER_DUE');
    expect([...select.options].map((o) => o.text)).toEqual(['After the due date', 'Immediately', 'Never']);
    fireEvent.change(select, { target: { value: 'NEVER' } });
    expect(onChange).toHaveBeenLastCalledWith({ show_answers: 'NEVER' });
  });

  it('chooses, beside the answers, when formal work shows its findings; practice shows them at once (issue 35)', () => {
    const onChange = vi.fn();
    render(<Harness initial={testDocument()} onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: /^Show findings for/ }) as HTMLSelectElement;
    expect(select.value).toBe('AT_RELEASE');
    expect([...select.options].map((o) => o.text)).toEqual(['With the correct answers', 'At hand-in']);
    fireEvent.change(select, { target: { value: 'AT_HAND_IN' } });
    expect(onChange).toHaveBeenLastCalledWith({ show_findings: 'AT_HAND_IN' });
    fireEvent.click(screen.getByLabelText('Practice Mode'));
    expect(screen.queryByRole('combobox', { name: /^Show findings for/ })).toBeNull();
  });

  it('hides every option when the document stops being gradable', () => {
    render(<Harness initial={testDocument({ timed: true, delay_showing_grade: true })} onChange={() => undefined} />);
    fireEvent.click(screen.getByLabelText('Gradable'));
    expect(labels()).toEqual(['Gradable']);
    expect(screen.queryByLabelText('Show grade on')).toBeNull();
  });
});
