import type { LibrarySet } from '@app/contract/assignments';

const words = (text: string) => text.toLocaleLowerCase().split(/\s+/).filter(Boolean);

/**
 * The sets and documents that match a title search: every word of the query must appear in the
 * document's title or its set's title. An empty query keeps everything.
 */
export function searchLibrary(sets: readonly LibrarySet[], query: string): LibrarySet[] {
  const wanted = words(query);
  if (wanted.length === 0) return [...sets];
  return sets.flatMap((set) => {
    const documents = set.documents.filter((doc) => {
      const haystack = `${set.title} ${doc.title}`.toLocaleLowerCase();
      return wanted.every((word) => haystack.includes(word));
    });
    return documents.length > 0 ? [{ ...set, documents }] : [];
  });
}
