/** Epoch seconds; the one clock every rule reads, so tests can move time. */
export type Clock = { now: () => number };

export const systemClock: Clock = { now: () => Math.floor(Date.now() / 1000) };

/** A clock tests can set and advance. */
export function manualClock(start = Math.floor(Date.now() / 1000)) {
  let current = start;
  return {
    now: () => current,
    advance: (seconds: number) => {
      current += seconds;
    },
  };
}
