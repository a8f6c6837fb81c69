import { expect } from 'vitest';
import { courseWorld, multipart, type TestClient, type TestContext } from './helpers.ts';

const DAY = 86400;

/** courseWorld with a set released now and due in seven days (`dueAt`). */
export async function courseWithSet(t: TestContext, options: { students?: number } = {}) {
  const world = await courseWorld(t, options);
  const dueAt = t.clock.now() + 7 * DAY;
  const setId = (
    await world.owner.client.post(`/api/courses/${world.courseId}/assignments`, { released_at: t.clock.now(), due_at: dueAt })
  ).json().data.id as number;
  return { ...world, setId, dueAt };
}

/** Uploads one `.har` into a set as `owner` and returns the document (the upload must succeed). */
export async function uploadInto(owner: TestClient, setId: number, name: string, bytes: Uint8Array) {
  const upload = await owner.upload(`/api/assignments/${setId}/documents`, multipart([{ name, bytes }]));
  expect(upload.statusCode, upload.body).toBe(201);
  return upload.json().data[0] as { id: number; doc_key: string };
}

/**
 * The part-writing tests' world: courseWithSet, and the exercise `bytes` (a `.har`) uploaded into
 * the set as `name` by the course's owner (`doc`).
 */
export async function documentInCourse(t: TestContext, name: string, bytes: Uint8Array, options: { students?: number } = {}) {
  const world = await courseWithSet(t, options);
  const doc = await uploadInto(world.owner.client, world.setId, name, bytes);
  return { ...world, doc };
}
