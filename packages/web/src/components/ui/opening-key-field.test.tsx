import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OpeningKeyField, openingKeyProblem } from './opening-key-field.tsx';

describe('the opening-key field', () => {
  it('reads a key typed full-width by a Chinese, Japanese or Korean input method (QA Q14): no problem, the key named', () => {
    expect(openingKeyProblem('Ｅ')).toBe(false);
    expect(openingKeyProblem('ｆ＃')).toBe(false);
    expect(openingKeyProblem('Ｈ')).toBe(true);
    render(<OpeningKeyField value="ｆ＃" onChange={() => undefined} showProblem />);
    expect(screen.getByText(/F♯ minor/)).toBeTruthy();
    expect(screen.queryByText('Not a key', { exact: false })).toBeNull();
  });
});
