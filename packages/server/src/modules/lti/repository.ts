import type { CourseRole } from '@app/contract/courses';
import type { LmsRosterSyncFailure, LmsRosterSyncStatus } from '@app/contract/lti';
import type { Db } from '../../db/database.ts';
import type { LtiContextRow, LtiKeyRow, LtiPlatformRow } from '../../db/schema.ts';

export type PlatformValues = {
  issuer: string;
  client_id: string;
  auth_url: string;
  token_url: string;
  jwks_url: string;
  emails_verified: number;
  /** 1 while a Dynamic Registration without deployment id waits for its first launch's (migration 0036). */
  deployment_pending?: number;
};

export type PlatformWithDeployments = LtiPlatformRow & { deployments: string[] };

export async function insertPlatform(db: Db, values: PlatformValues, deploymentIds: string[], now: number): Promise<number> {
  const row = await db
    .insertInto('lti_platforms')
    .values({ ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await replaceDeployments(db, row.id, deploymentIds);
  return row.id;
}

export async function updatePlatform(db: Db, id: number, changes: Partial<PlatformValues>, now: number): Promise<void> {
  await db
    .updateTable('lti_platforms')
    .set({ ...changes, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function replaceDeployments(db: Db, platformId: number, deploymentIds: string[]): Promise<void> {
  await db.deleteFrom('lti_deployments').where('platform_id', '=', platformId).execute();
  if (deploymentIds.length > 0)
    await db
      .insertInto('lti_deployments')
      .values(deploymentIds.map((deployment_id) => ({ platform_id: platformId, deployment_id })))
      .execute();
}

export async function deletePlatform(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('lti_platforms').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function listPlatforms(db: Db): Promise<PlatformWithDeployments[]> {
  const platforms = await db.selectFrom('lti_platforms').selectAll().orderBy('id').execute();
  const deployments = await db.selectFrom('lti_deployments').select(['platform_id', 'deployment_id']).orderBy('id').execute();
  return platforms.map((p) => ({
    ...p,
    deployments: deployments.filter((d) => Number(d.platform_id) === Number(p.id)).map((d) => d.deployment_id),
  }));
}

export async function findPlatformById(db: Db, id: number): Promise<LtiPlatformRow | undefined> {
  return db.selectFrom('lti_platforms').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The registrations of an issuer (a login initiation may name the client id, or not). */
export async function findPlatformsByIssuer(db: Db, issuer: string): Promise<LtiPlatformRow[]> {
  return db.selectFrom('lti_platforms').selectAll().where('issuer', '=', issuer).orderBy('id').execute();
}

/** The registration of one client of an issuer. */
export async function findPlatformByClient(db: Db, issuer: string, clientId: string): Promise<LtiPlatformRow | undefined> {
  return db.selectFrom('lti_platforms').selectAll().where('issuer', '=', issuer).where('client_id', '=', clientId).executeTakeFirst();
}

/** Adds deployment ids to a platform's, keeping those it has (one statement; a known id is left as it is). */
export async function addDeployments(db: Db, platformId: number, deploymentIds: readonly string[]): Promise<void> {
  if (deploymentIds.length === 0) return;
  await db
    .insertInto('lti_deployments')
    .values(deploymentIds.map((deployment_id) => ({ platform_id: platformId, deployment_id })))
    .onConflict((oc) => oc.columns(['platform_id', 'deployment_id']).doNothing())
    .execute();
}

export async function deploymentRegistered(db: Db, platformId: number, deploymentId: string): Promise<boolean> {
  const row = await db
    .selectFrom('lti_deployments')
    .select('id')
    .where('platform_id', '=', platformId)
    .where('deployment_id', '=', deploymentId)
    .executeTakeFirst();
  return row !== undefined;
}

// The tool's keys.

export async function listKeys(db: Db): Promise<LtiKeyRow[]> {
  return db.selectFrom('lti_keys').selectAll().orderBy('id').execute();
}

export async function insertKey(db: Db, values: { kid: string; privateJwk: string; publicJwk: string; now: number }): Promise<void> {
  await db
    .insertInto('lti_keys')
    .values({ kid: values.kid, private_jwk: values.privateJwk, public_jwk: values.publicJwk, created_at: values.now, retired_at: null })
    .execute();
}

/** Retires every current key (rotation); returns how many. */
export async function retireCurrentKeys(db: Db, now: number): Promise<number> {
  const result = await db.updateTable('lti_keys').set({ retired_at: now }).where('retired_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Drops keys retired before `before`: no token they signed is still live. */
export async function deleteKeysRetiredBefore(db: Db, before: number): Promise<void> {
  await db.deleteFrom('lti_keys').where('retired_at', '<', before).execute();
}

// Login states.

export async function insertLoginState(
  db: Db,
  values: {
    stateHash: string;
    browserHash: string;
    nonce: string;
    platformId: number;
    expiresAt: number;
    storageTarget?: string | null;
  },
): Promise<void> {
  await db
    .insertInto('lti_login_states')
    .values({
      state_hash: values.stateHash,
      browser_hash: values.browserHash,
      storage_target: values.storageTarget ?? null,
      nonce: values.nonce,
      platform_id: values.platformId,
      expires_at: values.expiresAt,
      used_at: null,
    })
    .execute();
}

/** Spends a live, unused state in one statement; undefined when it is unknown, used or expired. */
export async function consumeLoginState(
  db: Db,
  stateHash: string,
  now: number,
): Promise<{ browser_hash: string; nonce: string; platform_id: number } | undefined> {
  return db
    .updateTable('lti_login_states')
    .set({ used_at: now })
    .where('state_hash', '=', stateHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['browser_hash', 'nonce', 'platform_id'])
    .executeTakeFirst();
}

/** A live, unused state's storage target and platform, without spending it (the launch asks the platform's storage first). */
export async function findLiveLoginState(db: Db, stateHash: string, now: number) {
  return db
    .selectFrom('lti_login_states')
    .select(['storage_target', 'platform_id'])
    .where('state_hash', '=', stateHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

// Users and contexts.

/** The accounts linked to these `sub`s of an issuer, by sub (those never linked are absent): one statement. */
export async function findLinkedUserIds(db: Db, issuer: string, subs: readonly string[]): Promise<Map<string, number>> {
  if (subs.length === 0) return new Map();
  const rows = await db
    .selectFrom('lti_user_links')
    .select(['sub', 'user_id'])
    .where('issuer', '=', issuer)
    .where('sub', 'in', [...subs])
    .execute();
  return new Map(rows.map((r) => [r.sub, Number(r.user_id)]));
}

export async function findLinkedUserId(db: Db, issuer: string, sub: string): Promise<number | undefined> {
  return (await findLinkedUserIds(db, issuer, [sub])).get(sub);
}

/** Links accounts to `sub`s of an issuer, in one statement. */
export async function insertUserLinks(
  db: Db,
  issuer: string,
  links: readonly { sub: string; userId: number }[],
  now: number,
): Promise<void> {
  if (links.length === 0) return;
  await db
    .insertInto('lti_user_links')
    .values(links.map((l) => ({ issuer, sub: l.sub, user_id: l.userId, created_at: now })))
    .execute();
}

export async function insertUserLink(db: Db, values: { issuer: string; sub: string; userId: number; now: number }): Promise<void> {
  await insertUserLinks(db, values.issuer, [values], values.now);
}

export async function findContext(db: Db, issuer: string, deploymentId: string, contextId: string): Promise<LtiContextRow | undefined> {
  return db
    .selectFrom('lti_contexts')
    .selectAll()
    .where('issuer', '=', issuer)
    .where('deployment_id', '=', deploymentId)
    .where('context_id', '=', contextId)
    .executeTakeFirst();
}

export async function insertContext(
  db: Db,
  values: { issuer: string; deploymentId: string; contextId: string; title: string; now: number },
): Promise<void> {
  await db
    .insertInto('lti_contexts')
    .values({
      issuer: values.issuer,
      deployment_id: values.deploymentId,
      context_id: values.contextId,
      title: values.title,
      course_id: null,
      created_at: values.now,
    })
    .execute();
}

export async function updateContextTitle(db: Db, id: number, title: string): Promise<void> {
  await db.updateTable('lti_contexts').set({ title }).where('id', '=', id).execute();
}

export async function findContextById(db: Db, id: number): Promise<LtiContextRow | undefined> {
  return db.selectFrom('lti_contexts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Links a context that is not linked yet; false when another link came first. */
export async function setContextCourse(db: Db, id: number, courseId: number): Promise<boolean> {
  const result = await db
    .updateTable('lti_contexts')
    .set({ course_id: courseId })
    .where('id', '=', id)
    .where('course_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records the roles launches (or a roster) gave people in a context, in one statement (the latest wins); each person once. */
export async function upsertContextMembers(
  db: Db,
  contextId: number,
  members: readonly { userId: number; role: CourseRole }[],
  now: number,
): Promise<void> {
  if (members.length === 0) return;
  await db
    .insertInto('lti_context_members')
    .values(members.map((m) => ({ context_id: contextId, user_id: m.userId, role: m.role, launched_at: now })))
    .onConflict((oc) =>
      oc
        .columns(['context_id', 'user_id'])
        .doUpdateSet((eb) => ({ role: eb.ref('excluded.role'), launched_at: eb.ref('excluded.launched_at') })),
    )
    .execute();
}

/** Records the role a launch gave a person in a context (the latest launch wins). */
export async function upsertContextMember(
  db: Db,
  values: { contextId: number; userId: number; role: CourseRole; now: number },
): Promise<void> {
  await upsertContextMembers(db, values.contextId, [values], values.now);
}

/** An LMS course and the role a launch (or a roster) gave this person in it; undefined unless they have one there. */
export async function findContextOfMember(
  db: Db,
  contextId: number,
  userId: number,
): Promise<(LtiContextRow & { role: CourseRole }) | undefined> {
  return db
    .selectFrom('lti_contexts as c')
    .innerJoin('lti_context_members as m', 'm.context_id', 'c.id')
    .selectAll('c')
    .select('m.role')
    .where('c.id', '=', contextId)
    .where('m.user_id', '=', userId)
    .executeTakeFirst();
}

// Deep linking.

export async function insertDeepLinkRequest(
  db: Db,
  values: {
    keyHash: string;
    userId: number;
    platformId: number;
    deploymentId: string;
    contextId: number;
    returnUrl: string;
    data: string | null;
    acceptMultiple: boolean;
    acceptLineItem: boolean;
    expiresAt: number;
  },
): Promise<void> {
  await db
    .insertInto('lti_deep_link_requests')
    .values({
      key_hash: values.keyHash,
      user_id: values.userId,
      platform_id: values.platformId,
      deployment_id: values.deploymentId,
      context_id: values.contextId,
      return_url: values.returnUrl,
      data: values.data,
      accept_multiple: values.acceptMultiple ? 1 : 0,
      accept_lineitem: values.acceptLineItem ? 1 : 0,
      expires_at: values.expiresAt,
      used_at: null,
    })
    .execute();
}

/** Spends a live deep-linking request of this user in one statement; undefined when unknown, used, expired or another's. */
export async function consumeDeepLinkRequest(db: Db, keyHash: string, userId: number, now: number) {
  return db
    .updateTable('lti_deep_link_requests')
    .set({ used_at: now })
    .where('key_hash', '=', keyHash)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['platform_id', 'deployment_id', 'context_id', 'return_url', 'data'])
    .executeTakeFirst();
}

/** A live (unused, unexpired) deep-linking request; only this user's when `userId` is given. */
export async function findLiveDeepLinkRequest(db: Db, keyHash: string, now: number, userId?: number) {
  let query = db
    .selectFrom('lti_deep_link_requests')
    .select(['platform_id', 'deployment_id', 'context_id', 'return_url', 'data', 'accept_multiple', 'accept_lineitem'])
    .where('key_hash', '=', keyHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  return query.executeTakeFirst();
}

// Dynamic Registration keys.

export async function insertRegistrationKey(db: Db, values: { keyHash: string; now: number; expiresAt: number }): Promise<void> {
  await db
    .insertInto('lti_registration_keys')
    .values({ key_hash: values.keyHash, created_at: values.now, expires_at: values.expiresAt, used_at: null })
    .execute();
}

/** Whether a registration key is live: known, unused and not expired. */
export async function registrationKeyLive(db: Db, keyHash: string, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('lti_registration_keys')
    .select('id')
    .where('key_hash', '=', keyHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/** Spends a live registration key in one statement; false when it is unknown, used or expired. */
export async function consumeRegistrationKey(db: Db, keyHash: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('lti_registration_keys')
    .set({ used_at: now })
    .where('key_hash', '=', keyHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Gives a spent key back (the registration it was spent on failed at the platform). */
export async function releaseRegistrationKey(db: Db, keyHash: string): Promise<void> {
  await db.updateTable('lti_registration_keys').set({ used_at: null }).where('key_hash', '=', keyHash).execute();
}

/** Forgets the login states, deep-linking requests and registration keys that expired before `before`. */
export async function deleteExpired(db: Db, before: number): Promise<void> {
  await db.deleteFrom('lti_login_states').where('expires_at', '<', before).execute();
  await db.deleteFrom('lti_deep_link_requests').where('expires_at', '<', before).execute();
  await db.deleteFrom('lti_registration_keys').where('expires_at', '<', before).execute();
}

// Names and Role Provisioning.

export async function setContextNrps(db: Db, contextId: number, url: string): Promise<void> {
  await db
    .updateTable('lti_contexts')
    .set({ nrps_url: url })
    .where('id', '=', contextId)
    .where((eb) => eb.or([eb('nrps_url', 'is', null), eb('nrps_url', '!=', url)]))
    .execute();
}

/** The LMS course linked to a course here whose launches named a roster service (the latest linked, if several). */
export async function findRosterContext(db: Db, courseId: number): Promise<LtiContextRow | undefined> {
  return db
    .selectFrom('lti_contexts')
    .selectAll()
    .where('course_id', '=', courseId)
    .where('nrps_url', 'is not', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** The registration a context's deployment belongs to. */
export async function findPlatformOfDeployment(db: Db, issuer: string, deploymentId: string): Promise<LtiPlatformRow | undefined> {
  return db
    .selectFrom('lti_platforms as p')
    .innerJoin('lti_deployments as d', 'd.platform_id', 'p.id')
    .selectAll('p')
    .where('p.issuer', '=', issuer)
    .where('d.deployment_id', '=', deploymentId)
    .orderBy('p.id')
    .executeTakeFirst();
}

// "Sync from LMS" runs (the job lti-roster-sync).

const rosterSyncColumns = [
  'id',
  'course_id',
  'status',
  'added',
  'updated',
  'unchanged',
  'skipped',
  'error',
  'requested_at',
  'finished_at',
] as const;

/** A course's latest roster sync. */
export async function latestRosterSync(db: Db, courseId: number) {
  return db
    .selectFrom('lti_roster_syncs')
    .select(rosterSyncColumns)
    .where('course_id', '=', courseId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
export type RosterSyncRow = NonNullable<Awaited<ReturnType<typeof latestRosterSync>>>;

/** One roster sync by id (the job's payload). */
export async function findRosterSync(db: Db, id: number): Promise<RosterSyncRow | undefined> {
  return db.selectFrom('lti_roster_syncs').select(rosterSyncColumns).where('id', '=', id).executeTakeFirst();
}

/** Records a requested sync (QUEUED); returns its id. */
export async function insertRosterSync(db: Db, values: { courseId: number; requestedBy: number; now: number }): Promise<number> {
  const row = await db
    .insertInto('lti_roster_syncs')
    .values({
      course_id: values.courseId,
      status: 'QUEUED',
      error: null,
      requested_by: values.requestedBy,
      requested_at: values.now,
      finished_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Moves a sync on: running, done with what it changed, or failed with why. A sync that ended stays as it ended. */
export async function updateRosterSync(
  db: Db,
  id: number,
  values: Partial<{
    status: LmsRosterSyncStatus;
    added: number;
    updated: number;
    unchanged: number;
    skipped: number;
    error: LmsRosterSyncFailure | null;
    finished_at: number;
  }>,
): Promise<void> {
  await db.updateTable('lti_roster_syncs').set(values).where('id', '=', id).where('status', 'not in', ['DONE', 'FAILED']).execute();
}

/**
 * Clears a platform's pending deployment (a Dynamic Registration without deployment id, migration
 * 0036) in one statement; true for the one caller that cleared it (its launch's deployment is added).
 */
export async function claimPendingDeployment(db: Db, platformId: number): Promise<boolean> {
  const result = await db
    .updateTable('lti_platforms')
    .set({ deployment_pending: 0 })
    .where('id', '=', platformId)
    .where('deployment_pending', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether a platform has any deployment registered (read only when a registration answered none). */
export async function hasDeployments(db: Db, platformId: number): Promise<boolean> {
  return (await db.selectFrom('lti_deployments').select('id').where('platform_id', '=', platformId).executeTakeFirst()) !== undefined;
}
