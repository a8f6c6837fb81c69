import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from './icons.tsx';
import styles from './save-status.module.css';

export type SaveState = 'idle' | 'saving' | 'saved';

const SAVED_VISIBLE_MS = 3000;

/**
 * The state of a field that saves itself. `track(promise)` shows Saving… while the promise runs,
 * then Saved for a few seconds; a failure returns to idle (its toast says what went wrong).
 */
export function useSaveStatus() {
  const [state, setState] = useState<SaveState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const track = useCallback(<T,>(promise: Promise<T>): Promise<T> => {
    clearTimeout(timer.current);
    setState('saving');
    promise.then(
      () => {
        setState('saved');
        timer.current = setTimeout(() => setState('idle'), SAVED_VISIBLE_MS);
      },
      () => setState('idle'),
    );
    return promise;
  }, []);
  return { state, track };
}

/** A quiet, announced confirmation beside a field that saves itself (no toast for routine saves). */
export function SaveStatus({ state, className }: { state: SaveState; className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`${styles.status} ${className ?? ''}`} aria-live="polite" data-state={state}>
      {state === 'saving' ? (
        <>
          <span className={styles.spinner} aria-hidden="true" />
          {t('common.saving')}
        </>
      ) : null}
      {state === 'saved' ? (
        <>
          <CheckIcon width="16" height="16" />
          {t('common.saved')}
        </>
      ) : null}
    </span>
  );
}
