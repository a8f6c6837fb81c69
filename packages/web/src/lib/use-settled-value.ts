import { useEffect, useState } from 'react';

/** How long a label's check waits after the last keystroke (the workspace's and the answer editors'). */
export const CHECK_DELAY_MS = 500;

/** The value to check: the typed text once the writer pauses (an empty field at once: it is never wrong). */
export function useSettledValue(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (value.trim() === '') {
      setSettled(value);
      return;
    }
    const timer = setTimeout(() => setSettled(value), CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}
