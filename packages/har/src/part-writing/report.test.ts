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

/** Issue 35: a formal grade never stands alone; before the findings are shown the report says how many cost how many points, and when. */
describe('the part-writing report before the findings are shown', () => {
  const graded: PartWritingResult = {
    ...result,
    items: result.items.map((item, index) => ({ ...item, correct: index !== 0, answer: index === 1 ? '' : item.answer })),
    points: 10,
    percent: 50,
    grade: 'F',
    part_writing: {
      findings: [
        {
          rule: 'parallel-fifths',
          chords: [0, 1],
          voices: ['T', 'B'],
          params: { from: 0, to: 1, upper: 'T', lower: 'B' },
          message: 'x',
          cost: 5,
        },
        { rule: 'spacing', chords: [0], voices: ['A', 'T'], params: { chord: 0, upper: 'A', lower: 'T' }, message: 'y', cost: 2 },
      ],
      unwritten: [1],
      unwritten_cost: 3,
      write: ['S', 'A', 'T'],
    },
  };
  const before = (language: 'en' | 'zh-hans' | 'zh-hant' | 'ko', detailsShownAt?: number | null) =>
    partWritingReportHtml({
      title: 'Chorale',
      studentName: 'A B',
      submittedAt: 0,
      result: graded,
      language,
      timeZone: 'UTC',
      reveal: 'none',
      ...(detailsShownAt === undefined ? {} : { detailsShownAt }),
    });
  const shownSection = (html: string) => html.slice(0, html.indexOf(' hidden>'));

  it('says how many findings cost how many points, and the unfinished chords apart, in all four languages', () => {
    expect(shownSection(before('en'))).toContain('<p data-points-off>2 findings cost 7 points. 1 unfinished chord costs 3 points.</p>');
    expect(shownSection(before('zh-hans'))).toContain('2 个问题共扣 7 分。 1 个和弦没有写完，扣 3 分。');
    expect(shownSection(before('zh-hant'))).toContain('2 個問題共扣 7 分。 1 個和弦沒有寫完，扣 3 分。');
    expect(shownSection(before('ko'))).toContain('발견된 문제 2개로 모두 7점이 감점되었습니다.');
  });

  it('says when the details are shown: on the date answers are shown, never, or once they are', () => {
    const at = Date.UTC(2026, 11, 10, 23, 59) / 1000;
    expect(shownSection(before('en', at))).toMatch(/The details are shown after [^<]*2026[^<]*, with the correct answers\./);
    expect(shownSection(before('ko', at))).toContain(' 이후 정답과 함께 공개됩니다.');
    expect(shownSection(before('en', null))).toContain('Your instructor has chosen not to show the details of this exercise.');
    expect(shownSection(before('en'))).toContain('The details are shown once the answers are shown.');
  });

  it('never names a finding, its rule, chord or voices, nor marks a chord', () => {
    for (const language of ['en', 'zh-hans', 'zh-hant', 'ko'] as const) {
      const html = before(language, null);
      expect(html).not.toContain('class="marked"');
      expect(html).not.toMatch(/fifths|五度|5도|spacing|−5|−2/i);
      expect(html).not.toMatch(/Chord 2 \(m\. 2, beat 3\) is not finished|第 2 个和弦|第 2 個和弦|2번째 화음/);
    }
  });

  it('names each line’s measure and beat (issue 38), a finding graded before its params held them placed by the chords’ rows', () => {
    const placed = {
      ...graded,
      part_writing: {
        ...graded.part_writing,
        findings: [
          {
            ...(graded.part_writing.findings[0] as (typeof graded.part_writing.findings)[number]),
            params: { from: 1, to: 2, upper: 'T', lower: 'B' },
          },
        ],
      },
    };
    const shown = (language: 'en' | 'zh-hans' | 'zh-hant' | 'ko') =>
      shownSection(partWritingReportHtml({ title: 'x', studentName: 'A B', submittedAt: 0, result: placed, reveal: 'marks', language }));
    expect(shown('en')).toContain('<td>Chord 2 (m. 2, beat 3) is not finished.</td>');
    expect(shown('en')).toContain('<td>Chords 1–2 (m. 1, beat 1 – m. 2, beat 3): parallel fifths between the tenor and the bass.</td>');
    expect(shown('zh-hans')).toContain('<td>第 2 个和弦（第 2 小节第 3 拍）没有写完。</td>');
    expect(shown('zh-hant')).toContain('<td>第 1–2 個和弦（第 1 小節第 1 拍至第 2 小節第 3 拍）：男高音與男低音平行五度。</td>');
    expect(shown('ko')).toContain('<td>2번째 화음(2마디 3박)을 다 쓰지 않았습니다.</td>');
    expect(shown('ko')).toContain('<td>1–2번 화음(1마디 1박–2마디 3박): 테너와 베이스 사이에 병행 5도가 있습니다.</td>');
  });

  it('with nothing found, says so and promises nothing later', () => {
    const html = partWritingReportHtml({ title: 'x', studentName: 'A B', submittedAt: 0, result, reveal: 'none', detailsShownAt: 5 });
    expect(shownSection(html)).toContain('Nothing was found that costs points.');
    expect(shownSection(html)).not.toContain('data-details-shown');
  });

  it('once shown, lists each finding with its cost and closes with the points off in total, which the grade is', () => {
    const html = shownSection(partWritingReportHtml({ title: 'x', studentName: 'A B', submittedAt: 0, result: graded, reveal: 'marks' }));
    expect(html.match(/<td class="num">−\d+<\/td>/g)).toEqual([
      '<td class="num">−3</td>',
      '<td class="num">−5</td>',
      '<td class="num">−2</td>',
    ]);
    expect(html).toContain('<tfoot><tr><th>Points off in total</th><th class="num">−10</th></tr></tfoot>');
    expect(html).toContain('Total: 10 / 20');
    expect(html).not.toContain('does not go below 0');
    const many = { ...graded, points: 0, part_writing: { ...graded.part_writing, unwritten_cost: 30 } };
    expect(partWritingReportHtml({ title: 'x', studentName: 'A B', submittedAt: 0, result: many })).toContain(
      'The grade does not go below 0.',
    );
  });
});
