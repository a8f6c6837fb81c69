import { NOTIFICATION_SLIDE_OUT_MS, NOTIFICATION_TIMEOUT_MS } from '@app/contract/constants';
import { useSyncExternalStore } from 'react';

export type Severity = 'error' | 'warning' | 'info' | 'success';

export interface Notification {
  id: number;
  severity: Severity;
  /** Already translated text. */
  message: string;
  /** Translated reasons shown below the message (e.g. the server's explanation of a failure). */
  details?: readonly string[];
  /** Epoch milliseconds when it was raised. */
  time: number;
  /** Milliseconds before it closes; negative means it stays until dismissed. */
  timeout: number;
  /** False while the slide-out animation runs, just before removal. */
  open: boolean;
}

export interface NotifyInput {
  severity: Severity;
  message: string;
  details?: readonly string[];
  timeout?: number;
}

type Listener = () => void;

let notifications: readonly Notification[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(next: readonly Notification[]) {
  notifications = next;
  for (const listener of listeners) listener();
}

function schedule(id: number, ms: number, run: () => void) {
  clearTimeout(timers.get(id));
  timers.set(id, setTimeout(run, ms));
}

function remove(id: number) {
  clearTimeout(timers.get(id));
  timers.delete(id);
  emit(notifications.filter((n) => n.id !== id));
}

/** Starts the slide-out; the notification leaves the list NOTIFICATION_SLIDE_OUT_MS later. */
export function dismiss(id: number) {
  const current = notifications.find((n) => n.id === id);
  if (!current?.open) return;
  emit(notifications.map((n) => (n.id === id ? { ...n, open: false } : n)));
  schedule(id, NOTIFICATION_SLIDE_OUT_MS, () => remove(id));
}

/**
 * Shows a toast from anywhere (components, query callbacks, plain modules).
 * It closes after `timeout` ms (default 5000); a negative timeout keeps it until the user closes it.
 */
export function notify({ severity, message, details, timeout = NOTIFICATION_TIMEOUT_MS }: NotifyInput): number {
  // The same words already showing are not shown twice (QA Q4: toasts piled up): that one stays open longer instead.
  const same = notifications.find(
    (n) => n.open && n.severity === severity && n.message === message && (n.details ?? []).join('\n') === (details ?? []).join('\n'),
  );
  if (same) {
    if (timeout >= 0 && same.timeout >= 0) schedule(same.id, timeout, () => dismiss(same.id));
    return same.id;
  }
  const id = nextId++;
  emit([...notifications, { id, severity, message, ...(details?.length ? { details } : {}), time: Date.now(), timeout, open: true }]);
  if (timeout >= 0) schedule(id, timeout, () => dismiss(id));
  return id;
}

/** Removes every notification at once (tests, sign-out). */
export function clearNotifications() {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  emit([]);
}

export function getNotifications(): readonly Notification[] {
  return notifications;
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useNotifications(): readonly Notification[] {
  return useSyncExternalStore(subscribe, getNotifications, getNotifications);
}
