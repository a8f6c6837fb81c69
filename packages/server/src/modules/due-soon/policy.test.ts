import { describe, expect, it } from 'vitest';
import { dueState, isTimed } from './policy.ts';

const work = { practice: 0, timed: 0, timed_time_seconds: null, handedIn: false, draftSavedAt: null, startedAt: null };

describe('dueState', () => {
  it('is not_started with nothing done, in_progress with a draft, submitted once handed in', () => {
    expect(dueState(work)).toBe('not_started');
    expect(dueState({ ...work, draftSavedAt: 100 })).toBe('in_progress');
    expect(dueState({ ...work, draftSavedAt: 100, handedIn: true })).toBe('submitted');
  });

  it('is time_limit for a started timed exercise, draft or not, until it is handed in', () => {
    const timed = { ...work, timed: 1, timed_time_seconds: 1800 };
    expect(dueState(timed)).toBe('not_started');
    expect(dueState({ ...timed, startedAt: 50 })).toBe('time_limit');
    expect(dueState({ ...timed, startedAt: 50, draftSavedAt: 60 })).toBe('time_limit');
    expect(dueState({ ...timed, startedAt: 50, handedIn: true })).toBe('submitted');
  });

  it('never times practice work, whose time limit is off', () => {
    const practice = { ...work, practice: 1, timed: 1, timed_time_seconds: 1800, startedAt: 50 };
    expect(isTimed(practice)).toBe(false);
    expect(dueState(practice)).toBe('not_started');
  });
});
