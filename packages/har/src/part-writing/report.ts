import { formatDateTime } from '@app/contract/date-format';
import { REPORT_SECTION_ATTRIBUTE } from '@app/contract/grade-report';
import { findingMessage, placedParams } from '@app/contract/part-writing/messages';
import type { Reveal } from '../grade.ts';
import { escapeHtml, type ReportLanguage } from '../report.ts';
import { type PointsOff, pointsOff } from './grade.ts';
import type { PartWritingResult } from './hand-in.ts';

/**
 * The grade report of a part-writing submission (issue 27): one self-contained HTML page with the
 * chords as written, each finding with its sentence and what it cost (when the reader may see the
 * marks), then the total. Never a model solution: the result does not hold one.
 *
 * A formal grade never stands alone (issue 35): before the findings may be shown, the report says
 * how many findings (and unfinished chords) cost how many points and when the details will be
 * shown — counts and points only, never which finding, chord or rule. Where the findings are
 * listed, the points off in total close the list, so the list, its costs and the total add up.
 */

const STRINGS: Record<ReportLanguage, Record<string, string>> = {
  en: {
    heading: 'Grade Report',
    student: 'Student',
    submitted: 'Submitted',
    chord: 'Chord',
    position: 'Measure, beat',
    measureBeat: 'm. {measure}, beat {beat}',
    written: 'Written',
    findings: 'Findings',
    cost: 'Points off',
    none: 'No errors found.',
    unwritten: 'Chord {chord} (m. {measure}, beat {beat}) is not finished.',
    total: 'Total',
    grade: 'Grade',
    blank: '(not written)',
    later: 'The details are shown once the answers are shown.',
    laterAt: 'The details are shown after {date}, with the correct answers.',
    never: 'Your instructor has chosen not to show the details of this exercise.',
    summaryOne: '1 finding costs {points}.',
    summaryMany: '{count} findings cost {points}.',
    unfinishedOne: '1 unfinished chord costs {points}.',
    unfinishedMany: '{count} unfinished chords cost {points}.',
    pointsOne: '1 point',
    pointsMany: '{points} points',
    nothingOff: 'Nothing was found that costs points.',
    totalOff: 'Points off in total',
    floor: 'The grade does not go below 0.',
  },
  'zh-hans': {
    heading: '成绩报告',
    student: '学生',
    submitted: '提交时间',
    chord: '和弦',
    position: '小节、拍',
    measureBeat: '第 {measure} 小节，第 {beat} 拍',
    written: '所写',
    findings: '发现的问题',
    cost: '扣分',
    none: '没有发现错误。',
    unwritten: '第 {chord} 个和弦（第 {measure} 小节第 {beat} 拍）没有写完。',
    total: '总分',
    grade: '等级',
    blank: '（未写）',
    later: '显示答案后才会显示详细内容。',
    laterAt: '详细内容将于 {date} 之后与正确答案一同显示。',
    never: '教师选择不显示本练习的详细内容。',
    summaryOne: '1 个问题扣 {points}。',
    summaryMany: '{count} 个问题共扣 {points}。',
    unfinishedOne: '1 个和弦没有写完，扣 {points}。',
    unfinishedMany: '{count} 个和弦没有写完，共扣 {points}。',
    pointsOne: '1 分',
    pointsMany: '{points} 分',
    nothingOff: '没有发现扣分的问题。',
    totalOff: '共扣分',
    floor: '成绩不会低于 0 分。',
  },
  'zh-hant': {
    heading: '成績報告',
    student: '學生',
    submitted: '提交時間',
    chord: '和弦',
    position: '小節、拍',
    measureBeat: '第 {measure} 小節，第 {beat} 拍',
    written: '所寫',
    findings: '發現的問題',
    cost: '扣分',
    none: '沒有發現錯誤。',
    unwritten: '第 {chord} 個和弦（第 {measure} 小節第 {beat} 拍）沒有寫完。',
    total: '總分',
    grade: '等級',
    blank: '（未寫）',
    later: '顯示答案後才會顯示詳細內容。',
    laterAt: '詳細內容將於 {date} 之後與正確答案一同顯示。',
    never: '教師選擇不顯示本練習的詳細內容。',
    summaryOne: '1 個問題扣 {points}。',
    summaryMany: '{count} 個問題共扣 {points}。',
    unfinishedOne: '1 個和弦沒有寫完，扣 {points}。',
    unfinishedMany: '{count} 個和弦沒有寫完，共扣 {points}。',
    pointsOne: '1 分',
    pointsMany: '{points} 分',
    nothingOff: '沒有發現扣分的問題。',
    totalOff: '共扣分',
    floor: '成績不會低於 0 分。',
  },
  ko: {
    heading: '성적 보고서',
    student: '학생',
    submitted: '제출 시각',
    chord: '화음',
    position: '마디, 박',
    measureBeat: '{measure}마디 {beat}박',
    written: '쓴 음',
    findings: '발견된 문제',
    cost: '감점',
    none: '오류가 없습니다.',
    unwritten: '{chord}번째 화음({measure}마디 {beat}박)을 다 쓰지 않았습니다.',
    total: '총점',
    grade: '등급',
    blank: '(쓰지 않음)',
    later: '자세한 내용은 정답이 공개된 뒤에 보입니다.',
    laterAt: '자세한 내용은 {date} 이후 정답과 함께 공개됩니다.',
    never: '이 연습의 자세한 내용은 강사가 공개하지 않기로 했습니다.',
    summaryOne: '발견된 문제 1개로 {points}이 감점되었습니다.',
    summaryMany: '발견된 문제 {count}개로 모두 {points}이 감점되었습니다.',
    unfinishedOne: '다 쓰지 않은 화음 1개로 {points}이 감점되었습니다.',
    unfinishedMany: '다 쓰지 않은 화음 {count}개로 모두 {points}이 감점되었습니다.',
    pointsOne: '1점',
    pointsMany: '{points}점',
    nothingOff: '감점된 문제가 없습니다.',
    totalOff: '총 감점',
    floor: '점수는 0점 아래로 내려가지 않습니다.',
  },
};

const STYLE = `body { font-family: system-ui, sans-serif; margin: 24px; color: #1f2933; }
table { border-collapse: collapse; margin-top: 16px; }
th, td { border-bottom: 1px solid #d9e2ec; padding: 6px 12px; text-align: left; }
td.num, th.num { text-align: right; }
tr.marked td { background: #fdecea; }
ul { padding-left: 20px; }
.summary { margin-top: 16px; font-size: 18px; }
.note { color: #52606d; font-size: 14px; }
td { overflow-wrap: anywhere; }
@media (max-width: 480px) { body { margin: 8px; } th, td { padding: 4px 5px; font-size: 13px; } }`;

type PartWritingReportInput = {
  title: string;
  studentName: string;
  submittedAt: number;
  result: PartWritingResult;
  language?: ReportLanguage;
  timeZone?: string;
  reveal?: Reveal;
  /**
   * When a reader who may not see the findings yet will see them: the time the answers are shown,
   * null when they never are, left out when not known (then the report says 'once the answers are shown').
   */
  detailsShownAt?: number | null;
};

/** One section per language, the given one shown, as the analysis report (report.ts; QA2-5). */
export function partWritingReportHtml(input: PartWritingReportInput): string {
  const language = input.language && input.language in STRINGS ? input.language : 'en';
  const t = STRINGS[language];
  const s = (key: string) => escapeHtml(t[key] ?? key);
  const others = (Object.keys(STRINGS) as ReportLanguage[]).filter((other) => other !== language);
  return [
    '<!DOCTYPE html>',
    `<html lang="${escapeHtml(language)}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${s('heading')}: ${escapeHtml(input.title)}</title><style>${STYLE}</style></head>`,
    '<body>',
    reportSection(input, language, true),
    ...others.map((other) => reportSection(input, other, false)),
    '</body></html>',
    '',
  ].join('\n');
}

function reportSection(input: PartWritingReportInput, language: ReportLanguage, shown: boolean): string {
  const t = STRINGS[language];
  const s = (key: string) => escapeHtml(t[key] ?? key);
  const { result } = input;
  const marks = (input.reveal ?? 'full') !== 'none';
  const rows = result.items.map((item, index) => {
    const marked = marks && !item.correct ? ' class="marked"' : '';
    const answer = item.answer === '' ? `<em>${s('blank')}</em>` : escapeHtml(item.answer);
    // Written as the analysis report writes a position (report.ts): 'm. 2, beat 3' in the reader's language.
    const position = (t.measureBeat ?? '').replace('{measure}', String(item.measure)).replace('{beat}', String(item.beat));
    return `<tr${marked}><td>${index + 1}</td><td>${escapeHtml(position)}</td><td>${answer}</td></tr>`;
  });
  const { findings, unwritten, unwritten_cost } = result.part_writing;
  const off = pointsOff(result.part_writing);
  const points = (value: number) => (value === 1 ? (t.pointsOne ?? '') : (t.pointsMany ?? '').replace('{points}', String(value)));
  // Every line names the chord's measure and beat as the table does (issue 38), a finding graded before
  // its params held them too.
  const positions = result.items.map((item) => ({ measure: item.measure, beat: item.beat }));
  const lines = [
    ...unwritten.map((chord) => ({
      text: (t.unwritten ?? '')
        .replace('{chord}', String(chord + 1))
        .replace('{measure}', String(positions[chord]?.measure ?? ''))
        .replace('{beat}', String(Math.round((positions[chord]?.beat ?? 0) * 100) / 100)),
      cost: unwritten_cost,
    })),
    ...findings.map((finding) => ({
      text: findingMessage(finding.rule, placedParams(finding.params, positions), language),
      cost: finding.cost,
    })),
  ];
  const floored = off.total > result.max_points;
  const findingsHtml = marks
    ? lines.length === 0
      ? `<p>${s('none')}</p>`
      : `<table><thead><tr><th>${s('findings')}</th><th class="num">${s('cost')}</th></tr></thead><tbody>${lines
          .map((line) => `<tr><td>${escapeHtml(line.text)}</td><td class="num">−${line.cost}</td></tr>`)
          .join('')}</tbody><tfoot><tr><th>${s('totalOff')}</th><th class="num">−${off.total}</th></tr></tfoot></table>${
          floored ? `<p class="note">${s('floor')}</p>` : ''
        }`
    : summaryHtml(t, off, points, input.detailsShownAt, language, input.timeZone);
  return [
    `<section lang="${language}" ${REPORT_SECTION_ATTRIBUTE}="${language}"${shown ? '' : ' hidden'}>`,
    `<h1>${s('heading')}</h1>`,
    `<h2>${escapeHtml(input.title)}</h2>`,
    `<p>${s('student')}: ${escapeHtml(input.studentName)}<br>${s('submitted')}: ${escapeHtml(formatDateTime(input.submittedAt, language, input.timeZone))}</p>`,
    `<table><thead><tr><th>${s('chord')}</th><th>${s('position')}</th><th>${s('written')}</th></tr></thead><tbody>${rows.join('')}</tbody></table>`,
    `<h3>${s('findings')}</h3>`,
    findingsHtml,
    `<p class="summary">${s('total')}: ${result.points} / ${result.max_points} · ${s('grade')}: ${escapeHtml(result.grade)}</p>`,
    '</section>',
  ].join('\n');
}

/**
 * What a reader who may not see the findings yet is told (issue 35): how many findings and
 * unfinished chords cost how many points, and when the details are shown. Counts only.
 */
function summaryHtml(
  t: Record<string, string>,
  off: PointsOff,
  points: (value: number) => string,
  shownAt: number | null | undefined,
  language: ReportLanguage,
  timeZone: string | undefined,
): string {
  const sentence = (one: string, many: string, count: number, cost: number) =>
    (count === 1 ? (t[one] ?? '') : (t[many] ?? '').replace('{count}', String(count))).replace('{points}', points(cost));
  const said: string[] = [];
  if (off.findings > 0) said.push(sentence('summaryOne', 'summaryMany', off.findings, off.findingPoints));
  if (off.unfinished > 0) said.push(sentence('unfinishedOne', 'unfinishedMany', off.unfinished, off.unfinishedPoints));
  if (said.length === 0) said.push(t.nothingOff ?? '');
  const when =
    shownAt === undefined
      ? (t.later ?? '')
      : shownAt === null
        ? (t.never ?? '')
        : (t.laterAt ?? '').replace('{date}', formatDateTime(shownAt, language, timeZone));
  // Nothing found means nothing to show later.
  const details = off.findings + off.unfinished > 0 ? `<p class="note" data-details-shown>${escapeHtml(when)}</p>` : '';
  return `<p data-points-off>${said.map(escapeHtml).join(' ')}</p>${details}`;
}
