import { EMAIL_PATTERN, extractEmails } from '@app/contract/people';

/** Why an address did not become a chip (spec §5): not an address, or already in the list. */
export interface ChipIssue {
  kind: 'invalid' | 'duplicate';
  value: string;
}

export interface ChipChange {
  emails: string[];
  issues: ChipIssue[];
}

/** The keys that turn typed text into a chip (spec §5). */
export const CHIP_KEYS: readonly string[] = ['Enter', 'Tab', ',', ' '];

/** Characters that end an address when typed; phones may send them without a key name. */
export const CHIP_SEPARATORS = /[\s,;]+/;

const normalize = (value: string) => value.trim().toLowerCase();

/** Adds one typed address: the trimmed, lower-cased text, if it is an address not yet in the list. */
export function addTypedEmail(emails: readonly string[], text: string): ChipChange {
  const value = normalize(text);
  if (value === '') return { emails: [...emails], issues: [] };
  if (!EMAIL_PATTERN.test(value)) return { emails: [...emails], issues: [{ kind: 'invalid', value: text.trim() }] };
  if (emails.includes(value)) return { emails: [...emails], issues: [{ kind: 'duplicate', value }] };
  return { emails: [...emails, value], issues: [] };
}

/**
 * Typed text that already holds separators (phone keyboards, or a plain paste): every finished
 * part becomes a chip, each invalid part is `rejected` (shown apart, never joined to what is typed
 * next, issue 30), and the unfinished tail stays in the field.
 */
export function addTypedText(emails: readonly string[], text: string): ChipChange & { draft: string; rejected: string[] } {
  const parts = text.split(CHIP_SEPARATORS);
  const tail = parts.pop() ?? '';
  let next = [...emails];
  const issues: ChipIssue[] = [];
  const kept: string[] = [];
  for (const part of parts) {
    if (part.trim() === '') continue;
    const change = addTypedEmail(next, part);
    next = change.emails;
    issues.push(...change.issues);
    if (change.issues.some((issue) => issue.kind === 'invalid')) kept.push(part.trim());
  }
  return { emails: next, issues, draft: tail, rejected: kept };
}

/** Surrounding quotes, brackets and trailing punctuation of a pasted word ('<a@b.org>,'). */
const WRAPPING = /^[<("'[]+|[>)"'\].,;:]+$/g;

/**
 * Adds every address of pasted text (spec §5: "Paste extracts all emails and skips duplicates").
 * Names and other words around the addresses are ignored; a word with an @ that is no address is
 * reported, and so is each address already in the list, once.
 */
export function addPastedEmails(emails: readonly string[], text: string): ChipChange {
  const next = [...emails];
  const issues: ChipIssue[] = [];
  const reported = new Set<string>();
  const report = (issue: ChipIssue) => {
    const key = `${issue.kind}:${issue.value}`;
    if (reported.has(key)) return;
    reported.add(key);
    issues.push(issue);
  };
  for (const word of text.split(CHIP_SEPARATORS)) {
    const found = extractEmails(word);
    if (found.length === 0) {
      const cleaned = word.replace(WRAPPING, '');
      if (cleaned.includes('@')) report({ kind: 'invalid', value: cleaned });
      continue;
    }
    for (const email of found) {
      if (next.includes(email)) report({ kind: 'duplicate', value: email });
      else next.push(email);
    }
  }
  return { emails: next, issues };
}

/** True when pasted text holds at least one address, so the paste is read as a list rather than typed in. */
export const hasEmails = (text: string) => extractEmails(text).length > 0;
