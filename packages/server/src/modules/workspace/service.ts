import { cadential64Label, neapolitan6Label } from '@app/contract/courses';
import { type AnswerEntry, type Draft, type DraftSummary, type Workspace, WorkspaceMessages } from '@app/contract/workspace';
import { contentHash, readExerciseItems } from '@app/har/format';
import { HarError } from '@app/har/har-error';
import { meetsNeed, requireNeed } from '../../access/course-access.ts';
import type { Deps } from '../../deps.ts';
import { loadHar } from '../../documents/har-files.ts';
import { isPartWritingHar, partWritingLayout } from '../../documents/part-writing-files.ts';
import { lastingRefusal, layOutStudentCopy, type RenderedWorkspace, storedLayout } from '../../documents/workspace-layout.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import type { AssignmentsService } from '../assignments/service.ts';
import type { CoursesService } from '../courses/service.ts';
import { submissionRefusal } from '../submissions/policy.ts';
import type { SubmissionsService } from '../submissions/service.ts';
import { draftChanged } from './draft-conflict.ts';
import * as repo from './repository.ts';

export type WorkspaceService = ReturnType<typeof createWorkspaceService>;

type Opened = Awaited<ReturnType<AssignmentsService['openDocument']>>;

/** A document's time limit in seconds when it is timed (practice never is), else null. */
const timeLimit = (doc: { practice: number; timed: number; timed_time_seconds: number | null }) =>
  doc.practice !== 1 && doc.timed === 1 ? doc.timed_time_seconds : null;

/**
 * Layouts (and layouts under way, and refusals) kept in memory, by student-copy key (a copy's key
 * never gets other content: a new version has a new key).
 */
const REMEMBERED_LAYOUTS = 200;

/**
 * The exercise workspace (issue 13): a student opens a document, sees the score with
 * one field per item, saves drafts and hands in answers. Everything is read from the
 * student copy of the exercise, which has no key, so nothing here can leak one.
 */
export function createWorkspaceService(
  deps: Deps,
  collaborators: { courses: CoursesService; assignments: AssignmentsService; submissions: SubmissionsService },
) {
  const { db, clock } = deps;
  const { courses, assignments, submissions } = collaborators;
  /** By student-copy key: the layout, or the one being made (concurrent opens share it), or why there is none. */
  const layouts = new Map<string, Promise<RenderedWorkspace>>();
  /** The layouts made, by student-copy key: what an autosave checks its answers against when it can. */
  const done = new Map<string, RenderedWorkspace>();
  const remember = <T>(map: Map<string, T>, key: string, value: T) => {
    map.set(key, value);
    if (map.size > REMEMBERED_LAYOUTS) map.delete(map.keys().next().value as string);
  };

  /** The stored draft a refused save is answered with (one that vanished between the two reads reads as empty). */
  async function currentDraft(documentId: number, studentId: number): Promise<Draft> {
    return (await repo.findDraft(db, documentId, studentId)) ?? { answers: [], updated_at: clock.now(), revision: 0 };
  }

  /** A document a student of its course may work on now (released, visible). 404/403 otherwise. */
  async function openForStudent(actor: Actor, documentId: number) {
    const opened = await assignments.openDocument(actor, documentId);
    requireNeed(opened.role, { need: 'study', forbidden: WorkspaceMessages.onlyStudents });
    return opened;
  }

  /**
   * The student copy's score laid out for the workspace (issue 40): from memory, else from storage
   * (laid out at upload, or by an earlier open), else laid out now — once: concurrent opens share
   * the layout under way, and a copy that could not be laid out answers its stored refusal (a 409)
   * without trying again. An autosave never calls this (`itemIds`).
   */
  async function rendered(doc: Parameters<AssignmentsService['studentCopyKey']>[0]): Promise<RenderedWorkspace> {
    const copyKey = await assignments.studentCopyKey(doc);
    let layout = layouts.get(copyKey);
    if (!layout) {
      const made = storedOrRendered(copyKey);
      layout = made;
      remember(layouts, copyKey, made);
      made.then(
        (value) => remember(done, copyKey, value),
        // A lasting refusal stays (it is stored too); anything else (storage away, a stopped thread) is tried again.
        (error: unknown) => {
          if (!lastingRefusal(error) && layouts.get(copyKey) === made) layouts.delete(copyKey);
        },
      );
    }
    try {
      return await layout;
    } catch (error) {
      if (error instanceof HarError) throw AppError.harConflict(error);
      throw error;
    }
  }

  async function storedOrRendered(copyKey: string): Promise<RenderedWorkspace> {
    const bytes = await loadHar(deps, copyKey);
    if (isPartWritingHar(bytes)) return partWritingLayout(bytes);
    const stored = await storedLayout(deps, contentHash(bytes));
    if (stored && 'failed' in stored) throw stored.failed;
    if (stored) return stored.layout;
    return layOutStudentCopy(deps, bytes, { rememberFailure: true });
  }

  /**
   * The ids of the items an autosave may answer (issue 40): the layout's when it is in memory, else
   * read from the student copy's items (a part-writing copy's chords) — never laid out, never waiting
   * for a layout under way.
   */
  async function itemIds(doc: Parameters<AssignmentsService['studentCopyKey']>[0]): Promise<Set<string>> {
    const copyKey = await assignments.studentCopyKey(doc);
    const made = done.get(copyKey);
    if (made) return new Set(made.items.map((item) => item.id));
    const bytes = await loadHar(deps, copyKey);
    const items = isPartWritingHar(bytes) ? partWritingLayout(bytes).items : readExerciseItems(bytes);
    return new Set(items.map((item) => item.id));
  }

  /** The workspace of a document the student may open; a timed one not yet started shows no music. */
  async function present(actor: Actor, { doc, set, course, extension }: Opened): Promise<Workspace> {
    const timed = timeLimit(doc);
    const startedAt = (await assignments.clockStart(doc.id, actor.user.id)) ?? null;
    const waiting = timed !== null && startedAt === null;
    const [layout, draft, handedIn] = await Promise.all([
      waiting ? null : rendered(doc),
      repo.findDraft(db, doc.id, actor.user.id),
      submissions.ownForDocument(actor, doc, extension),
    ]);
    const now = clock.now();
    const formalCount = handedIn.filter((s) => !s.practice).length;
    const refusal = submissionRefusal(doc, { extensionDueAt: extension, formalCount, startedAt: startedAt ?? undefined, now });
    return {
      document: { id: doc.id, title: doc.title, assignment_id: set.id, course_id: course.id },
      set_title: set.title,
      labels: {
        cadential_64: cadential64Label(course.cadential_64),
        neapolitan_6: neapolitan6Label(course.neapolitan_6),
      },
      key: layout?.key ?? null,
      items: layout?.items ?? [],
      score: layout?.score ?? null,
      part_writing: layout?.part_writing ?? null,
      rules: {
        gradable: doc.gradable === 1,
        practice: doc.practice === 1,
        multiple_submissions: doc.multiple_submissions === 1,
        due_at: set.due_at,
        extension_due_at: extension,
        timed_seconds: timed,
        started_at: startedAt,
        deadline_at: timed === null || startedAt === null ? null : startedAt + timed,
        show_grade_on_date: doc.delay_showing_grade === 1 ? doc.show_grade_on_date : null,
        show_answers: doc.show_answers,
        can_submit: refusal === null,
        refusal: refusal?.message ?? null,
      },
      draft,
      submissions: handedIn,
      now,
    };
  }

  return {
    /**
     * Everything the workspace shows. Opening never starts a timed document's clock (Start does):
     * until then its score and items are withheld and `rules.started_at` is null.
     */
    async get(actor: Actor, documentId: number): Promise<Workspace> {
      return present(actor, await openForStudent(actor, documentId));
    },

    /**
     * Starts a timed document's clock (issue 24: Start, not opening, starts it) and answers the
     * workspace as it now stands. Idempotent: a started clock keeps its first start.
     */
    async start(actor: Actor, documentId: number): Promise<Workspace> {
      const opened = await openForStudent(actor, documentId);
      if (timeLimit(opened.doc) === null) throw AppError.conflict(WorkspaceMessages.notTimed);
      await assignments.startClock(opened.doc.id, actor.user.id);
      return present(actor, opened);
    },

    /**
     * Stores the student's answers as they type; answers must be for the document's items. With
     * `base`, a draft saved since (another tab or device) is not overwritten: a 409 answers with
     * the stored draft, for the browser to merge (decision 046).
     */
    async saveDraft(actor: Actor, documentId: number, answers: AnswerEntry[], base?: number): Promise<Draft> {
      const { doc } = await openForStudent(actor, documentId);
      const known = await itemIds(doc);
      if (answers.some((entry) => !known.has(entry.id))) throw AppError.badRequest('answers', WorkspaceMessages.unknownItem);
      const now = clock.now();
      const revision = await repo.saveDraft(db, doc.id, actor.user.id, answers, now, base);
      if (revision === null) throw draftChanged(await currentDraft(doc.id, actor.user.id));
      return { answers, updated_at: now, revision };
    },

    /** The documents of a course the student has in progress: drafts and started timed documents (the assignments list). */
    async draftsInCourse(actor: Actor, courseId: number): Promise<DraftSummary[]> {
      const { access } = await courses.requireCourseAccess(actor, courseId, { need: 'member' });
      if (!meetsNeed(access.role, 'study')) return [];
      const [drafts, starts] = await Promise.all([
        repo.draftsInCourse(db, courseId, actor.user.id),
        repo.timedStartsInCourse(db, courseId, actor.user.id),
      ]);
      const byDocument = new Map<number, DraftSummary>(
        drafts.map((d) => [d.document_id, { document_id: d.document_id, updated_at: d.updated_at, deadline_at: null }]),
      );
      for (const start of starts) {
        const deadline_at = start.first_downloaded_at + (start.timed_time_seconds ?? 0);
        byDocument.set(start.document_id, {
          updated_at: null,
          ...byDocument.get(start.document_id),
          document_id: start.document_id,
          deadline_at,
        });
      }
      return [...byDocument.values()];
    },
  };
}
