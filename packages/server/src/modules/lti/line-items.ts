import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { findLineItem, PlatformServiceError, scheduleScorePosts, withToken } from './ags.ts';
import { AGS_SCOPE, counted } from './ags-policy.ts';
import * as agsRepo from './ags-repository.ts';
import { LINE_ITEM_SCORE_MAXIMUM, lineItemToCreate, usablePlatformUrl } from './policy.ts';
import { findContextById, findPlatformOfDeployment } from './repository.ts';

/**
 * Line items the tool makes (issue 37, AGS 2.0 §3.2.5): a link added by hand, or a deep-linked one
 * whose platform took no line item, names a set (or one exercise of it) by the tool's custom
 * parameters but has no line item, so its grades would go nowhere. Its first launch queues the job
 * `lti-line-item`, which looks the resource id up in the LMS course's line items and, when none is
 * there, creates one bound to the link (`resourceLinkId`); then the scores handed in already go to it.
 */

export const LINE_ITEM_JOB = 'lti-line-item';
export type LineItemPayload = { contextId: number; resourceId: string; resourceLinkId: string; setId: number; documentId?: number };

const AGS_CLAIM = 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint';
const LINE_ITEM_TYPE = 'application/vnd.ims.lis.v2.lineitem+json';
const TIMEOUT_MS = 10_000;

/**
 * In a launch's transaction, after its AGS claim was recorded (recordAgsEndpoint): queues the job
 * that makes the line item of the set or exercise the link names, when lineItemToCreate says one is
 * wanted — the set is the linked course's, and graded (a counted exercise; the exercise itself
 * counted for an exercise link).
 */
export async function planLineItem(
  deps: Pick<Deps, 'jobs'>,
  trx: Db,
  launch: { contextId: number; courseId: number; resourceLinkId: string | undefined; claims: Record<string, unknown>; custom: unknown },
): Promise<void> {
  const endpoint = launch.claims[AGS_CLAIM] as { lineitem?: unknown; scope?: unknown } | undefined;
  if (!endpoint || typeof endpoint !== 'object' || !launch.resourceLinkId) return;
  const scopes = Array.isArray(endpoint.scope) ? endpoint.scope.filter((s): s is string => typeof s === 'string') : [];
  const first = lineItemToCreate({
    custom: launch.custom,
    lineItemClaimed: endpoint.lineitem !== undefined,
    scopes,
    known: false,
    graded: true,
  });
  if (!first) return;
  const docs = (await agsRepo.setDocuments(trx, first.setId)).map((d) => ({ ...d, id: Number(d.id) }));
  if (docs.length > 0 && Number(docs[0]?.course_id) !== launch.courseId) return;
  const graded = first.documentId === undefined ? docs.some(counted) : docs.some((d) => d.id === first.documentId && counted(d));
  const known = await agsRepo.lineItemKnown(trx, launch.contextId, first.resourceId);
  const wanted = lineItemToCreate({ custom: launch.custom, lineItemClaimed: false, scopes, known, graded });
  if (!wanted) return;
  const payload: LineItemPayload = { contextId: launch.contextId, resourceLinkId: launch.resourceLinkId, ...wanted };
  await deps.jobs.enqueue(LINE_ITEM_JOB, payload, { db: trx });
}

/**
 * The job: the line item of the payload's resource in its LMS course — found by resource id, else
 * created — kept in `lti_line_items`, and the scores of the students who handed the set in queued.
 * Safe to run twice: a line item made already is found.
 */
export async function makeLineItem(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'jobs'>,
  payload: LineItemPayload,
): Promise<string | undefined> {
  const { db, clock, config } = deps;
  if (await agsRepo.lineItemKnown(db, payload.contextId, payload.resourceId)) return undefined;
  const context = await findContextById(db, payload.contextId);
  if (!context?.ags_lineitems_url || context.course_id === null) return undefined;
  const lineItemsUrl = usablePlatformUrl(context.ags_lineitems_url, config.mode);
  const platform = await findPlatformOfDeployment(db, context.issuer, context.deployment_id);
  const subject = await agsRepo.lineItemSubject(db, payload.setId, payload.documentId);
  if (!lineItemsUrl || !platform || !subject || subject.course_id !== Number(context.course_id)) return undefined;
  let url = await findLineItem(deps, platform, context, payload.resourceId);
  if (!url) {
    const body = JSON.stringify({
      scoreMaximum: LINE_ITEM_SCORE_MAXIMUM,
      label: subject.document_title ?? subject.title,
      resourceId: payload.resourceId,
      resourceLinkId: payload.resourceLinkId,
      endDateTime: new Date(subject.due_at * 1000).toISOString(),
    });
    const res = await withToken(deps, platform, [AGS_SCOPE.lineItem], (token) =>
      fetch(lineItemsUrl, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': LINE_ITEM_TYPE, accept: LINE_ITEM_TYPE },
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      }),
    );
    if (!res.ok)
      throw new PlatformServiceError(`The platform's line items answered ${res.status}: ${(await res.text()).slice(0, 300)}`, res.status);
    url = usablePlatformUrl(((await res.json()) as { id?: unknown }).id, config.mode);
    if (!url) throw new PlatformServiceError('The platform made a line item without a usable id.', res.status);
  }
  const lineItem = url;
  const now = clock.now();
  const documentIds =
    payload.documentId !== undefined ? [payload.documentId] : (await agsRepo.setDocuments(db, payload.setId)).map((d) => Number(d.id));
  await db.transaction().execute(async (trx) => {
    await agsRepo.upsertLineItem(trx, { contextId: payload.contextId, resourceId: payload.resourceId, url: lineItem, now });
    // Grades handed in before the line item existed go to it now (when they may be shown).
    const pairs: { studentId: number; documentId: number }[] = [];
    for (const documentId of documentIds)
      for (const studentId of await agsRepo.studentsWithFormal(trx, documentId)) pairs.push({ studentId, documentId });
    await scheduleScorePosts(deps, trx, pairs);
  });
  return lineItem;
}

/** Registers the line-item job: a few attempts with a growing pause, as the score job. */
export function registerLineItemJob(deps: Deps): void {
  deps.jobs.register<LineItemPayload>(
    LINE_ITEM_JOB,
    async (payload, context) => {
      const made = await makeLineItem(deps, payload);
      if (made) context.log.info({ resourceId: payload.resourceId, contextId: payload.contextId, lineItem: made }, 'LTI line item ready');
    },
    { timeLimitMs: 60_000, maxAttempts: 6, retryDelaySeconds: 10, lane: 'prompt' },
  );
}
