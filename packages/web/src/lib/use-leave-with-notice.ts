import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { notify } from './notifications.ts';

/**
 * Leaves the page once, with an error toast (spec §8: 'You are not an instructor of this course.',
 * 'Assignment not found in selected course.' …). Pass null to stay.
 */
export function useLeaveWithNotice(leave: { to: string; message: string } | null) {
  const navigate = useNavigate();
  const done = useRef(false);
  const to = leave?.to;
  const message = leave?.message;
  useEffect(() => {
    if (!to || !message || done.current) return;
    done.current = true;
    notify({ severity: 'error', message });
    void navigate(to, { replace: true });
  }, [to, message, navigate]);
}
