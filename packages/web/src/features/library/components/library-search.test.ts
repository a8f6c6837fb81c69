import type { LibrarySet } from '@app/contract/assignments';
import { describe, expect, it } from 'vitest';
import { searchLibrary } from './library-search.ts';

const doc = (id: number, title: string) => ({ id, doc_key: `k${id}`, title, preview_status: 'READY' as const });
const sets: LibrarySet[] = [
  {
    id: 1,
    set_key: 'a',
    title: 'Diatonic Harmony in Major',
    own: false,
    documents: [doc(1, 'Cadences in C major'), doc(2, 'Cadential six-four in G major')],
  },
  {
    id: 2,
    set_key: 'b',
    title: 'Minor Keys',
    own: false,
    documents: [doc(3, 'Neapolitan sixth in A minor'), doc(4, 'Cadences in D minor')],
  },
];

describe('searchLibrary', () => {
  it('keeps everything for an empty query', () => {
    expect(searchLibrary(sets, '  ')).toEqual(sets);
  });

  it('finds documents by every word of their title or their set title, ignoring case', () => {
    expect(searchLibrary(sets, 'cadences').map((s) => s.documents.map((d) => d.id))).toEqual([[1], [4]]);
    expect(searchLibrary(sets, 'MINOR neapolitan').map((s) => s.documents.map((d) => d.id))).toEqual([[3]]);
    expect(searchLibrary(sets, 'minor keys').map((s) => s.id)).toEqual([2]);
  });

  it('drops sets without a match', () => {
    expect(searchLibrary(sets, 'lydian')).toEqual([]);
  });
});
