import { type ClipboardEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import {
  addPastedEmails,
  addTypedEmail,
  addTypedText,
  CHIP_KEYS,
  CHIP_SEPARATORS,
  type ChipChange,
  type ChipIssue,
  hasEmails,
} from './email-chips.ts';
import styles from './email-chips-input.module.css';

export interface EmailChipsInputProps {
  label: string;
  hint?: string;
  emails: readonly string[];
  onChange: (emails: string[]) => void;
  disabled?: boolean;
}

/**
 * The invite field of spec §5: Enter, Tab, comma and space turn the typed text into a chip;
 * a paste adds every address it holds; invalid and repeated addresses are said inline.
 * An invalid entry leaves the field as a chip of its own, marked and never sent (issue 30: kept
 * in the field it joined the next typed address, 'not-an-emailbob@school.edu'); choosing it puts
 * it back into the field to correct.
 */
export function EmailChipsInput({ label, hint, emails, onChange, disabled = false }: EmailChipsInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState('');
  const [issues, setIssues] = useState<ChipIssue[]>([]);
  const [rejected, setRejected] = useState<string[]>([]);
  // An issue describes the typed text against the chips of that moment. When the chips change from
  // outside (the dialog sent the invitations and emptied them), what it said is stale: forget it.
  const [chipsOfIssues, setChipsOfIssues] = useState(emails);
  if (chipsOfIssues !== emails) {
    setChipsOfIssues(emails);
    if (issues.length > 0) setIssues([]);
    if (emails.length === 0 && rejected.length > 0) setRejected([]);
  }
  /** Takes a rejected entry away, with what was said about it. */
  const dropRejected = (value: string) => {
    setRejected((current) => current.filter((entry) => entry !== value));
    setIssues((current) => current.filter((issue) => issue.value !== value));
  };
  const reject = (values: readonly string[]) => {
    if (values.length > 0) setRejected((current) => [...current, ...values.filter((value) => !current.includes(value))]);
  };

  const apply = (change: ChipChange) => {
    const changed = change.emails.length !== emails.length;
    if (changed) onChange(change.emails);
    setIssues(change.issues);
    setChipsOfIssues(changed ? change.emails : emails);
  };

  /** Makes a chip of the typed text; an invalid one becomes a marked chip apart, and the field empties. */
  const commit = (text: string) => {
    const change = addTypedEmail(emails, text);
    apply(change);
    reject(change.issues.filter((issue) => issue.kind === 'invalid').map((issue) => issue.value));
    setDraft('');
  };

  /** Puts a rejected entry back into the field to be corrected (what was typed there goes first to a chip). */
  const edit = (value: string) => {
    if (draft.trim() !== '') commit(draft);
    dropRejected(value);
    setDraft(value);
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Korean and Chinese input methods use Enter and space to finish a character.
    if (event.nativeEvent.isComposing) return;
    const lastRejected = rejected.at(-1);
    if (event.key === 'Backspace' && draft === '' && lastRejected !== undefined) {
      dropRejected(lastRejected);
      return;
    }
    if (event.key === 'Backspace' && draft === '' && emails.length > 0) {
      onChange(emails.slice(0, -1));
      return;
    }
    if (!CHIP_KEYS.includes(event.key)) return;
    if (draft.trim() === '') {
      // An empty field lets Tab move on; the other keys would only type a separator.
      if (event.key !== 'Tab') event.preventDefault();
      return;
    }
    event.preventDefault();
    commit(draft);
  };

  const onInputChange = (value: string) => {
    setIssues([]);
    // Phone keyboards may type a comma or space without a key name: split on it here.
    if (CHIP_SEPARATORS.test(value)) {
      const change = addTypedText(emails, value);
      apply(change);
      reject(change.rejected);
      setDraft(change.draft);
      return;
    }
    setDraft(value);
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text');
    if (!hasEmails(text)) return;
    event.preventDefault();
    apply(addPastedEmails(emails, text));
  };

  const remove = (email: string) => {
    onChange(emails.filter((e) => e !== email));
    input.current?.focus();
  };

  const message = (issue: ChipIssue) =>
    issue.kind === 'invalid'
      ? t('messages.people.invalidEmail', { value: issue.value })
      : t('messages.people.duplicateEmail', { value: issue.value });
  // Every rejected entry keeps its sentence while it is there; the last change's other issues follow.
  const shown: ChipIssue[] = [
    ...rejected.map((value) => ({ kind: 'invalid' as const, value })),
    ...issues.filter((issue) => issue.kind === 'duplicate' || !rejected.includes(issue.value)),
  ];

  const hintId = `${id}-hint`;
  const errorId = `${id}-errors`;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {/* A click anywhere in the box puts the caret in the text field, as in any input. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: the input inside takes the keyboard */}
      <div
        className={styles.box}
        data-disabled={disabled || undefined}
        data-invalid={shown.length > 0 || undefined}
        onClick={() => input.current?.focus()}
      >
        <ul className={styles.chips} aria-label={t('people.invite.added', { total: emails.length })}>
          {emails.map((email) => (
            <li key={email} className={styles.chip}>
              <span className={styles.chipText}>{email}</span>
              <button
                type="button"
                className={styles.remove}
                aria-label={t('people.invite.removeEmail', { email })}
                disabled={disabled}
                onClick={(event) => {
                  event.stopPropagation();
                  remove(email);
                }}
              >
                <CloseIcon width="14" height="14" />
              </button>
            </li>
          ))}
          {rejected.map((value) => (
            <li key={`rejected:${value}`} className={`${styles.chip} ${styles.rejected}`} data-rejected="">
              <button
                type="button"
                className={styles.editRejected}
                aria-label={t('people.invite.editRejected', { value })}
                disabled={disabled}
                onClick={(event) => {
                  event.stopPropagation();
                  edit(value);
                }}
              >
                <span className={styles.chipText}>{value}</span>
              </button>
              <button
                type="button"
                className={styles.remove}
                aria-label={t('people.invite.removeEmail', { email: value })}
                disabled={disabled}
                onClick={(event) => {
                  event.stopPropagation();
                  dropRejected(value);
                  input.current?.focus();
                }}
              >
                <CloseIcon width="14" height="14" />
              </button>
            </li>
          ))}
        </ul>
        <input
          ref={input}
          id={id}
          className={styles.input}
          type="text"
          inputMode="email"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={draft}
          disabled={disabled}
          placeholder={emails.length === 0 ? t('people.invite.placeholder') : undefined}
          aria-invalid={shown.length > 0 || undefined}
          aria-describedby={[hint ? hintId : '', shown.length > 0 ? errorId : ''].filter(Boolean).join(' ') || undefined}
          onChange={(event) => onInputChange(event.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onBlur={() => {
            if (draft.trim() !== '') commit(draft);
          }}
        />
      </div>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <div id={errorId} aria-live="polite">
        {shown.length > 0 ? (
          <ul className={styles.errors}>
            {shown.map((issue) => (
              <li key={`${issue.kind}:${issue.value}`}>{message(issue)}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
