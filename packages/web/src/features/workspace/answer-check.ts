import { parseKeyedLabel } from '@app/contract/keyed-label';

/**
 * Whether a typed label is one the grader can read, with the grader's own parser. An empty field
 * is not malformed (it is just unanswered); a malformed label is still saved as typed. A label may
 * begin with a key ('E: V') and a pivot chord join two readings ('I = E: IV'), as the grader reads them.
 */
export function isMalformedLabel(value: string): boolean {
  return value.trim() !== '' && parseKeyedLabel(value) === undefined;
}
