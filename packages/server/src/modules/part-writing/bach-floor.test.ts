import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseWorld, createTestApp, LONG_SESSIONS, multipart, type TestClient, type TestContext } from '../../../test/helpers.ts';
import { BACH_CHOICES, type Caller, type ChoiceOutcome, choiceFigures, handInBach, medianOf } from '../../../test/part-writing-bach.ts';

/**
 * The floor of `npm run bench -- part-writing-bach` (issue 35) on a fixed sample of the shared
 * corpus (../shared/corpora/bach-chorales, read at run time), through the same path: each chorale
 * made into an exercise with the chorale chooser for each voice choice, Bach's own voices handed
 * in by a student, the grade and findings the workspace shows. The figures may rise, never fall:
 * how many of the sample each choice accepts, the median and the lowest percent of Bach's voices,
 * and no finding on given voices only. One engine (SQLite): the path is the same on both, and the
 * figures are the checker's. Raise a floor when the bench shows a better figure.
 */

const CORPUS = new URL('../../../../../../shared/corpora/bach-chorales/', import.meta.url);
/**
 * Spread over the corpus: 3/4 and 4/4, major and minor, a modal signature read in another key (019),
 * given voices that rest (013), sixteenths (123, 239), a bass below its range (005).
 */
const SAMPLE = ['001.mxl', '005.mxl', '013.mxl', '019.mxl', '041.mxl', '123.mxl', '239.mxl'];
/**
 * What the sample reaches since the checker's calibration (b378e51), per choice: accepted chorales
 * (of 7, Bach's voices handed in), the lowest percent of Bach's voices (90: 123's parallel fifths
 * and octaves) and none on given voices only. The median reached is 100 %; its floor is issue 35's
 * goal, 97 %, so one more real finding in a chorale or two is not a failure but a fall below the goal is.
 */
const FLOOR: Record<(typeof BACH_CHOICES)[number]['id'], { accepted: number; median: number; min: number; givenOnly: number }> = {
  B: { accepted: 7, median: 97, min: 90, givenOnly: 0 },
  S: { accepted: 7, median: 97, min: 90, givenOnly: 0 },
  'S,B': { accepted: 7, median: 97, min: 90, givenOnly: 0 },
};

const present = SAMPLE.every((file) => existsSync(new URL(file, CORPUS)));

/** A TestClient as the shared journey's Caller (in-process requests through the whole app). */
function caller(client: TestClient): Caller {
  const reply = (res: Awaited<ReturnType<TestClient['get']>>) => ({ status: res.statusCode, body: res.body ? res.json() : undefined });
  return {
    get: async (url) => reply(await client.get(url)),
    post: async (url, body) => reply(await client.post(url, body as never)),
    put: async (url, body) => reply(await client.put(url, body as never)),
    upload: async (url, file) => reply(await client.upload(url, multipart([{ name: file.name, bytes: file.bytes }]))),
  };
}

describe.runIf(present)("Bach's own voices handed in as a student's (the part-writing-bach bench's floor)", () => {
  let t: TestContext;
  const outcomes = new Map<string, ChoiceOutcome[]>();

  beforeAll(async () => {
    t = await createTestApp('sqlite', LONG_SESSIONS);
    const world = await courseWorld(t, { students: 1 });
    const student = world.students[0];
    if (!student) throw new Error('no student');
    const set = await world.owner.client.post(`/api/courses/${world.courseId}/assignments`, {
      released_at: t.clock.now(),
      due_at: t.clock.now() + 30 * 86400,
    });
    const ids = { courseId: world.courseId, setId: set.json().data.id as number };
    const teacher = caller(world.owner.client);
    const writer = caller(student.client);
    for (const choice of BACH_CHOICES) outcomes.set(choice.id, []);
    for (const name of SAMPLE) {
      const file = { name, bytes: new Uint8Array(readFileSync(new URL(name, CORPUS))) };
      for (const choice of BACH_CHOICES) outcomes.get(choice.id)?.push(await handInBach(teacher, writer, ids, file, choice));
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  afterAll(() => {
    // The sample's figures, to raise the floors by.
    for (const choice of BACH_CHOICES) {
      const f = choiceFigures(choice, outcomes.get(choice.id) ?? []);
      console.log(
        `${choice.id}: accepted ${f.accepted}, measured ${f.measured}, median ${medianOf(f.percents)}, min ${Math.min(...f.percents)}, given-only ${f.givenOnly}`,
      );
    }
  });

  it.each(BACH_CHOICES.map((choice) => [choice.name, choice] as const))(
    '%s: accepted, scored and blamed no less than before',
    (_name, choice) => {
      const figures = choiceFigures(choice, outcomes.get(choice.id) ?? []);
      const floor = FLOOR[choice.id];
      expect(figures.tried).toBe(SAMPLE.length);
      // Accepted and Bach's voices handed in (a draft without them counts as not reached).
      expect(figures.measured, [...figures.refusals.keys()].join('\n')).toBeGreaterThanOrEqual(floor.accepted);
      if (figures.measured > 0) {
        expect(medianOf(figures.percents)).toBeGreaterThanOrEqual(floor.median);
        expect(Math.min(...figures.percents)).toBeGreaterThanOrEqual(floor.min);
      }
      // Only what the student wrote costs points: nothing about the given voices alone is shown as theirs.
      expect(figures.givenOnly).toBeLessThanOrEqual(floor.givenOnly);
    },
  );
});
