/**
 * The part-writing checker's rate: a fixed window per account, kept in this instance's memory
 * (the endpoint is stateless; several instances each allow the limit).
 */
export type RateWindow = { start: number; count: number };

/** Whether one more check fits in the window that `now` falls in; updates `windows`. */
export function takeCheck(windows: Map<number, RateWindow>, userId: number, now: number, limit: number, windowSeconds = 60): boolean {
  const current = windows.get(userId);
  if (!current || now - current.start >= windowSeconds) {
    windows.set(userId, { start: now, count: 1 });
    if (windows.size > 10_000) {
      for (const [id, window] of windows) if (now - window.start >= windowSeconds) windows.delete(id);
    }
    return true;
  }
  if (current.count >= limit) return false;
  current.count += 1;
  return true;
}
