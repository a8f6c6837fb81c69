/**
 * Whether the user is at the keyboard: the last time they pressed, tapped, scrolled or loaded the
 * page. API calls sent without such an action shortly before (polls, refetches, prefetches) are
 * marked as background requests, which the server does not count as activity, so an idle session
 * still runs out on pages that poll (issue 16).
 */

/** How long after an action the calls it caused still count as that action (a route's lazy chunk, then its queries). */
export const ACTIVITY_WINDOW_MS = 10_000;

/** The header the server reads (packages/server/src/http/auth.ts). */
export const BACKGROUND_HEADER = 'X-Background-Request';

// Deliberate input only: a pointer resting on the page moves without anyone there.
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

// Opening or reloading a page is an action too.
let lastActivityAt = Date.now();

/** Records a user action now (or at `at`). */
export function markUserActivity(at: number = Date.now()) {
  lastActivityAt = Math.max(lastActivityAt, at);
}

/** True when the user acted within the last ACTIVITY_WINDOW_MS. */
export function isUserActive(now: number = Date.now()): boolean {
  return now - lastActivityAt <= ACTIVITY_WINDOW_MS;
}

if (typeof window !== 'undefined') {
  for (const type of ACTIVITY_EVENTS) {
    window.addEventListener(type, () => markUserActivity(), { capture: true, passive: true });
  }
}
