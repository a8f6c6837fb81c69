import {
  AssignmentMessages,
  type AssignmentSet,
  assignmentDateErrors,
  defaultAssignmentDates,
  shiftAssignmentDates,
  shiftGradeDate,
  type UpdateAssignmentRequest,
} from '@app/contract/assignments';
import { meetsNeed } from '../../access/course-access.ts';
import type { Db } from '../../db/database.ts';
import type { NewDocument } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { deleteStored, enqueuePreviews, loadHar, type StoredHar, storeHar } from '../../documents/har-files.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { newSecret } from '../../lib/random.ts';
import type { CoursesService } from '../courses/service.ts';
import type { AssignmentLoaders } from './load.ts';
import { documentVisible, sameMembers } from './policy.ts';
import { presentSet } from './present.ts';
import * as repo from './repository.ts';

export type SetsService = ReturnType<typeof createSetsService>;

/** Assignment sets of a course: list, create, change, delete, order, and their copy into a duplicate (spec §4, §5). */
export function createSetsService(deps: Deps, collaborators: { courses: CoursesService; load: AssignmentLoaders }) {
  const { db, clock, storage } = deps;
  const { requireCourseAccess } = collaborators.courses;
  const { loadSet, presentOne } = collaborators.load;
  const toInstruct = { need: 'instruct', forbidden: AssignmentMessages.onlyInstructors } as const;

  return {
    /** A set the actor sees (students: once released), with its course and the actor's role; 404 (`notFound`) otherwise. */
    openSet: (actor: Actor, setId: number, notFound?: string) => loadSet(actor, setId, notFound ? { notFound } : {}),

    /** A course's sets for its page; students see released sets and, while allowed, their documents. */
    async listForCourse(actor: Actor, courseId: number): Promise<AssignmentSet[]> {
      const { access } = await requireCourseAccess(actor, courseId, { need: 'member' });
      const now = clock.now();
      const student = meetsNeed(access.role, 'study');
      const sets = await repo.listSets(db, courseId, student ? now : undefined);
      const extensions = student
        ? new Map(
            (
              await repo.extensionsOfStudent(
                db,
                actor.user.id,
                sets.map((s) => s.id),
              )
            ).map((e) => [e.assignment_set_id, e.extension_due_at]),
          )
        : new Map<number, number>();
      const visible = sets.filter((s) => documentVisible(access.role, s, extensions.get(s.id) ?? null, now)).map((s) => s.id);
      const documents = await repo.listDocumentsOfSets(db, visible);
      return sets.map((s) =>
        presentSet(
          s,
          documents.filter((d) => d.assignment_set_id === s.id),
          extensions.get(s.id) ?? null,
        ),
      );
    },

    /** A new set with the default dates of DESIGN §7.10 for what the request leaves out; a draft if asked (decision 054). */
    async create(
      actor: Actor,
      courseId: number,
      input: { title?: string; released_at?: number; due_at?: number; show_after_due?: boolean; draft?: boolean },
    ) {
      const { row: course } = await requireCourseAccess(actor, courseId, toInstruct);
      const now = clock.now();
      const defaults = defaultAssignmentDates(now, course.start_date, course.end_date);
      const dates = { released_at: input.released_at ?? defaults.released_at, due_at: input.due_at ?? defaults.due_at };
      const errors = assignmentDateErrors(dates, course);
      if (errors.length > 0) throw AppError.invalidFields(errors);
      const title = input.title ?? `Assignment Set ${(await repo.countSets(db, courseId)) + 1}`;
      const id = await repo.insertSet(db, {
        courseId,
        title,
        releasedAt: dates.released_at,
        dueAt: dates.due_at,
        setKey: newSecret(12),
        showAfterDue: input.show_after_due ?? true,
        draft: input.draft ?? false,
        now,
      });
      return presentOne(actor, id);
    },

    /** One set as the actor sees it. */
    get: presentOne,

    /** Changes title, dates and visibility under the §5 date rules. */
    async update(actor: Actor, setId: number, input: UpdateAssignmentRequest): Promise<AssignmentSet> {
      const { set, course } = await loadSet(actor, setId, { change: true });
      const dates = { released_at: input.released_at ?? set.released_at, due_at: input.due_at ?? set.due_at };
      if (input.released_at !== undefined || input.due_at !== undefined) {
        const errors = assignmentDateErrors(dates, course);
        if (errors.length > 0) throw AppError.invalidFields(errors);
      }
      await repo.updateSet(db, setId, {
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...dates,
        ...(input.show_after_due !== undefined ? { show_after_due: input.show_after_due ? 1 : 0 } : {}),
        ...(input.draft !== undefined ? { draft: input.draft ? 1 : 0 } : {}),
        updated_at: clock.now(),
      });
      return presentOne(actor, setId);
    },

    /** Deletes a set with its documents and their files. */
    async remove(actor: Actor, setId: number): Promise<void> {
      await loadSet(actor, setId, { change: true });
      const keys = await repo.storageKeysOfSet(db, setId);
      await repo.deleteSet(db, setId);
      await Promise.all(keys.map((k) => storage.delete(k)));
    },

    /** Stores the order of a course's sets; the list must be exactly its sets. */
    async reorder(actor: Actor, courseId: number, ids: number[]): Promise<void> {
      await requireCourseAccess(actor, courseId, toInstruct);
      await db.transaction().execute(async (trx) => {
        const current = (await repo.listSets(trx, courseId)).map((s) => s.id);
        if (!sameMembers(ids, current)) throw AppError.badRequest('assignments', AssignmentMessages.reorderMismatch);
        await repo.writeOrder(trx, 'assignment_sets', ids);
      });
    },

    /**
     * A course's sets and documents ready to copy into a duplicate (issue 19): every set and
     * document setting and the order; each file is stored again now under a new doc_key (with
     * its student copy; previews are shared by content hash); dates move by `shift` and stay
     * within the §5 limits of the new period. `insert` adds the rows inside the caller's
     * transaction; `discard` removes the files when that transaction fails. Nothing of the
     * students' (submissions, extensions, drafts, downloads) is copied.
     */
    async prepareCourseCopy(actor: Actor, fromCourseId: number, target: { shift: number; start_date: number; end_date: number }) {
      await requireCourseAccess(actor, fromCourseId, toInstruct);
      const sets = await repo.listSets(db, fromCourseId);
      const documents = await repo.listDocumentsOfSets(
        db,
        sets.map((s) => s.id),
      );
      const stored: StoredHar[] = new Array(documents.length);
      const discard = () => Promise.all(stored.filter(Boolean).map((s) => deleteStored(deps, s))).then(() => undefined);
      try {
        // A few files at a time: enough to overlap storage round trips without holding every file in memory.
        let next = 0;
        const worker = async () => {
          for (let i = next++; i < documents.length; i = next++) {
            const doc = documents[i] as (typeof documents)[number];
            // Not laid out now (issue 40): each copy's first open does it once; a course's documents
            // laid out one after another would hold this request for minutes.
            stored[i] = await storeHar(deps, 'documents', await loadHar(deps, doc.storage_key), doc.title, undefined, { layOut: false });
          }
        };
        await Promise.all(Array.from({ length: Math.min(6, documents.length) }, worker));
      } catch (error) {
        await discard();
        throw error;
      }
      const now = clock.now();
      const copies = sets.map((set) => {
        const dates = shiftAssignmentDates(set, target.shift, target);
        return {
          set: {
            title: set.title,
            ...dates,
            set_key: newSecret(12),
            show_after_due: set.show_after_due,
            draft: set.draft,
            weight: set.weight,
            created_at: now,
            updated_at: now,
          },
          documents: documents.flatMap((doc, i): Omit<NewDocument, 'assignment_set_id'>[] => {
            const s = stored[i];
            if (doc.assignment_set_id !== set.id || !s) return [];
            const { id: _id, assignment_set_id: _set, ...settings } = doc;
            const failed = !s.previewReady && doc.preview_status === 'FAILED';
            return [
              {
                ...settings,
                doc_key: s.docKey,
                storage_key: s.storageKey,
                student_storage_key: s.studentStorageKey,
                content_hash: s.contentHash,
                size: s.size,
                preview_status: s.previewReady ? 'READY' : failed ? 'FAILED' : 'PENDING',
                preview_error: failed ? doc.preview_error : null,
                show_grade_on_date: shiftGradeDate(doc.show_grade_on_date, target.shift, {
                  due_at: dates.due_at,
                  end_date: target.end_date,
                }),
                created_at: now,
                updated_at: now,
              },
            ];
          }),
        };
      });
      return {
        sets: copies.length,
        documents: documents.length,
        insert: async (trx: Db, toCourseId: number) => {
          await repo.insertSetCopies(trx, toCourseId, copies);
          // A preview that failed for the original would fail again; the others are queued unless cached.
          await enqueuePreviews(
            deps,
            trx,
            stored.filter((s, i) => documents[i]?.preview_status !== 'FAILED' && Boolean(s)),
          );
        },
        discard,
      };
    },
  };
}
