import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { addPastedEmails, addTypedEmail, addTypedText } from './email-chips.ts';
import { EmailChipsInput } from './email-chips-input.tsx';

function Harness({ initial = [] }: { initial?: string[] }) {
  const [emails, setEmails] = useState(initial);
  return (
    <>
      <EmailChipsInput label="E-mail addresses" emails={emails} onChange={setEmails} />
      <button type="button">next</button>
    </>
  );
}

const field = () => screen.getByLabelText('E-mail addresses') as HTMLInputElement;
const chips = () =>
  within(screen.getByRole('list', { name: /Added addresses/ }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

describe('EmailChipsInput', () => {
  it.each([
    ['Enter', '{Enter}'],
    ['comma', ','],
    ['space', ' '],
  ])('turns the typed address into a chip on %s', async (_name, key) => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(field(), `Clara@Example.com${key}`);
    expect(chips()).toEqual(['clara@example.com']);
    expect(field().value).toBe('');
  });

  it('makes a chip on Tab and keeps the focus in the field; an empty field lets Tab move on', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(field(), 'robert@example.com');
    await user.tab();
    expect(chips()).toEqual(['robert@example.com']);
    expect(document.activeElement).toBe(field());
    await user.tab();
    expect(document.activeElement).not.toBe(field());
  });

  it('sets an invalid entry apart as a marked chip, so the next address never joins it; choosing it brings it back to correct', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(field(), 'clara@example{Enter}');
    expect(screen.getByText('clara@example is not a valid email address.')).toBeTruthy();
    expect(field().value).toBe('');
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(chips()).toEqual(['clara@example']);
    expect(document.querySelector('[data-rejected]')?.textContent).toBe('clara@example');
    // The next address is a chip of its own (it became 'clara@examplebob@school.edu' before).
    await user.type(field(), 'bob@school.edu{Enter}');
    expect(chips()).toEqual(['bob@school.edu', 'clara@example']);
    expect(screen.getByRole('list', { name: 'Added addresses: 1' })).toBeTruthy();
    expect(screen.getByText('clara@example is not a valid email address.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Not an address: clara@example. Choose to correct it' }));
    expect(field().value).toBe('clara@example');
    expect(document.activeElement).toBe(field());
    await user.type(field(), '.com{Enter}');
    expect(chips()).toEqual(['bob@school.edu', 'clara@example.com']);
    expect(screen.queryByText(/is not a valid email address/)).toBeNull();
  });

  it('refuses an invalid entry at a typed separator too, and Backspace or its × removes it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    fireEvent.change(field(), { target: { value: 'not-an-email, ' } });
    expect(field().value).toBe('');
    expect(chips()).toEqual(['not-an-email']);
    await user.type(field(), '{Backspace}');
    expect(chips()).toEqual([]);
    await user.type(field(), 'oops ');
    await user.click(screen.getByRole('button', { name: 'Remove oops' }));
    expect(chips()).toEqual([]);
    expect(screen.queryByText(/is not a valid email address/)).toBeNull();
  });

  it('says when an address was already added', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['clara@example.com']} />);
    await user.type(field(), 'CLARA@example.com ');
    expect(screen.getByText('clara@example.com has already been added.')).toBeTruthy();
    expect(chips()).toEqual(['clara@example.com']);
  });

  it('adds every address of a pasted list, skipping repeats and naming what is wrong', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['fanny@example.com']} />);
    await user.click(field());
    await user.paste('Clara Schumann <clara@example.com>, bad@address; fanny@example.com\nrobert@example.com clara@example.com');
    expect(chips()).toEqual(['fanny@example.com', 'clara@example.com', 'robert@example.com']);
    expect(screen.getByText('bad@address is not a valid email address.')).toBeTruthy();
    expect(screen.getByText('fanny@example.com has already been added.')).toBeTruthy();
    expect(screen.getByText('clara@example.com has already been added.')).toBeTruthy();
    expect(field().value).toBe('');
  });

  it('lets a paste without addresses through as typed text', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(field());
    await user.paste('clara');
    expect(field().value).toBe('clara');
    expect(chips()).toEqual([]);
  });

  it('removes a chip with its button, or the last one with Backspace', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['a@example.com', 'b@example.com', 'c@example.com']} />);
    await user.click(screen.getByRole('button', { name: 'Remove b@example.com' }));
    expect(chips()).toEqual(['a@example.com', 'c@example.com']);
    await user.type(field(), '{Backspace}');
    expect(chips()).toEqual(['a@example.com']);
  });

  it('commits what was typed when the field loses focus', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(field(), 'clara@example.com');
    await user.click(screen.getByRole('button', { name: 'next' }));
    expect(chips()).toEqual(['clara@example.com']);
  });

  it('splits text that arrives with separators but no key name (phone keyboards)', () => {
    render(<Harness />);
    fireEvent.change(field(), { target: { value: 'clara@example.com,' } });
    expect(chips()).toEqual(['clara@example.com']);
    expect(field().value).toBe('');
  });
});

describe('chip rules', () => {
  it('lower-cases and trims a typed address', () => {
    expect(addTypedEmail([], '  Clara@Example.COM ')).toEqual({ emails: ['clara@example.com'], issues: [] });
    expect(addTypedEmail([], '   ')).toEqual({ emails: [], issues: [] });
  });

  it('keeps the unfinished tail of typed text in the field and sets invalid parts apart', () => {
    expect(addTypedText([], 'a@example.com, b@exa')).toEqual({ emails: ['a@example.com'], issues: [], draft: 'b@exa', rejected: [] });
    expect(addTypedText([], 'oops, b@ex')).toEqual({
      emails: [],
      issues: [{ kind: 'invalid', value: 'oops' }],
      draft: 'b@ex',
      rejected: ['oops'],
    });
  });

  it('reports each problem of a paste once', () => {
    expect(addPastedEmails(['a@example.com'], 'a@example.com a@example.com x@y x@y')).toEqual({
      emails: ['a@example.com'],
      issues: [
        { kind: 'duplicate', value: 'a@example.com' },
        { kind: 'invalid', value: 'x@y' },
      ],
    });
  });
});
