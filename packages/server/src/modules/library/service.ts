import { AssignmentMessages, type LibrarySet, type PreviewUrl } from '@app/contract/assignments';
import type { HarDocument } from '@app/har/format';
import { hasInstructorAccount } from '../../access/account.ts';
import type { Deps } from '../../deps.ts';
import { enqueuePreviews, jobStatus, previewLink, storeHar } from '../../documents/har-files.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { newSecret } from '../../lib/random.ts';
import * as repo from './repository.ts';

export type LibraryService = ReturnType<typeof createLibraryService>;

/** The stored title of an instructor's own section; the web app shows it as "My exercises" in the reader's language (`own`). */
const OWN_SECTION_TITLE = 'My exercises';

/** The content library: sets of ready-made exercises instructors copy into their courses. */
export function createLibraryService(deps: Deps) {
  const { db, clock, storage } = deps;

  function assertInstructor(actor: Actor) {
    if (!hasInstructorAccount(actor)) throw AppError.forbidden(AssignmentMessages.libraryOnlyInstructors);
  }

  return {
    /**
     * Refuses (403, the library's sentence) an actor who may not add to a library section of their
     * own: a save that also goes to "My exercises" asks this first, before it writes anything.
     */
    requireOwnSection: assertInstructor,

    /** Library documents by id that `viewerId` may use (the assignments module copies them into sets). */
    findDocuments: (ids: number[], viewerId: number) => repo.findDocuments(db, ids, viewerId),

    /** Every set with its documents: two queries. */
    async list(actor: Actor): Promise<LibrarySet[]> {
      assertInstructor(actor);
      const [sets, documents] = await Promise.all([repo.listSets(db, actor.user.id), repo.listAllDocuments(db, actor.user.id)]);
      return sets.map(({ owner_id, ...s }) => ({
        ...s,
        own: owner_id !== null,
        documents: documents
          .filter((d) => d.library_set_id === s.id)
          .map((d) => ({
            id: d.id,
            doc_key: d.doc_key,
            title: d.title,
            preview_status: jobStatus(d.preview_status),
          })),
      }));
    },

    /** The preview image of a library document. */
    async previewUrl(actor: Actor, id: number): Promise<PreviewUrl> {
      assertInstructor(actor);
      const doc = await repo.findDocument(db, id, actor.user.id);
      if (!doc) throw AppError.notFound(AssignmentMessages.documentNotFound);
      return previewLink(deps, doc);
    },

    /**
     * Adds an exercise the instructor made to their own library section (made on first use),
     * from where the "Add from Library" picker copies it into any of their courses.
     */
    async addOwnExercise(actor: Actor, bytes: Uint8Array, fileName: string, written?: HarDocument): Promise<{ id: number; title: string }> {
      assertInstructor(actor);
      const now = clock.now();
      // `written`: the document the bytes were just written from (storeHar does not read them back).
      const stored = await storeHar(deps, 'library', bytes, fileName, written);
      try {
        const id = await db.transaction().execute(async (trx) => {
          const setId = await repo.ensureOwnSet(trx, actor.user.id, OWN_SECTION_TITLE, newSecret(12), now);
          const documentId = await repo.insertDocument(trx, { setId, ...stored, now });
          await enqueuePreviews(deps, trx, [stored]);
          return documentId;
        });
        return { id, title: stored.title };
      } catch (error) {
        await storage.delete(stored.storageKey);
        throw error;
      }
    },

    /**
     * Adds .har files to the library set of that title (made when missing); files whose
     * title the set already has are skipped, so importing twice adds nothing. Returns the count added.
     */
    async importSet(title: string, files: { name: string; bytes: Uint8Array }[]): Promise<number> {
      const now = clock.now();
      const setId = await repo.ensureSet(db, title, newSecret(12), now);
      const existing = await repo.titlesInSet(db, setId);
      let added = 0;
      for (const file of files) {
        const stored = await storeHar(deps, 'library', file.bytes, file.name);
        if (existing.has(stored.title)) {
          await storage.delete(stored.storageKey);
          continue;
        }
        await db.transaction().execute(async (trx) => {
          await repo.insertDocument(trx, { setId, ...stored, now });
          await enqueuePreviews(deps, trx, [stored]);
        });
        existing.add(stored.title);
        added += 1;
      }
      return added;
    },
  };
}
