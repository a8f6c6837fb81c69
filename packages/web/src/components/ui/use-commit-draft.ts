import { type KeyboardEvent, useRef, useState } from 'react';

/**
 * The draft of a field that saves itself (commit-text-field, commit-date-time-field): it follows
 * the saved text when that changes, commits on blur or Enter only what `read` accepts (non-empty,
 * changed, complete), never the same draft twice at once, puts the saved text back when the commit
 * is refused (its promise rejects), and on Escape.
 */
export function useCommitDraft<T>(
  saved: string,
  /** The value to commit and the text to show while it saves, or null when there is nothing to commit. */
  read: (draft: string) => { value: T; text: string } | null,
  onCommit: (value: T) => Promise<unknown> | undefined,
) {
  const [draft, setDraft] = useState(saved);
  // Follow the saved text when it changes (after a save, or a refetch): React's "adjust state while rendering".
  const [shown, setShown] = useState(saved);
  if (saved !== shown) {
    setShown(saved);
    setDraft(saved);
  }
  // The text being committed, so Enter followed by blur does not commit twice.
  const committing = useRef<string | null>(null);

  const commit = () => {
    const next = read(draft);
    if (!next) {
      setDraft(saved);
      return;
    }
    if (committing.current === next.text) return;
    committing.current = next.text;
    setDraft(next.text);
    const result = onCommit(next.value);
    if (!result) {
      committing.current = null;
      return;
    }
    result.then(
      () => {
        committing.current = null;
      },
      () => {
        committing.current = null;
        setDraft(saved);
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape') {
      setDraft(saved);
    }
  };

  return { draft, setDraft, commit, onKeyDown };
}
