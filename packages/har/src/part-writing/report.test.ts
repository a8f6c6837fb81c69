import { describe, expect, it } from 'vitest';
import type { PartWritingResult } from './hand-in.ts';
import { partWritingReportHtml } from './report.ts';

const result: PartWritingResult = {
  items: [
    { id: 'chord-1', measure: 1, beat: 1, answer: 'G4 E4 C4', expected: '', correct: true, points: 0, max_points: 0 },
    { id: 'chord-2', measure: 2, beat: 3, answer: 'A4 F4 C4', expected: '', correct: true, points: 0, max_points: 0 },
  ],
  points: 20,
  max_points: 20,
  percent: 100,
  grade: 'A',
  part_writing: { findings: [], unwritten: [], unwritten_cost: 0, write: ['S', 'A', 'T'] },
};
const report = (language: 'en' | 'zh-hans' | 'zh-hant' | 'ko') =>
  partWritingReportHtml({ title: 'Figured bass', studentName: 'A B', submittedAt: 0, result, language });

/** QA2: a chord's place reads as the analysis report writes it ('m. 2, beat 3'), not '2, 3', in the reader's language. */
describe('the part-writing grade report names each chord’s measure and beat', () => {
  it('in all four languages', () => {
    expect(report('en')).toContain('<td>m. 2, beat 3</td>');
    expect(report('en')).not.toContain('<td>2, 3</td>');
    expect(report('zh-hans')).toContain('<td>第 2 小节，第 3 拍</td>');
    expect(report('zh-hant')).toContain('<td>第 2 小節，第 3 拍</td>');
    expect(report('ko')).toContain('<td>2마디 3박</td>');
  });
  it('holds every language, the profile one shown, so the submission view can show the header’s (QA2-5)', () => {
    const html = report('en');
    const sections = [...html.matchAll(/<section lang="([a-z-]+)" data-report-language="\1"( hidden)?>/g)].map((m) => [
      m[1],
      m[2] === undefined,
    ]);
    expect(sections).toEqual([
      ['en', true],
      ['zh-hans', false],
      ['zh-hant', false],
      ['ko', false],
    ]);
    expect(html).toContain('<td>2마디 3박</td>');
    expect(html).toContain('@media (max-width: 480px)');
  });
});
