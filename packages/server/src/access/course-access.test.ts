import { CourseMessages, type CourseRole } from '@app/contract/courses';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestContext } from '../../test/helpers.ts';
import { AppError } from '../http/errors.ts';
import { insertMembership } from '../modules/courses/repository.ts';
import { type CourseNeed, createCourseAccess, meetsNeed, type NeedOptions, requireNeed } from './course-access.ts';

const ROLES: CourseRole[] = ['instructor', 'ta', 'student'];
const NEEDS: CourseNeed[] = ['member', 'study', 'teach', 'instruct'];
const EXPECTED: Record<CourseNeed, CourseRole[]> = {
  member: ['instructor', 'ta', 'student'],
  study: ['student'],
  teach: ['instructor', 'ta'],
  instruct: ['instructor'],
};

/** The error a call throws, or undefined. */
async function refusal(call: () => unknown): Promise<AppError | undefined> {
  try {
    await call();
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

describe('meetsNeed and requireNeed', () => {
  it.each(NEEDS)('%s is met by exactly its roles', (need) => {
    for (const role of ROLES) expect(meetsNeed(role, need), `${role} / ${need}`).toBe(EXPECTED[need].includes(role));
  });

  it('refuses with 403 and the given message, by default that the caller is not an instructor', async () => {
    expect(await refusal(() => requireNeed('instructor', { need: 'instruct' }))).toBeUndefined();
    const ta = await refusal(() => requireNeed('ta', { need: 'instruct' }));
    expect(ta?.status).toBe(403);
    expect(ta?.message).toBe(CourseMessages.notInstructor);
    const student = await refusal(() => requireNeed('student', { need: 'teach', forbidden: 'Only teachers.' }));
    expect(student?.status).toBe(403);
    expect(student?.message).toBe('Only teachers.');
    const instructor = await refusal(() => requireNeed('instructor', { need: 'study', forbidden: 'Only students.' }));
    expect(instructor?.message).toBe('Only students.');
  });
});

describe.each(dialects)('requireCourseAccess (%s)', (dialect) => {
  let t: TestContext;
  let courseId: number;
  const ids = {} as Record<CourseRole | 'outsider', number>;

  beforeEach(async () => {
    t = await createTestApp(dialect);
    const owner = await t.signedIn({ user_type: 2 });
    ids.instructor = owner.id;
    courseId = (await owner.client.post('/api/courses', { title: 'Harmony' })).json().data.id;
    for (const role of ['ta', 'student'] as const) {
      ids[role] = (await t.createUser()).id;
      await insertMembership(t.app.deps.db, { courseId, userId: ids[role], role, now: t.clock.now() });
    }
    ids.outsider = (await t.createUser({ user_type: 2 })).id;
  });
  afterEach(async () => {
    await t.close();
  });

  const check = async (who: keyof typeof ids, options: NeedOptions, course = courseId) => {
    const requireCourseAccess = createCourseAccess(t.app.deps);
    const actor = await t.app.services.auth.actorFor(ids[who]);
    return refusal(() => requireCourseAccess(actor, course, options));
  };

  it('answers the course row and the access of a member with the need', async () => {
    const requireCourseAccess = createCourseAccess(t.app.deps);
    const { row, access } = await requireCourseAccess(await t.app.services.auth.actorFor(ids.ta), courseId, { need: 'teach' });
    expect(row.id).toBe(courseId);
    expect(row.title).toBe('Harmony');
    expect(access).toEqual({ role: 'ta', status: 'PLANNING', archived: false });
  });

  it('gives every member exactly the needs of their role, and a 403 otherwise', async () => {
    for (const role of ROLES) {
      for (const need of NEEDS) {
        const options = (need === 'study' ? { need, forbidden: 'Only students.' } : { need }) as NeedOptions;
        const error = await check(role, options);
        if (EXPECTED[need].includes(role)) expect(error, `${role} / ${need}`).toBeUndefined();
        else expect(error?.status, `${role} / ${need}`).toBe(403);
      }
    }
  });

  it("is a 404 for a non-member and for a course that does not exist, with the course's message or the caller's", async () => {
    for (const need of ['member', 'instruct'] as const) {
      const outsider = await check('outsider', { need });
      expect(outsider?.status).toBe(404);
      expect(outsider?.message).toBe(CourseMessages.notFound);
    }
    const missing = await check('instructor', { need: 'member', notFound: 'No such set.' }, courseId + 1000);
    expect(missing?.status).toBe(404);
    expect(missing?.message).toBe('No such set.');
  });

  it('lets a database failure through as itself, not as a 404', async () => {
    const requireCourseAccess = createCourseAccess({
      clock: t.clock,
      db: {
        selectFrom: () => {
          throw new Error('database away');
        },
      } as never,
    });
    const actor = await t.app.services.auth.actorFor(ids.instructor);
    await expect(requireCourseAccess(actor, courseId, { need: 'member' })).rejects.toThrow('database away');
  });
});
