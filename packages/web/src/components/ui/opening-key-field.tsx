import { parseKey } from '@app/contract/keyed-label';
import { useTranslation } from 'react-i18next';
import { keyName } from '../../lib/keys.ts';
import { TextField } from './text-field.tsx';

/** Whether the field's text is a key the server takes, or empty (a one-key exercise without a named key). */
export function openingKeyProblem(value: string): boolean {
  return value.trim() !== '' && parseKey(value) === undefined;
}

/**
 * The exercise's opening key (decision 031) in Create Exercise and Edit Answers: a key token as
 * RomanText writes it ('A', 'f#', 'Bb'), named in the reader's language beside it.
 */
export function OpeningKeyField({
  value,
  onChange,
  showProblem,
}: {
  value: string;
  onChange: (value: string) => void;
  showProblem: boolean;
}) {
  const { t } = useTranslation();
  const key = parseKey(value);
  const hint = key ? `${keyName(key, t)}. ${t('keys.openingHint')}` : t('keys.openingHint');
  return (
    <TextField
      label={t('keys.opening')}
      value={value}
      maxLength={3}
      autoComplete="off"
      spellCheck={false}
      hint={hint}
      error={showProblem && openingKeyProblem(value) ? t('keys.notAKey') : undefined}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
