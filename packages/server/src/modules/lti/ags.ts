import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import {
  AGS_SCOPE,
  CLEARED,
  counted,
  documentScore,
  nothingHandedIn,
  releaseDelay,
  type ScoredDocument,
  type ScorePost,
  scoresUrl,
  setScore,
  withheldScore,
} from './ags-policy.ts';
import * as agsRepo from './ags-repository.ts';
import { forgetPlatformAccessToken, getPlatformAccessToken } from './platform-token.ts';
import { customId, documentResourceId, platformUrlRefusal, setResourceId, usablePlatformUrl } from './policy.ts';
import { findPlatformOfDeployment } from './repository.ts';

/**
 * Assignment and Grade Services 2.0 (issue 28, decision 038): a student's score for a deep-linked
 * set (or exercise) goes to the platform's line item once the product's own rules let the student
 * see the grade, through the job queue (retried with backoff). Everything that changes a student's
 * best submissions (hand-in, regrade, removal) calls `scheduleScorePosts` in its transaction; a
 * change of a document's delayed-grade date calls `scheduleDocumentRelease`.
 */

export const SCORE_JOB = 'lti-score';
/**
 * A student's scores of a set. `recall`: a grade the LMS may have is withheld again (its delay
 * turned on, or its date moved later), so where no score may be shown the post takes it back
 * (`withheldScore`) instead of posting nothing.
 */
export type ScorePayload = { studentId: number; setId: number; recall?: true };

const AGS_CLAIM = 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint';
const SCORE_TYPE = 'application/vnd.ims.lis.v1.score+json';
const LINE_ITEM_CONTAINER_TYPE = 'application/vnd.ims.lis.v2.lineitemcontainer+json';
const TIMEOUT_MS = 10_000;
/** Attempts and the backoff step (attempt × this many seconds) of a score post the platform failed. */
const MAX_ATTEMPTS = 6;
const RETRY_SECONDS = 10;

/** A platform answered a service call with an error status (the job retries). */
export class PlatformServiceError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'PlatformServiceError';
  }
}

/**
 * Records what a launch's AGS endpoint claim says of its context: the line-items service and the
 * scopes granted, and, for a launch of a deep-linked item (its `harmony_set_id` /
 * `harmony_document_id` custom parameters), that item's line item. Platform URLs that are not
 * https (loopback only outside production) are ignored.
 */
export async function recordAgsEndpoint(
  deps: Pick<Deps, 'config'>,
  trx: Db,
  values: { contextId: number; claims: Record<string, unknown>; custom: unknown; now: number },
): Promise<void> {
  const endpoint = values.claims[AGS_CLAIM] as { lineitems?: unknown; lineitem?: unknown; scope?: unknown } | undefined;
  if (!endpoint || typeof endpoint !== 'object') return;
  const allowed = (url: unknown) => usablePlatformUrl(url, deps.config.mode);
  const scopes = Array.isArray(endpoint.scope) ? endpoint.scope.filter((s): s is string => typeof s === 'string') : [];
  await agsRepo.setContextAgs(trx, values.contextId, allowed(endpoint.lineitems), scopes);
  const lineItem = allowed(endpoint.lineitem);
  const documentId = customId(values.custom, 'harmony_document_id');
  const setId = customId(values.custom, 'harmony_set_id');
  const resourceId = documentId ? documentResourceId(Number(documentId)) : setId ? setResourceId(Number(setId)) : undefined;
  if (lineItem && resourceId)
    await agsRepo.upsertLineItem(trx, { contextId: values.contextId, resourceId, url: lineItem, now: values.now });
}

/** The release rules of those of `documentIds` in a course linked to an LMS that takes scores, by id (empty for a course not linked). */
async function scoredDocuments(db: Db, documentIds: readonly number[]): Promise<Map<number, agsRepo.DocumentRelease>> {
  const rows = await agsRepo.scoredDocumentReleases(db, [...new Set(documentIds)]);
  return new Map(rows.map((d) => [Number(d.id), d]));
}

/**
 * A score post for each (student, set) of a counted document of `docs`: now, at the release date,
 * or never while delayed without one; with `recall`, also one now that takes back what the LMS
 * may have of a grade withheld again. One statement queues them all, whatever their number.
 */
async function enqueueScorePosts(
  deps: Pick<Deps, 'jobs' | 'clock'>,
  trx: Db,
  docs: ReadonlyMap<number, agsRepo.DocumentRelease>,
  pairs: readonly { studentId: number; documentId: number }[],
  { recall = false }: { recall?: boolean } = {},
): Promise<void> {
  const now = deps.clock.now();
  const planned = new Map<string, { payload: ScorePayload; delaySeconds: number }>();
  for (const { studentId, documentId } of pairs) {
    const doc = docs.get(documentId);
    if (!doc || !counted(doc)) continue;
    const setId = Number(doc.assignment_set_id);
    if (recall && !planned.has(`${studentId}:${setId}:recall`))
      planned.set(`${studentId}:${setId}:recall`, { payload: { studentId, setId, recall: true }, delaySeconds: 0 });
    const delay = releaseDelay(doc, now);
    if (delay === undefined) continue;
    const key = `${studentId}:${setId}:${delay}`;
    if (!planned.has(key)) planned.set(key, { payload: { studentId, setId }, delaySeconds: Math.max(delay, 0) });
  }
  await deps.jobs.enqueueMany(SCORE_JOB, [...planned.values()], { db: trx });
}

/**
 * After a student's best submissions of documents changed (in `trx`): a score post for each
 * (student, set) of a counted document in a course linked to an LMS that takes scores, now if the
 * grade may be shown, at its release date if delayed, never while delayed without a date.
 */
export async function scheduleScorePosts(
  deps: Pick<Deps, 'jobs' | 'clock'>,
  trx: Db,
  pairs: readonly { studentId: number; documentId: number }[],
): Promise<void> {
  if (pairs.length === 0) return;
  // Only documents of courses that take scores come back: one read, empty for a course not linked (issue 29).
  const docs = await scoredDocuments(
    trx,
    pairs.map((p) => p.documentId),
  );
  if (docs.size > 0) await enqueueScorePosts(deps, trx, docs, pairs);
}

/**
 * After a document's delayed-grade setting changed from `before`: its students' scores go out when
 * the grade may now be shown. A grade that could be shown before the change and is withheld after
 * it (the delay turned on, or its date moved later) may be in the LMS already: it is taken back at
 * once (`recall`) and sent again at its new date — a grade never shows in the LMS before its
 * release. The course's LMS link is asked first, so a course not linked reads no students.
 */
export async function scheduleDocumentRelease(
  deps: Pick<Deps, 'jobs' | 'clock' | 'db'>,
  documentId: number,
  before: Pick<ScoredDocument, 'delay_showing_grade' | 'show_grade_on_date'>,
): Promise<void> {
  const docs = await scoredDocuments(deps.db, [documentId]);
  const doc = docs.get(documentId);
  if (!doc) return;
  const now = deps.clock.now();
  const recall = releaseDelay(before, now) === 0 && releaseDelay(doc, now) !== 0;
  const students = await agsRepo.studentsWithFormal(deps.db, documentId);
  await enqueueScorePosts(
    deps,
    deps.db,
    docs,
    students.map((studentId) => ({ studentId, documentId })),
    { recall },
  );
}

/** Calls a platform service with an access token for `scopes`; a 401 drops the cached token and tries once more with a new one. */
export async function withToken(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  platform: Parameters<typeof getPlatformAccessToken>[1],
  scopes: string[],
  call: (token: string) => Promise<Response>,
): Promise<Response> {
  const first = await call(await getPlatformAccessToken(deps, platform, scopes));
  if (first.status !== 401) return first;
  forgetPlatformAccessToken(deps, platform, scopes);
  return call(await getPlatformAccessToken(deps, platform, scopes));
}

/** Finds a line item by the tool's resource id through the context's line-items service (when the launch named no line item). */
export async function findLineItem(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  platform: Parameters<typeof getPlatformAccessToken>[1],
  context: { ags_lineitems_url: string | null; ags_scopes: string | null },
  resourceId: string,
): Promise<string | undefined> {
  if (!context.ags_lineitems_url || platformUrlRefusal(context.ags_lineitems_url, deps.config.mode)) return undefined;
  const granted = JSON.parse(context.ags_scopes ?? '[]') as string[];
  const scope = granted.includes(AGS_SCOPE.lineItemReadOnly) ? AGS_SCOPE.lineItemReadOnly : AGS_SCOPE.lineItem;
  const url = new URL(context.ags_lineitems_url);
  url.searchParams.set('resource_id', resourceId);
  const res = await withToken(deps, platform, [scope], (token) =>
    fetch(url, {
      headers: { authorization: `Bearer ${token}`, accept: LINE_ITEM_CONTAINER_TYPE },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    }),
  );
  if (!res.ok)
    throw new PlatformServiceError(`The platform's line items answered ${res.status}: ${(await res.text()).slice(0, 300)}`, res.status);
  const items = (await res.json()) as { id?: unknown; resourceId?: unknown }[];
  const found = Array.isArray(items) ? items.find((i) => i.resourceId === resourceId && typeof i.id === 'string') : undefined;
  return usablePlatformUrl(found?.id, deps.config.mode);
}

/**
 * The job: the student's current score of the set (and of each deep-linked exercise of it), read
 * now, posted to every line item of it in the LMS courses linked to the set's course, for the
 * `sub` the student launched with from that LMS. A student who never launched from it is skipped.
 */
export async function postScores(deps: Pick<Deps, 'db' | 'clock' | 'config' | 'log'>, payload: ScorePayload): Promise<number> {
  const { db, clock } = deps;
  const courseId = await agsRepo.findSetCourse(db, payload.setId);
  if (courseId === undefined) return 0;
  const now = clock.now();
  const docs = await agsRepo.setDocuments(db, payload.setId);
  const best = await agsRepo.bestFormal(db, payload.setId, payload.studentId);
  const scored = docs.map((d) => ({ ...d, id: Number(d.id) }));
  // Every submission removed: the LMS's scores of the set and its exercises are cleared.
  const cleared = nothingHandedIn(scored, best);
  // A recall takes back, where no score may be shown now, a grade the LMS may have been sent.
  const recalled = (of: readonly ScoredDocument[]) => (payload.recall ? withheldScore(of, best, now) : undefined);
  const scores: [string, ScorePost | undefined][] = [
    [setResourceId(payload.setId), cleared ? CLEARED : (setScore(scored, best, now) ?? recalled(scored))],
    ...scored.map((d): [string, ScorePost | undefined] => [
      documentResourceId(d.id),
      cleared ? CLEARED : (documentScore(d, best, now) ?? recalled([d])),
    ]),
  ];
  let posted = 0;
  const failures: Error[] = [];
  for (const context of await agsRepo.scoringContexts(db, courseId)) {
    const platform = await findPlatformOfDeployment(db, context.issuer, context.deployment_id);
    if (!platform) continue;
    const sub = await agsRepo.subOf(db, platform.issuer, payload.studentId);
    if (!sub) continue;
    const known = await agsRepo.lineItemsOf(db, Number(context.id));
    for (const [resourceId, score] of scores) {
      if (!score) continue;
      try {
        let lineItem = known.get(resourceId);
        // Only a set's line item is looked up by resource id: an exercise not deep-linked has none.
        if (!lineItem && resourceId === setResourceId(payload.setId)) {
          lineItem = await findLineItem(deps, platform, context, resourceId);
          if (lineItem) await agsRepo.upsertLineItem(db, { contextId: Number(context.id), resourceId, url: lineItem, now });
        }
        if (!lineItem || platformUrlRefusal(lineItem, deps.config.mode)) continue;
        const body = JSON.stringify({
          userId: sub,
          ...score,
          timestamp: new Date(Math.max(now * 1000, Date.now())).toISOString(),
        });
        const target = scoresUrl(lineItem);
        const res = await withToken(deps, platform, [AGS_SCOPE.score], (token) =>
          fetch(target, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': SCORE_TYPE },
            body,
            signal: AbortSignal.timeout(TIMEOUT_MS),
          }),
        );
        if (!res.ok)
          throw new PlatformServiceError(
            `The platform's score service answered ${res.status}: ${(await res.text()).slice(0, 300)}`,
            res.status,
          );
        posted += 1;
      } catch (error) {
        failures.push(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }
  // Retried as a whole: posting the same score again is harmless (the platform keeps the latest).
  if (failures.length > 0) throw failures[0];
  return posted;
}

/** Registers the score job: a few attempts with a growing pause, since platforms are sometimes briefly away. */
export function registerScoreJob(deps: Deps): void {
  deps.jobs.register<ScorePayload>(
    SCORE_JOB,
    async (payload, context) => {
      const posted = await postScores({ ...deps, log: context.log }, payload);
      if (posted > 0) context.log.info({ posted, setId: payload.setId }, 'LTI scores posted');
    },
    { timeLimitMs: 60_000, maxAttempts: MAX_ATTEMPTS, retryDelaySeconds: RETRY_SECONDS, lane: 'prompt' },
  );
}
