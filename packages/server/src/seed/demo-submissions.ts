import { randomUUID } from 'node:crypto';
import { readHar } from '@app/har/format';
import type { Services } from '../app.ts';
import type { Deps } from '../deps.ts';
import { loadHar } from '../documents/har-files.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { insertMembership } from '../modules/courses/repository.ts';
import { findTimezoneId, findUserByEmail, insertUser } from '../modules/users/repository.ts';

/** The class of 'Music Theory I' besides the demo student; they sign in with the demo password. */
export const DEMO_CLASSMATES = [
  { email: 'student1@example.com', first_name: 'Amy', last_name: 'Beach' },
  { email: 'student2@example.com', first_name: 'Lili', last_name: 'Boulanger' },
  { email: 'student3@example.com', first_name: 'Florence', last_name: 'Price' },
  { email: 'student4@example.com', first_name: 'Louise', last_name: 'Farrenc' },
  { email: 'student5@example.com', first_name: 'Cécile', last_name: 'Chaminade' },
  { email: 'student6@example.com', first_name: 'Maria', last_name: 'Szymanowska' },
  { email: 'student7@example.com', first_name: 'Ethel', last_name: 'Smyth' },
  { email: 'student8@example.com', first_name: 'Rebecca', last_name: 'Clarke' },
] as const;

/** Labels a student might write by mistake; the first that is not an accepted answer is used. */
const MISTAKES = ['IV', 'V', 'ii', 'vi', 'I6', 'V7', 'iii', 'IV6', 'viio6', 'ii6'];

type KeyItem = { id: string; answers: string[] };

/** A student's answers to an exercise: the key, with `wrong` items (spread out by `seed`) mislabelled. */
function answersFor(items: readonly KeyItem[], wrong: number, seed: number) {
  const misses = new Set<number>();
  for (let i = 0; misses.size < Math.min(wrong, items.length); i++) misses.add((seed * 7 + i * 5) % items.length);
  return items.map((item, index) => {
    const right = item.answers[0] ?? '';
    if (!misses.has(index)) return { id: item.id, answer: right };
    const guess = MISTAKES[(seed + index) % MISTAKES.length] ?? '?';
    const mistake = item.answers.includes(guess) ? (MISTAKES.find((label) => !item.answers.includes(label)) ?? '?') : guess;
    return { id: item.id, answer: mistake };
  });
}

/**
 * Graded work in 'Music Theory I': the demo student and eight classmates hand in answer files for
 * the released documents through the real submission service (so the server grades them), with
 * a few mistakes that differ from student to student. The first document takes several attempts,
 * the last one is practice. Rendering the images and reports is left to the job queue.
 * Skipped when the course already has submissions.
 */
export async function seedDemoSubmissions(deps: Deps, services: Services, password: string) {
  const { db, clock } = deps;
  const course = await db.selectFrom('courses').select(['id']).where('title', '=', 'Music Theory I').executeTakeFirst();
  const instructor = await findUserByEmail(db, 'instructor@example.com');
  const demoStudent = await findUserByEmail(db, 'student@example.com');
  if (!course || !instructor || !demoStudent) return;
  const existing = await db.selectFrom('submissions').select('id').where('course_id', '=', course.id).limit(1).executeTakeFirst();
  if (existing) return;

  const documents = await db
    .selectFrom('documents as d')
    .innerJoin('assignment_sets as s', 's.id', 'd.assignment_set_id')
    .select(['d.id', 'd.storage_key', 'd.doc_key', 'd.title', 's.id as set_id'])
    .where('s.course_id', '=', course.id)
    .where('s.released_at', '<=', clock.now())
    .orderBy('s.weight')
    .orderBy('d.weight')
    .execute();
  if (documents.length === 0) return;

  const now = clock.now();
  const timezoneId = (await findTimezoneId(db, 'America/New_York')) ?? (await findTimezoneId(db, 'UTC')) ?? 1;
  let passwordHash: string | undefined;
  const students = [demoStudent.id];
  for (const classmate of DEMO_CLASSMATES) {
    let user = await findUserByEmail(db, classmate.email);
    if (!user) {
      passwordHash ??= await hashPassword(password);
      await insertUser(db, {
        uuid: randomUUID(),
        user_type: 1,
        first_name: classmate.first_name,
        last_name: classmate.last_name,
        email: classmate.email,
        password_hash: passwordHash,
        gender: null,
        school: null,
        phone_number: null,
        timezone_id: timezoneId,
        language: 'en',
        will_receive_marketing_emails: 0,
        will_receive_notification_emails: 0,
        created_at: now,
        updated_at: now,
      });
      user = await findUserByEmail(db, classmate.email);
    }
    if (!user) continue;
    const member = await db
      .selectFrom('course_memberships')
      .select('user_id')
      .where('course_id', '=', course.id)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (!member) await insertMembership(db, { courseId: course.id, userId: user.id, role: 'student', now });
    students.push(user.id);
  }

  // Several attempts on the first document, practice on the last: both show in the grade book.
  const teacher = await services.auth.actorFor(instructor.id);
  const first = documents[0];
  const last = documents.length > 1 ? documents[documents.length - 1] : undefined;
  if (first) await services.assignments.updateDocument(teacher, first.id, { multiple_submissions: true });
  if (last) await services.assignments.updateDocument(teacher, last.id, { practice: true });

  for (const [d, doc] of documents.entries()) {
    const exercise = readHar(await loadHar(deps, doc.storage_key));
    const items = exercise.key?.items ?? [];
    if (items.length === 0) continue;
    const submit = async (studentId: number, wrong: number, seed: number) => {
      const actor = await services.auth.actorFor(studentId);
      await services.submissions.submit(actor, doc.id, { kind: 'answers', answers: answersFor(items, wrong, seed) });
    };
    for (const [s, studentId] of students.entries()) {
      // Not everyone has done everything yet: the later the document, the fewer hand-ins.
      if (s > 0 && (s + d) % 5 === 4) continue;
      const wrong = (s * 3 + d * 2) % Math.max(2, Math.ceil(items.length / 2));
      if (doc.id === first?.id && s % 3 === 0) {
        // A weaker first attempt, then a better second one.
        await submit(studentId, Math.min(items.length, wrong + 3), s + 11);
      }
      await submit(studentId, wrong, s + d);
    }
  }
}
