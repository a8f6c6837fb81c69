import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { RuleId } from '@app/contract/part-writing/rules';
import { describe, expect, it } from 'vitest';
import { CHOICES, choraleChords, choraleVoices, type Harmonic, handInBach } from './checker-bach.ts';

// The shared corpus, read at run time (never copied into the repository): Bach's own voices with their rhythm.
const CORPUS = '/work/shared/corpora/bach-chorales/';

/**
 * Issue 35's goal for the checker, on the odd-numbered chorales: Bach's own voices handed in with
 * the default settings score a median of at least 97 % and never below 85 %, and no finding is on
 * given voices only — with chords one per beat and one per bass note, for each choice of given voices.
 * Measured (decision 034): median 100 % and minimum 85 % for every choice, either way. Bach's voices
 * rest through a chord in mid-phrase in 087, 273 and 283: a breath or a thinner texture, within the
 * allowance (written.ts REST_ALLOWANCE), so no chord of his counts as not written.
 */
describe.runIf(existsSync(CORPUS))('the checker on Bach’s own voices with their rhythm', () => {
  const files = existsSync(CORPUS) ? readdirSync(CORPUS).filter((name) => name.endsWith('.mxl')) : [];
  it.each(['beat', 'bass'] as Harmonic[])(
    'chords per %s: median ≥ 97 %, minimum ≥ 85 %, nothing on given voices only',
    { timeout: 300_000 },
    (harmonic) => {
      const percents: Record<string, number[]> = {};
      const counts: Partial<Record<RuleId, number>> = {};
      /** Chorales with a chord counted as not written: none, Bach's rests are within the allowance (see written.ts). */
      const resting = new Set<string>();
      let chords = 0;
      for (const file of files) {
        const voices = choraleVoices(new Uint8Array(readFileSync(CORPUS + file)));
        if (!voices) continue;
        const exercise = choraleChords(voices, harmonic);
        chords += exercise.length;
        for (const [name, given] of Object.entries(CHOICES)) {
          const handed = handInBach(exercise, given);
          if (handed.unwritten > 0) resting.add(file);
          for (const finding of handed.findings) {
            expect(finding.voices.length === 0 || finding.voices.some((v) => !given.includes(v)), `${file}: ${finding.message}`).toBe(true);
            if (name === 'bass') counts[finding.rule] = (counts[finding.rule] ?? 0) + 1;
          }
          percents[name] = [...(percents[name] ?? []), (100 * handed.score) / handed.max];
        }
      }
      expect([...resting]).toEqual([]);
      for (const [name, list] of Object.entries(percents)) {
        const sorted = [...list].sort((a, b) => a - b);
        expect(list.length, name).toBe(142);
        expect(sorted[Math.floor(sorted.length / 2)], name).toBeGreaterThanOrEqual(97);
        expect(sorted[0], name).toBeGreaterThanOrEqual(85);
      }
      // What Bach still does that textbooks forbid, per 100 chords (bass given): parallels few, no chord rule without labels.
      const per100 = (rule: RuleId) => (100 * (counts[rule] ?? 0)) / chords;
      expect(per100('parallel-fifths') + per100('parallel-octaves')).toBeLessThan(0.6);
      expect(per100('non-chord-tone')).toBeLessThan(0.2);
      for (const rule of ['wrong-chord', 'wrong-bass', 'missing-third', 'leading-tone-resolution'] as RuleId[])
        expect(counts[rule]).toBeUndefined();
    },
  );
});
