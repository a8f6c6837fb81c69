import { afterEach, describe, expect, it } from 'vitest';
import { clearNotifications, dismiss, getNotifications, notify } from './notifications.ts';

// QA Q4: the same refusal raised twice (a retried upload, two queries failing alike) is one toast, not a pile.
describe('notify', () => {
  afterEach(() => clearNotifications());

  it('shows the same words once while they are open, and again after they were dismissed', () => {
    const first = notify({ severity: 'error', message: 'The file is empty.' });
    expect(notify({ severity: 'error', message: 'The file is empty.' })).toBe(first);
    expect(getNotifications()).toHaveLength(1);
    // Other words, another severity or other details are another toast.
    notify({ severity: 'error', message: 'The file is larger than 20 MB.' });
    notify({ severity: 'warning', message: 'The file is empty.' });
    notify({ severity: 'error', message: 'The file is empty.', details: ['a.musicxml'] });
    expect(getNotifications()).toHaveLength(4);
    dismiss(first);
    expect(notify({ severity: 'error', message: 'The file is empty.' })).not.toBe(first);
  });
});
