import { describe, expect, it } from 'vitest';
import { isReferenced, NameSet } from './orphans.ts';

describe('NameSet', () => {
  it('finds every name added, past its first allocation, and not names never added', () => {
    const names = new NameSet();
    for (let i = 0; i < 5000; i++) names.add(`submissions/key${i}/submission.har`);
    for (let i = 0; i < 5000; i++) expect(names.has(`submissions/key${i}/submission.har`)).toBe(true);
    for (let i = 5000; i < 10_000; i++) expect(names.has(`submissions/key${i}/submission.har`)).toBe(false);
    names.add('late');
    expect(names.has('late')).toBe(true);
    expect(names.has('')).toBe(false);
  });

  it('answers for a file by its whole key, its folder or its name before the extension', () => {
    const names = new NameSet();
    names.add('documents/a.har');
    names.add('abc123');
    names.add('hash9');
    expect(isReferenced('documents/a.har', names)).toBe(true);
    expect(isReferenced('submissions/abc123/submission.har', names)).toBe(true);
    expect(isReferenced('previews/hash9.png', names)).toBe(true);
    expect(isReferenced('documents/b.har', names)).toBe(false);
  });
});
