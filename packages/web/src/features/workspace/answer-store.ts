import type { AnswerEntry } from '@app/contract/workspace';
import { useRef, useSyncExternalStore } from 'react';
import { type FieldKey, keysInForce, sameFieldKey } from '../../lib/keys.ts';
import { isMalformedLabel } from './answer-check.ts';

/**
 * The workspace's answers outside React state: a keystroke changes one entry and tells that field
 * (and whoever follows every answer: the count, the keys in force), so a long chorale's hundreds of
 * fields and the screen around them are not drawn again for each key.
 */
export interface AnswerStore {
  get(id: string): string;
  /** Every item's answer, in the items' order. */
  entries(): AnswerEntry[];
  set(id: string, value: string): void;
  /** Takes every answer at once (another copy's, merged in). */
  replace(entries: readonly AnswerEntry[]): void;
  /** Told when this item's answer changes. */
  subscribe(id: string, listener: () => void): () => void;
  /** Told when any answer changes. */
  subscribeAll(listener: () => void): () => void;
  /** The key in force at each item (decision 031), read once per change of the answers. */
  keys(): Map<string, FieldKey>;
  /** How many items are answered, and which answers the grader cannot read. */
  summary(): AnswerSummary;
}

export interface AnswerSummary {
  answered: number;
  unreadable: readonly string[];
}

/** The grader's check of one label, remembered per text (a chorale repeats a few labels hundreds of times). */
const malformed = new Map<string, boolean>();
function isUnreadable(value: string): boolean {
  let known = malformed.get(value);
  if (known === undefined) {
    known = isMalformedLabel(value);
    if (malformed.size > 5000) malformed.clear();
    malformed.set(value, known);
  }
  return known;
}

/** Only a label with a colon names a key (`E: V`, a pivot `I = E: IV`; full-width colons too): no other changes the keys in force. */
const namesKey = (value: string) => /[:\uFF1A\uFE55\uFE13]/.test(value);

export function createAnswerStore(itemIds: readonly string[], initial: readonly AnswerEntry[], openingKey: string | null): AnswerStore {
  const answers = new Map(initial.map((entry) => [entry.id, entry.answer]));
  const one = new Map<string, Set<() => void>>();
  const all = new Set<() => void>();
  let keys: Map<string, FieldKey> | null = null;
  let summary: AnswerSummary | null = null;
  let lastSummary: AnswerSummary = { answered: -1, unreadable: [] };
  const changed = (ids: Iterable<string>, keysStay = false) => {
    if (!keysStay) keys = null;
    summary = null;
    for (const id of ids) for (const listener of one.get(id) ?? []) listener();
    for (const listener of all) listener();
  };
  return {
    get: (id) => answers.get(id) ?? '',
    entries: () => itemIds.map((id) => ({ id, answer: answers.get(id) ?? '' })),
    set(id, value) {
      const before = answers.get(id) ?? '';
      if (before === value) return;
      answers.set(id, value);
      // Typing a numeral keeps every key in force: they are not read again (a long chorale has hundreds of labels).
      changed([id], !namesKey(before) && !namesKey(value));
    },
    replace(entries) {
      const next = new Map(entries.map((entry) => [entry.id, entry.answer]));
      const ids = [...new Set([...answers.keys(), ...next.keys()])].filter((id) => (answers.get(id) ?? '') !== (next.get(id) ?? ''));
      if (ids.length === 0) return;
      answers.clear();
      for (const [id, answer] of next) answers.set(id, answer);
      changed(ids);
    },
    subscribe(id, listener) {
      const listeners = one.get(id) ?? new Set();
      one.set(id, listeners);
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    subscribeAll(listener) {
      all.add(listener);
      return () => all.delete(listener);
    },
    keys() {
      keys ??= keysInForce(
        itemIds.map((id) => ({ id })),
        Object.fromEntries(answers),
        openingKey,
      );
      return keys;
    },
    summary() {
      if (!summary) {
        let answered = 0;
        const unreadable: string[] = [];
        for (const id of itemIds) {
          const value = answers.get(id) ?? '';
          if (value.trim() !== '') answered += 1;
          if (isUnreadable(value)) unreadable.push(id);
        }
        // The same object while the figures read the same: its readers are not drawn again.
        const same =
          answered === lastSummary.answered &&
          unreadable.length === lastSummary.unreadable.length &&
          unreadable.every((id, index) => lastSummary.unreadable[index] === id);
        summary = same ? lastSummary : { answered, unreadable };
        lastSummary = summary;
      }
      return summary;
    },
  };
}

/** One item's answer; the component is drawn again only when it changes. */
export function useAnswer(store: AnswerStore, id: string): string {
  return useSyncExternalStore(
    (listener) => store.subscribe(id, listener),
    () => store.get(id),
  );
}

/** The key in force at one item; drawn again only when that key reads differently. */
export function useKeyInForce(store: AnswerStore, id: string | undefined): FieldKey | undefined {
  const last = useRef<FieldKey | undefined>(undefined);
  return useSyncExternalStore(store.subscribeAll, () => {
    const next = id === undefined ? undefined : store.keys().get(id);
    if (!sameFieldKey(last.current, next)) last.current = next;
    return last.current;
  });
}

/** The answered count and the unreadable answers; drawn again only when either changes. */
export function useAnswerSummary(store: AnswerStore): AnswerSummary {
  return useSyncExternalStore(store.subscribeAll, store.summary);
}
