import { INVITATION_CODE_LENGTH } from '@app/contract/course-constants';
import { isInvitationCode, normalizeInvitationCode, PeopleMessages } from '@app/contract/people-constants';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { translateMessage } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { apiErrorMessages } from '../../../lib/api-errors.ts';
import { notify } from '../../../lib/notifications.ts';
import { useCreateEnrollmentRequest } from '../api/create-enrollment-request.ts';
import styles from './invitation-code-form.module.css';

/**
 * What a failed request says (spec §8): the server's 'Enrollment request already submitted.' for
 * that conflict; otherwise 'Couldn't submit enrollment request.', with the server's reasons (unknown
 * code, not enrolling, already a member …) listed below it when it gave any.
 */
export function enrollmentFailure(error: unknown, fallback: string): { message: string; reasons: string[] } {
  if (!(error instanceof ApiError)) return { message: fallback, reasons: [] };
  if (error.status === 0) return { message: fallback, reasons: apiErrorMessages(error) };
  const sentences = error.errors.flatMap((item) => ('message' in item ? [item.message] : item.messages)).filter(Boolean);
  if (sentences.includes(PeopleMessages.alreadySubmitted))
    return { message: translateMessage(PeopleMessages.alreadySubmitted), reasons: [] };
  return { message: fallback, reasons: sentences.map((sentence) => translateMessage(sentence)) };
}

export interface InvitationCodeFormProps {
  /** After a request was submitted. */
  onSubmitted?: () => void;
  onCancel?: () => void;
}

/** 'Join A Course' (spec §2, §5): a 6-character code, Enter submits, Submit waits for 6 characters. */
export function InvitationCodeForm({ onSubmitted, onCancel }: InvitationCodeFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const request = useCreateEnrollmentRequest();

  const submit = () => {
    if (request.isPending) return;
    // The contract's InvitationCode rule, without loading zod on the dashboard.
    const normalized = normalizeInvitationCode(code);
    if (!isInvitationCode(normalized)) {
      setError(translateMessage(PeopleMessages.codeLength));
      return;
    }
    setError(null);
    request.mutate(normalized, {
      onSuccess: () => {
        notify({ severity: 'success', message: t('people.join.submitted') });
        setCode('');
        onSubmitted?.();
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.handled) return;
        const { message, reasons } = enrollmentFailure(failure, t('people.join.failed'));
        // A code the server finds malformed is said at the field, like the length rule.
        if (failure instanceof ApiError && failure.status === 400) setError(reasons[0] ?? message);
        else notify({ severity: 'error', message, details: reasons });
      },
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  // Enter submits even below six characters, so the length rule can be said instead of nothing happening.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  const errorId = `${id}-error`;
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <label htmlFor={id} className={styles.label}>
        {t('people.join.codeLabel')}
      </label>
      <div className={styles.row}>
        <input
          id={id}
          className={styles.input}
          type="text"
          value={code}
          maxLength={INVITATION_CODE_LENGTH}
          placeholder={t('people.join.placeholder')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          // biome-ignore lint/a11y/noAutofocus: the field appears because the person asked to type a code
          autoFocus
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setCode(event.target.value.toUpperCase());
            setError(null);
          }}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" disabled={code.trim().length < INVITATION_CODE_LENGTH} loading={request.isPending}>
          {t('people.join.submit')}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            {t('people.join.cancel')}
          </Button>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      ) : (
        <p className={styles.hint}>{t('people.join.hint')}</p>
      )}
    </form>
  );
}
