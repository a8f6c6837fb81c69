import { envelope } from '@app/contract/errors';
import { Submission } from '@app/contract/submissions';
import { Draft, Workspace } from '@app/contract/workspace';
import Fastify, { type FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  courseWorld,
  createTestApp,
  dialects,
  LONG_SESSIONS,
  multipart,
  sampleExercise,
  type TestClient,
  type TestContext,
} from '../../test/helpers.ts';
import { compiledJson } from './serialize.ts';

const zodSerializer = serializerCompiler as FastifySerializerCompiler<unknown>;

/** A bare server answering `body` on one route with `serializer` and `schema`, as the app's routes do. */
async function answerOf(schema: z.ZodType, body: unknown, serializer = compiledJson) {
  const app = Fastify();
  app.get('/x', { schema: { response: { 200: schema } }, serializerCompiler: serializer }, async () => body);
  const res = await app.inject({ method: 'GET', url: '/x' });
  await app.close();
  return res;
}

/**
 * Decision 043: the deadline's hot routes (open, start, autosave, hand-in) write their answers with
 * a serializer compiled from the zod schema instead of zod parsing every answer. It must strip what
 * the schema does not name, as zod did, and the routes must answer exactly what zod would.
 */
describe.each(dialects)('compiled response serializer (%s)', (dialect) => {
  let t: TestContext;
  let student: TestClient;
  let docId: number;
  let answers: { id: string; answer: string }[];
  let keyAnswers: string[];

  beforeEach(async () => {
    t = await createTestApp(dialect, LONG_SESSIONS);
    const world = await courseWorld(t, { students: 1 });
    const owner = world.owner.client;
    student = world.students[0]?.client as TestClient;
    const { bytes, keyItems } = sampleExercise();
    const setId = (
      await owner.post(`/api/courses/${world.courseId}/assignments`, { released_at: t.clock.now(), due_at: t.clock.now() + 86400 })
    ).json().data.id;
    docId = (await owner.upload(`/api/assignments/${setId}/documents`, multipart([{ name: 'ex.har', bytes }]))).json().data[0].id;
    await owner.put(`/api/documents/${docId}`, { multiple_submissions: true });
    answers = keyItems.map((item, i) => ({ id: item.id, answer: i % 2 ? 'N6' : (item.answers[0] ?? '') }));
    keyAnswers = keyItems.flatMap((item) => item.answers);
  });
  afterEach(async () => {
    await t.close();
  });

  it('answers open, autosave and hand-in exactly as parsing them with their zod schema would', async () => {
    const open = await student.get(`/api/documents/${docId}/workspace`);
    expect(open.statusCode).toBe(200);
    expect(open.json()).toEqual(envelope(Workspace).parse(open.json()));
    expect(open.json().data.items.length).toBeGreaterThan(0);

    const saved = await student.put(`/api/documents/${docId}/draft`, { answers });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(envelope(Draft).parse(saved.json()));
    expect(saved.json().data.answers).toEqual(answers);

    const handedIn = await student.post(`/api/documents/${docId}/submissions`, { answers });
    expect(handedIn.statusCode).toBe(201);
    expect(handedIn.json()).toEqual(envelope(Submission).parse(handedIn.json()));

    // The workspace again, now with a draft and a submission in it.
    const again = await student.get(`/api/documents/${docId}/workspace`);
    expect(again.json()).toEqual(envelope(Workspace).parse(again.json()));
    expect(again.json().data.submissions).toHaveLength(1);
    expect(again.json().data.draft.answers).toEqual(answers);

    // What zod's own serializer writes for these answers (the same keys and values; the order of keys may differ).
    for (const [schema, res] of [
      [envelope(Workspace), again],
      [envelope(Draft), saved],
      [envelope(Submission), handedIn],
    ] as const) {
      expect(res.json()).toEqual((await answerOf(schema, res.json(), zodSerializer)).json());
    }
  });

  it('never writes a key the schema does not name, at any depth: an answer key in a result stays on the server', async () => {
    const workspace = (await student.get(`/api/documents/${docId}/workspace`)).json();
    const leaked = 'LEAKED-ANSWER-KEY';
    const withExtras = {
      ...workspace,
      key_answers: leaked,
      data: {
        ...workspace.data,
        answer_key: { items: [{ answers: [leaked] }] },
        model_solution: leaked,
        document: { ...workspace.data.document, storage_key: leaked },
        items: workspace.data.items.map((item: object) => ({ ...item, answers: [leaked] })),
        rules: { ...workspace.data.rules, key: leaked },
        score: { ...workspace.data.score, key: leaked },
      },
    };
    const res = await answerOf(envelope(Workspace), withExtras);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(leaked);
    expect(res.json()).toEqual(workspace);
    // The real answers of the route hold no label of the key's either.
    const body = (await student.get(`/api/documents/${docId}/workspace`)).body;
    for (const label of keyAnswers.filter((label) => label.length > 3)) expect(body).not.toContain(`"${label}"`);

    const draft = (await student.put(`/api/documents/${docId}/draft`, { answers })).json();
    const draftRes = await answerOf(envelope(Draft), {
      data: { ...draft.data, expected: leaked, answers: draft.data.answers.map((a: object) => ({ ...a, right: leaked })) },
    });
    expect(draftRes.body).not.toContain(leaked);
    expect(draftRes.json()).toEqual(draft);
  });

  it('refuses an answer that lacks a required key (a 500, never a partial answer)', async () => {
    const draft = (await student.put(`/api/documents/${docId}/draft`, { answers })).json();
    const { answers: _gone, ...partial } = draft.data;
    const res = await answerOf(envelope(Draft), { data: partial });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain(answers[0]?.id ?? 'x');
  });
});
