import type { Db } from '../../db/database.ts';

/** A user's sealed Google tokens. */
export async function findGoogleTokens(db: Db, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom('google_credentials').select('encrypted_tokens').where('user_id', '=', userId).executeTakeFirst();
  return row?.encrypted_tokens;
}

/** Stores (or replaces) a user's sealed Google tokens. */
export async function saveGoogleTokens(db: Db, userId: number, sealed: string, now: number): Promise<void> {
  await db
    .insertInto('google_credentials')
    .values({ user_id: userId, encrypted_tokens: sealed, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ encrypted_tokens: sealed, updated_at: now }))
    .execute();
}

/** Remembers an OAuth state, bound to the session and the browser that started the link. */
export async function insertOauthState(
  db: Db,
  values: { stateHash: string; userId: number; sessionId: number; browserHash: string; returnUrl: string; expiresAt: number },
): Promise<void> {
  await db
    .insertInto('oauth_states')
    .values({
      state_hash: values.stateHash,
      user_id: values.userId,
      session_id: values.sessionId,
      browser_hash: values.browserHash,
      return_url: values.returnUrl,
      expires_at: values.expiresAt,
    })
    .execute();
}

/**
 * Uses up an OAuth state in one statement, so two callbacks racing with it cannot both get it;
 * undefined when unknown, already used or expired.
 */
export async function takeOauthState(db: Db, stateHash: string, now: number) {
  const row = await db
    .deleteFrom('oauth_states')
    .where('state_hash', '=', stateHash)
    .returning(['id', 'user_id', 'session_id', 'browser_hash', 'return_url', 'expires_at'])
    .executeTakeFirst();
  return row && row.expires_at > now ? row : undefined;
}

/** The documents a user has sent to Google Classroom. */
export async function sentDocumentIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('google_coursework').select('document_id').distinct().where('user_id', '=', userId).execute();
  return rows.map((r) => r.document_id);
}

/** Records a coursework item made from a document. */
export async function insertCoursework(
  db: Db,
  values: { userId: number; documentId: number; gcCourseId: string; courseworkId: string; now: number },
) {
  await db
    .insertInto('google_coursework')
    .values({
      user_id: values.userId,
      document_id: values.documentId,
      gc_course_id: values.gcCourseId,
      coursework_id: values.courseworkId,
      created_at: values.now,
    })
    .execute();
}

/** Stores a test order issued by the built-in checkout. */
export async function insertTestOrder(
  db: Db,
  values: { orderId: string; reference: string; userId: number; courseId: number; productPath: string; now: number },
) {
  await db
    .insertInto('test_orders')
    .values({
      order_id: values.orderId,
      reference: values.reference,
      user_id: values.userId,
      course_id: values.courseId,
      product_path: values.productPath,
      created_at: values.now,
    })
    .execute();
}

/** A test order by id. */
export function findTestOrder(db: Db, orderId: string) {
  return db.selectFrom('test_orders').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/** The payment made with an order, if any. */
export function findPaymentByOrder(db: Db, orderId: string) {
  return db.selectFrom('payments').select(['id', 'course_id', 'user_id']).where('order_id', '=', orderId).executeTakeFirst();
}

/** A student's payment for a course, if any. */
export function findPayment(db: Db, courseId: number, userId: number) {
  return db
    .selectFrom('payments')
    .select(['id', 'order_id'])
    .where('course_id', '=', courseId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Records a payment; returns its id. */
export async function insertPayment(
  db: Db,
  values: { courseId: number; userId: number; orderId: string; reference: string; now: number },
): Promise<number> {
  const row = await db
    .insertInto('payments')
    .values({
      course_id: values.courseId,
      user_id: values.userId,
      order_id: values.orderId,
      reference: values.reference,
      created_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A course's product, for checking a webhook's order against what the course sells. */
export function findCourseProduct(db: Db, courseId: number) {
  return db
    .selectFrom('courses as c')
    .innerJoin('course_products as p', 'p.id', 'c.course_product_id')
    .select(['c.id', 'p.fastspring_product_path'])
    .where('c.id', '=', courseId)
    .executeTakeFirst();
}
