import type { AnswerEntry } from '@app/contract/workspace';

/**
 * Two open copies of one exercise (decision 046): when the server's draft has moved on since the
 * draft a copy started from (its base), the copy's own changes since its base win for the items
 * it changed, and every other item is taken from the server. An item absent from a list is empty.
 */

const byId = (answers: readonly AnswerEntry[]) => new Map(answers.map((entry) => [entry.id, entry.answer]));

/** The ids whose answer in `mine` differs from the one in `base` (typed, changed or cleared since). */
export function changedSince(base: readonly AnswerEntry[], mine: readonly AnswerEntry[]): string[] {
  const before = byId(base);
  const now = byId(mine);
  const ids = new Set([...now.keys(), ...before.keys()]);
  return [...ids].filter((id) => (before.get(id) ?? '') !== (now.get(id) ?? ''));
}

/** The server's answers with this copy's answer for each id it `changed`; in this copy's order, then the server's new ids. */
export function mergeAnswers(server: readonly AnswerEntry[], mine: readonly AnswerEntry[], changed: Iterable<string>): AnswerEntry[] {
  const theirs = byId(server);
  const own = byId(mine);
  const keep = new Set(changed);
  const ids = [...own.keys(), ...[...theirs.keys()].filter((id) => !own.has(id))];
  return ids.map((id) => ({ id, answer: (keep.has(id) ? own.get(id) : theirs.get(id)) ?? '' }));
}

/** Whether two answer lists say the same for every item. */
export const sameAnswers = (a: readonly AnswerEntry[], b: readonly AnswerEntry[]) => changedSince(a, b).length === 0;
