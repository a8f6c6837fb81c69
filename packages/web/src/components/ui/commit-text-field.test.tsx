import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CommitTextField } from './commit-text-field.tsx';

function Harness({ onCommit }: { onCommit: (text: string) => Promise<unknown> | undefined }) {
  const [saved, setSaved] = useState('Ada');
  return (
    <CommitTextField
      label="First name"
      value={saved}
      onCommit={(text) => {
        const result = onCommit(text);
        return result?.then(() => setSaved(text));
      }}
    />
  );
}

const input = () => screen.getByLabelText('First name') as HTMLInputElement;

describe('CommitTextField', () => {
  it('commits the trimmed text on blur, only when it changed and is not empty', async () => {
    const onCommit = vi.fn(async () => undefined);
    render(<Harness onCommit={onCommit} />);
    fireEvent.change(input(), { target: { value: '  Ada ' } });
    fireEvent.blur(input());
    expect(onCommit).not.toHaveBeenCalled();
    expect(input().value).toBe('Ada');

    fireEvent.change(input(), { target: { value: '   ' } });
    fireEvent.blur(input());
    expect(onCommit).not.toHaveBeenCalled();
    expect(input().value).toBe('Ada');

    fireEvent.change(input(), { target: { value: '  Augusta ' } });
    fireEvent.blur(input());
    expect(onCommit).toHaveBeenCalledExactlyOnceWith('Augusta');
    expect(input().value).toBe('Augusta');
  });

  it('commits on Enter once, even when blur follows', async () => {
    const onCommit = vi.fn(() => new Promise<void>(() => {}));
    render(<Harness onCommit={onCommit} />);
    fireEvent.change(input(), { target: { value: 'Augusta' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    fireEvent.blur(input());
    expect(onCommit).toHaveBeenCalledExactlyOnceWith('Augusta');
  });

  it('puts the saved value back when the save fails, and on Escape', async () => {
    render(<Harness onCommit={() => Promise.reject(new Error('refused'))} />);
    fireEvent.change(input(), { target: { value: 'Augusta' } });
    fireEvent.blur(input());
    await vi.waitFor(() => expect(input().value).toBe('Ada'));

    fireEvent.change(input(), { target: { value: 'Byron' } });
    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(input().value).toBe('Ada');
  });

  it('wrap: a text area that wraps a long title (QA Q12); Enter commits, a pasted line break is a space', () => {
    const onCommit = vi.fn(async () => undefined);
    render(<CommitTextField wrap label="Document title" value="Ada" maxLength={200} onCommit={onCommit} />);
    const area = screen.getByLabelText('Document title') as HTMLTextAreaElement;
    expect(area.tagName).toBe('TEXTAREA');
    expect(area.rows).toBe(1);
    expect(area.maxLength).toBe(200);
    fireEvent.change(area, { target: { value: 'Wir glauben all\n an einen Gott' } });
    expect(area.value).toBe('Wir glauben all an einen Gott');
    const enter = fireEvent.keyDown(area, { key: 'Enter' });
    expect(enter).toBe(false);
    expect(onCommit).toHaveBeenCalledExactlyOnceWith('Wir glauben all an einen Gott');
  });
});
