import {
  AnswerKeyMessages,
  type DocumentKeyOrRules,
  type GradeChange,
  type PartWritingRulesKey,
  type RegradeState,
  type UpdateKeyRequest,
  type UpdatePartWritingRulesRequest,
} from '@app/contract/answer-keys';
import { AssignmentMessages } from '@app/contract/assignments';
import { keyName, parseKey } from '@app/contract/part-writing/theory';
import { ruleSettings } from '@app/contract/part-writing/written';
import type { AnswerKey, HarDocument } from '@app/har/format';
import { contentHash } from '@app/har/format';
import { HarError } from '@app/har/har-error';
import { type PartWritingDocument, partWritingExercise } from '@app/har/part-writing/document';
import { requireNeed } from '../../access/course-access.ts';
import type { Deps } from '../../deps.ts';
import { loadHar, PREVIEW_JOB, previewKey, storeKeyVersion } from '../../documents/har-files.ts';
import { isPartWritingHar, readPartWritingDocument, storePartWritingVersion } from '../../documents/part-writing-files.ts';
import { keyEditorLayout } from '../../documents/workspace-layout.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { commitOrRemove } from '../../storage/orphans.ts';
import type { AssignmentsService } from '../assignments/service.ts';
import type { GradeBookService } from '../gradebook/service.ts';
import type { SubmissionsService } from '../submissions/service.ts';
import { presentGradeChange, presentRegrade } from './present.ts';
import { REGRADE_JOB, registerRegradeJob } from './regrade-job.ts';
import * as repo from './repository.ts';

export type AnswerKeysService = ReturnType<typeof createAnswerKeysService>;

/**
 * A part-writing document in another key (issue 35): the exercise checked again in it (its numerals
 * and figures read there) and its score written again from it, with the key's signature; the
 * manifest and the model stay. Throws HarError naming what does not fit.
 */
function rekeyedPartWriting(doc: PartWritingDocument, key: string): PartWritingDocument {
  const next = partWritingExercise(doc.manifest.title, { ...doc.exercise, key }, doc.model);
  return { ...next, manifest: doc.manifest };
}

/** A part-writing exercise's key ('c minor', 'F# major', or a token) as the opening-key field writes it: 'c', 'F#'. */
function keyToken(key: string): string {
  const parsed = parseKey(key);
  return parsed ? (keyName(parsed).split(' ')[0] ?? key) : key;
}

/**
 * Editing the key of a course document in use, and regrading its submissions (issue 14;
 * docs/decisions/020-answer-key-versions-and-regrade.md). Instructors of the course only.
 */
export function createAnswerKeysService(
  deps: Deps,
  collaborators: { assignments: AssignmentsService; gradeBook: GradeBookService; submissions: SubmissionsService },
) {
  const { db, clock, storage } = deps;
  const { assignments } = collaborators;
  registerRegradeJob(deps, { gradeBook: collaborators.gradeBook, submissions: collaborators.submissions });

  /** The document for one of its course's instructors: 404 for what the actor may not see, 403 for its TAs and students. */
  async function loadForInstructor(actor: Actor, documentId: number) {
    const { role } = await assignments.openDocument(actor, documentId);
    requireNeed(role, { need: 'instruct', forbidden: AssignmentMessages.onlyInstructors });
    const doc = await repo.findDocumentForKey(db, documentId);
    if (!doc) throw AppError.notFound(AssignmentMessages.documentNotFound);
    return doc;
  }

  /** The exercise with its key as stored now; a document without a key cannot be edited. */
  async function keyedExercise(storageKey: string): Promise<HarDocument & { key: AnswerKey }> {
    const bytes = await loadHar(deps, storageKey);
    // A part-writing document (issue 27) is graded by its rules, not by a key of labels.
    if (isPartWritingHar(bytes)) throw AppError.conflict(AnswerKeyMessages.noKey);
    const exercise = await deps.cpu.run('readHar', [bytes]);
    if (exercise.manifest.kind !== 'exercise' || !exercise.key || exercise.key.items.length === 0)
      throw AppError.conflict(AnswerKeyMessages.noKey);
    return exercise as HarDocument & { key: AnswerKey };
  }

  /** The part-writing document as stored now (issue 27); 409 for any other. */
  async function partWritingDocument(storageKey: string) {
    const bytes = await loadHar(deps, storageKey);
    if (!isPartWritingHar(bytes)) throw AppError.conflict(AnswerKeyMessages.notPartWriting);
    return readPartWritingDocument(bytes);
  }

  /** Stores a new version's files and points the document at them, unless another edit came first (409). */
  async function writeVersion(
    actor: Actor,
    doc: NonNullable<Awaited<ReturnType<typeof repo.findDocumentForKey>>>,
    stored: { storageKey: string; studentStorageKey: string; size: number },
    /** A new score (a part-writing exercise in another key, issue 35): its hash, and its preview drawn unless it is already. */
    score?: { contentHash: string; previewReady: boolean },
  ) {
    const written = await commitOrRemove(storage, [stored.storageKey, stored.studentStorageKey], () =>
      db.transaction().execute(async (trx) => {
        const next = { ...stored, by: actor.user.id, now: clock.now(), ...(score ? { score } : {}) };
        const done = await repo.writeKeyVersion(trx, doc, doc.key_version, next);
        if (done && score && !score.previewReady)
          await deps.jobs.enqueue(PREVIEW_JOB, { storageKey: stored.storageKey, contentHash: score.contentHash }, { db: trx });
        return done;
      }),
    );
    if (!written) {
      await Promise.all([storage.delete(stored.storageKey), storage.delete(stored.studentStorageKey)]);
      throw AppError.conflict(AnswerKeyMessages.changedMeanwhile);
    }
  }

  async function state(doc: { id: number }): Promise<RegradeState> {
    const current = await repo.findDocumentForKey(db, doc.id);
    const version = current?.key_version ?? 1;
    const counts = await repo.countSubmissions(db, doc.id, version);
    return {
      key_version: version,
      submissions: counts.total,
      outdated: counts.outdated,
      regrade: presentRegrade(await repo.latestRegrade(db, doc.id)),
    };
  }

  return {
    /**
     * The document's score laid out as in the workspace, each keyed chord with its answers and
     * points; for a part-writing document, its rule settings, style and points instead.
     */
    async getKey(actor: Actor, documentId: number): Promise<DocumentKeyOrRules> {
      const doc = await loadForInstructor(actor, documentId);
      const bytes = await loadHar(deps, doc.storage_key);
      if (isPartWritingHar(bytes)) {
        const { manifest, exercise: pw } = readPartWritingDocument(bytes);
        const rules: PartWritingRulesKey = {
          kind: 'part-writing',
          document_id: doc.id,
          title: manifest.title,
          version: doc.key_version,
          // The key as the opening-key field writes it ('c', 'F#'); stored as 'c minor'.
          key: keyToken(pw.key),
          style: pw.style,
          points: pw.points,
          rules: ruleSettings(pw),
        };
        return rules;
      }
      const exercise = await keyedExercise(doc.storage_key);
      const answers = new Map(exercise.key.items.map((item) => [item.id, item.answers]));
      // The student copy's stored layout when it shows the same score (issue 40): a visit lays nothing out.
      const layout = await keyEditorLayout(deps, exercise, doc.student_storage_key ? await loadHar(deps, doc.student_storage_key) : null);
      return {
        document_id: doc.id,
        title: exercise.manifest.title,
        version: doc.key_version,
        key: exercise.key.key ?? null,
        score: layout.score,
        items: layout.items.map((item) => ({ ...item, answers: answers.get(item.id) ?? [] })),
      };
    },

    /**
     * Makes a new version of the document with new answers and points for its chords (the
     * chords stay: hand-ins and drafts name them). Its own student copy comes with it. Grades
     * already given stay until a regrade.
     */
    async updateKey(actor: Actor, documentId: number, input: UpdateKeyRequest): Promise<RegradeState> {
      const doc = await loadForInstructor(actor, documentId);
      const exercise = await keyedExercise(doc.storage_key);
      const given = new Map(input.items.map((item) => [item.id, item]));
      if (given.size !== input.items.length || given.size !== exercise.key.items.length)
        throw AppError.badRequest('items', AnswerKeyMessages.itemsMismatch);
      const items = exercise.key.items.map((item) => {
        const edit = given.get(item.id);
        if (!edit) throw AppError.badRequest('items', AnswerKeyMessages.itemsMismatch);
        return { ...item, answers: edit.answers, points: edit.points };
      });
      const version = doc.key_version + 1;
      // The opening key (decision 031): given, removed (null), or kept when left out.
      const opening = input.key === undefined ? exercise.key.key : (input.key ?? undefined);
      let stored: Awaited<ReturnType<typeof storeKeyVersion>>;
      try {
        stored = await storeKeyVersion(
          deps,
          { ...exercise, key: { ...(opening === undefined ? {} : { key: opening }), items } },
          doc.doc_key,
          version,
        );
      } catch (error) {
        if (error instanceof HarError) throw AppError.fromHar(error, 'items');
        throw error;
      }
      const written = await commitOrRemove(storage, [stored.storageKey, stored.studentStorageKey], () =>
        db
          .transaction()
          .execute((trx) => repo.writeKeyVersion(trx, doc, doc.key_version, { ...stored, by: actor.user.id, now: clock.now() })),
      );
      if (!written) {
        await Promise.all([storage.delete(stored.storageKey), storage.delete(stored.studentStorageKey)]);
        throw AppError.conflict(AnswerKeyMessages.changedMeanwhile);
      }
      return state(doc);
    },

    /**
     * A part-writing document's new rule settings (issue 27): a new version of the document, as
     * an edited key makes; every rule is stored explicitly, those not given as they are now.
     * Grades already given stay until a regrade.
     */
    async updateRules(actor: Actor, documentId: number, input: UpdatePartWritingRulesRequest): Promise<RegradeState> {
      const doc = await loadForInstructor(actor, documentId);
      const current = await partWritingDocument(doc.storage_key);
      const rules = { ...ruleSettings(current.exercise), ...input.rules };
      const settings = { ...current, exercise: { ...current.exercise, style: input.style, points: input.points, rules } };
      // Another key (issue 35): the numerals and figures are read in it and the score is written again with its signature.
      const rekey = input.key !== undefined && keyToken(current.exercise.key) !== keyToken(input.key);
      let stored: Awaited<ReturnType<typeof storePartWritingVersion>>;
      let next: PartWritingDocument = settings;
      try {
        if (rekey) next = rekeyedPartWriting(settings, keyName(parseKey(input.key as string) as NonNullable<ReturnType<typeof parseKey>>));
        stored = await storePartWritingVersion(deps, next, doc.doc_key, doc.key_version + 1);
      } catch (error) {
        if (error instanceof HarError) throw AppError.fromHar(error, rekey ? 'key' : 'rules');
        throw error;
      }
      let score: { contentHash: string; previewReady: boolean } | undefined;
      if (next.score !== current.score) {
        const hash = contentHash(new TextEncoder().encode(next.score));
        score = { contentHash: hash, previewReady: (await storage.stat(previewKey(hash))) !== undefined };
      }
      await writeVersion(actor, doc, stored, score);
      return state(doc);
    },

    /** How many submissions an older key graded, and the latest regrade's progress. */
    async regradeState(actor: Actor, documentId: number): Promise<RegradeState> {
      return state(await loadForInstructor(actor, documentId));
    },

    /**
     * Queues a regrade of every submission of the document with its current key. Asking again
     * while one for this version is queued or running answers that one.
     */
    async requestRegrade(actor: Actor, documentId: number): Promise<RegradeState> {
      const doc = await loadForInstructor(actor, documentId);
      const latest = await repo.latestRegrade(db, doc.id);
      const active = latest && (latest.status === 'QUEUED' || latest.status === 'RUNNING') && latest.key_version === doc.key_version;
      if (!active) {
        await db.transaction().execute(async (trx) => {
          const id = await repo.insertRegrade(trx, {
            document_id: doc.id,
            key_version: doc.key_version,
            requested_by: actor.user.id,
            now: clock.now(),
          });
          await deps.jobs.enqueue(REGRADE_JOB, { regradeId: id }, { db: trx });
        });
      }
      return state(doc);
    },

    /** The audit list: every grade a regrade of the document changed, newest first. */
    async gradeChanges(actor: Actor, documentId: number): Promise<GradeChange[]> {
      const doc = await loadForInstructor(actor, documentId);
      const rows = await repo.listGradeChanges(db, doc.id);
      return rows.map(presentGradeChange);
    },
  };
}
