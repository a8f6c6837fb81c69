import { reportInLanguage } from '@app/contract/grade-report';
import { describe, expect, it } from 'vitest';
import type { GradeResult } from './grade.ts';
import { gradeReportHtml } from './report.ts';

// 2 of 19 points: 10.526…% (the '10.53 %' in the report against '10.5 %' elsewhere).
const result: GradeResult = {
  items: Array.from({ length: 19 }, (_, i) => ({
    id: `i${i}`,
    measure: i === 0 ? 0 : Math.ceil(i / 2),
    beat: i === 0 ? 3 : 1,
    answer: i < 2 ? 'V' : 'I',
    expected: 'V',
    correct: i < 2,
    points: i < 2 ? 1 : 0,
    max_points: 1,
  })),
  points: 2,
  max_points: 19,
  percent: 10.53,
  grade: 'F',
};
const report = (extra: Partial<Parameters<typeof gradeReportHtml>[0]> = {}) =>
  gradeReportHtml({ title: 'Chorale', studentName: 'Ann', submittedAt: 0, result, ...extra });

describe('the grade report', () => {
  it('writes percent and letter as the grade book does: one decimal, the language’s percent sign', () => {
    expect(report()).toContain('Percent: 10.5% · Grade: F');
    expect(report()).not.toContain('10.53');
    expect(report({ language: 'ko' })).toContain('백분율: 10.5% · 등급: F');
    expect(report({ language: 'zh-hans' })).toContain('百分比: 10.5%');
  });

  it('says why the points column is blank while a student’s answers are withheld', () => {
    const withheld = report({ reveal: 'none' });
    expect(withheld).toContain('Points for each chord are shown once the answers are shown; the total already counts them.');
    expect(withheld).toContain('<td class="num"></td>');
    expect(withheld).toContain('2 / 19');
    expect(report({ reveal: 'none', language: 'zh-hant' })).toContain('每個和弦的得分在公布答案後顯示');
    // Everything shown, or practice marks: the column is filled and needs no note.
    expect(report()).not.toContain('class="note"');
    expect(report({ reveal: 'marks' })).not.toContain('class="note"');
  });

  it('holds every language, the profile one shown, so the page can show the one chosen in the header (QA2-5)', () => {
    const html = report({ language: 'en' });
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
    expect(html).toContain('<h1>Grade Report</h1>');
    expect(html).toContain('<h1>성적 보고서</h1>');
    // The page asks for Korean: a style shows that section and hides the others, the report itself unchanged.
    const korean = reportInLanguage(html, 'ko');
    expect(korean).toContain(
      '<style>section[data-report-language]{display:none}section[data-report-language="ko"]{display:block}</style></head>',
    );
    expect(korean.replace(/<style>section\[[^<]*<\/style>/, '')).toBe(html);
    // Its table fits a phone: narrow padding, long labels wrap.
    expect(html).toContain('@media (max-width: 480px)');
    expect(html).toContain('overflow-wrap: anywhere');
  });
});
