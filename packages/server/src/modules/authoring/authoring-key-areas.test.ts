import { existsSync, readFileSync } from 'node:fs';
import type { DraftPosition } from '@app/contract/exercise-authoring';
import { parseKeyedLabel } from '@app/contract/keyed-label';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { courseWorld, createTestApp, dialects, multipart, type TestClient, type TestContext } from '../../../test/helpers.ts';

// A modulating chorale of the shared corpus (../shared/corpora/bach-chorales, read at run time):
// no. 5 (BWV 267) in G major, which moves to C, D and A minor and back (its expert analysis's
// own pivot: m6 b4 `IV C: I`).
const CHORALE = new URL('../../../../../../shared/corpora/bach-chorales/005.mxl', import.meta.url);
const KEYED = /^([A-Ga-g][#b]?):\s*\S/;

describe.skipIf(!existsSync(CHORALE))('exercise drafts suggest key areas (issue 25, decision 031)', () => {
  describe.each(dialects)('%s', (dialect) => {
    let t: TestContext;
    let owner: TestClient;
    let courseId: number;
    let setId: number;

    beforeEach(async () => {
      t = await createTestApp(dialect);
      const world = await courseWorld(t, { activate: false });
      courseId = world.courseId;
      owner = world.owner.client;
      setId = (await owner.post(`/api/courses/${courseId}/assignments`, {})).json().data.id;
    });
    afterEach(async () => {
      await t.close();
    });

    it('gives the opening key, the key in force at each chord, keyed suggestions and pivots with the piece-key reading beside them', async () => {
      const res = await owner.upload(
        `/api/exercise-drafts?course_id=${courseId}`,
        multipart([{ name: 'bwv267.mxl', bytes: new Uint8Array(readFileSync(CHORALE)) }]),
      );
      expect(res.statusCode, res.body).toBe(201);
      const draft = res.json().data;
      expect(draft.key).toMatchObject({ name: 'G major', token: 'G' });
      expect(draft.opening_key).toMatchObject({ name: 'G major', token: 'G' });
      const positions = draft.positions as DraftPosition[];
      expect(positions[0]?.key).toBe('G');

      // Every suggestion and alternative is a label the saving path takes.
      for (const p of positions) for (const answer of p.suggested_answers) expect(parseKeyedLabel(answer), answer).toBeDefined();
      // Key areas: labels that name a key, pivots, and the key in force changing with them.
      const named = positions.filter((p) => p.suggestion !== null && KEYED.test(p.suggestion.split('=').pop()?.trim() ?? ''));
      expect(named.length).toBeGreaterThanOrEqual(3);
      const pivots = positions.filter((p) => p.suggestion?.includes(' = '));
      expect(pivots.length).toBeGreaterThanOrEqual(1);
      for (const pivot of pivots) {
        const newKey = KEYED.exec(pivot.suggestion?.split('=')[1]?.trim() ?? '')?.[1];
        expect(pivot.key).toBe(newKey);
      }
      const keys = new Set(positions.map((p) => p.key));
      expect([...keys]).toEqual(expect.arrayContaining(['G', 'C', 'D']));
      // Away from G the reading in G is offered as an alternative ('G: V/V' beside 'D: V'); a pivot reads in G already.
      const away = positions.filter((p) => p.key !== 'G' && !p.embellishing && !p.suggestion?.includes(' = '));
      expect(away.length).toBeGreaterThan(0);
      for (const p of away) expect(p.suggested_answers.some((a) => a.startsWith('G: '))).toBe(true);

      // The suggestions saved as they are, with the opening key: a key with key changes.
      const items = positions
        .filter((p) => !p.embellishing && p.suggestion !== null)
        .map((p) => ({ id: p.id, answers: p.suggested_answers.slice(0, 8), points: 1 }));
      const saved = await owner.post(`/api/exercise-drafts/${draft.id}/exercise`, {
        title: 'Bach, BWV 267',
        items,
        key: draft.opening_key.token,
        assignment_set_id: setId,
      });
      expect(saved.statusCode, saved.body).toBe(201);
    });
  });
});
