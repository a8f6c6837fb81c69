import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PasswordChecklist } from './password-checklist.tsx';

function states() {
  const list = screen.getByRole('list', { name: 'Password requirements' });
  return Object.fromEntries(
    Array.from(list.querySelectorAll('li')).map((item) => [item.getAttribute('data-rule'), item.getAttribute('data-state')]),
  );
}

describe('PasswordChecklist', () => {
  it('lists the four rules, all unmet for an empty password', () => {
    render(<PasswordChecklist password="" />);
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    expect(states()).toEqual({ length: 'unmet', uppercase: 'unmet', lowercase: 'unmet', digit: 'unmet' });
    expect(screen.getByText('At least 8 characters')).toBeTruthy();
  });

  it('marks each rule as it is met while typing', () => {
    const { rerender } = render(<PasswordChecklist password="a" />);
    expect(states()).toEqual({ length: 'unmet', uppercase: 'unmet', lowercase: 'met', digit: 'unmet' });
    rerender(<PasswordChecklist password="aB3" />);
    expect(states()).toEqual({ length: 'unmet', uppercase: 'met', lowercase: 'met', digit: 'met' });
    rerender(<PasswordChecklist password="aB3defgh" />);
    expect(states()).toEqual({ length: 'met', uppercase: 'met', lowercase: 'met', digit: 'met' });
  });

  it('tells screen readers whether each rule is met', () => {
    render(<PasswordChecklist password="ABCDEFGH" />);
    const length = screen.getByText('At least 8 characters').closest('li');
    const digit = screen.getByText('One digit').closest('li');
    expect(length?.textContent).toContain('(met)');
    expect(digit?.textContent).toContain('(not met)');
  });
});
