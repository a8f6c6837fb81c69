import { formatDateTime } from '@app/contract/date-format';
import { REPORT_SECTION_ATTRIBUTE } from '@app/contract/grade-report';
import { parseKey, parseKeyedLabel } from '@app/contract/keyed-label';
import { type GradeResult, type Reveal, revealedItems } from './grade.ts';
import type { ShownPosition } from './shown-positions.ts';

/**
 * The grade report of a submission: one self-contained HTML page (inline CSS,
 * no scripts, no external resources) listing each item with the student's
 * answer, the expected label and the points, then the totals. Every value from
 * outside is escaped.
 */

export type ReportLanguage = 'en' | 'zh-hans' | 'zh-hant' | 'ko';

export type GradeReportInput = {
  title: string;
  studentName: string;
  /** Epoch seconds. */
  submittedAt: number;
  result: GradeResult;
  language?: ReportLanguage;
  /** IANA time zone for the submission time; UTC when left out. */
  timeZone?: string;
  /** What the reader may see of the grading (default everything): the expected labels and marks follow it. */
  reveal?: Reveal;
  /** Each item's measure and beat as the score prints them (shown-positions.ts); the items' own numbers without it. */
  positions?: Record<string, ShownPosition>;
};

const STRINGS: Record<ReportLanguage, Record<string, string>> = {
  en: {
    heading: 'Grade Report',
    student: 'Student',
    submitted: 'Submitted',
    item: 'Item',
    position: 'Measure, beat',
    answer: 'Answer',
    expected: 'Expected',
    points: 'Points',
    total: 'Total',
    percent: 'Percent',
    grade: 'Grade',
    correct: 'Correct',
    incorrect: 'Incorrect',
    blank: '(no answer)',
    measureBeat: 'm. {measure}, beat {beat}',
    pointsLater: 'Points for each chord are shown once the answers are shown; the total already counts them.',
    key: 'Key',
    keyName: '{tonic} {mode}',
    major: 'major',
    minor: 'minor',
  },
  'zh-hans': {
    heading: '成绩报告',
    student: '学生',
    submitted: '提交时间',
    item: '题目',
    position: '小节、拍',
    answer: '答案',
    expected: '正确答案',
    points: '得分',
    total: '总分',
    percent: '百分比',
    grade: '等级',
    correct: '正确',
    incorrect: '错误',
    blank: '（未作答）',
    measureBeat: '第 {measure} 小节，第 {beat} 拍',
    pointsLater: '每个和弦的得分在公布答案后显示；总分已计入这些得分。',
    key: '调',
    keyName: '{tonic} {mode}',
    major: '大调',
    minor: '小调',
  },
  'zh-hant': {
    heading: '成績報告',
    student: '學生',
    submitted: '提交時間',
    item: '題目',
    position: '小節、拍',
    answer: '答案',
    expected: '正確答案',
    points: '得分',
    total: '總分',
    percent: '百分比',
    grade: '等級',
    correct: '正確',
    incorrect: '錯誤',
    blank: '（未作答）',
    measureBeat: '第 {measure} 小節，第 {beat} 拍',
    pointsLater: '每個和弦的得分在公布答案後顯示；總分已計入這些得分。',
    key: '調',
    keyName: '{tonic} {mode}',
    major: '大調',
    minor: '小調',
  },
  ko: {
    heading: '성적 보고서',
    student: '학생',
    submitted: '제출 시간',
    item: '문항',
    position: '마디, 박',
    answer: '답안',
    expected: '정답',
    points: '점수',
    total: '합계',
    percent: '백분율',
    grade: '등급',
    correct: '정답',
    incorrect: '오답',
    blank: '(답 없음)',
    measureBeat: '{measure}마디 {beat}박',
    pointsLater: '화음별 점수는 정답이 공개되면 표시됩니다. 합계에는 이미 반영되어 있습니다.',
    key: '조성',
    keyName: '{tonic} {mode}',
    major: '장조',
    minor: '단조',
  },
};

const LOCALES: Record<ReportLanguage, string> = { en: 'en-US', 'zh-hans': 'zh-CN', 'zh-hant': 'zh-TW', ko: 'ko-KR' };

const STYLE = `
body { font-family: system-ui, -apple-system, "Segoe UI", "Noto Sans", "Noto Sans CJK SC", sans-serif; color: #1f2933; margin: 24px; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 16px; font-weight: normal; color: #52606d; margin: 0 0 16px; }
dl { display: grid; grid-template-columns: max-content auto; gap: 4px 16px; margin: 0 0 16px; }
dt { color: #52606d; }
dd { margin: 0; }
table { border-collapse: collapse; width: 100%; max-width: 760px; }
th, td { text-align: left; padding: 6px 10px; border-bottom: 1px solid #d9e2ec; }
th { background: #f0f4f8; font-weight: 600; }
td.num, th.num { text-align: right; }
tr.correct td.answer { color: #1b7f3b; }
tr.incorrect td.answer { color: #c62828; }
.mark { font-size: 12px; margin-left: 6px; }
.key { font-weight: 700; }
tfoot td { font-weight: 600; border-bottom: none; }
.summary { margin-top: 16px; font-size: 18px; }
.note { color: #52606d; font-size: 14px; margin: 8px 0 0; }
td { overflow-wrap: anywhere; }
@media (max-width: 480px) {
  body { margin: 8px; }
  h1 { font-size: 18px; }
  th, td { padding: 4px 4px; font-size: 13px; }
  th { word-break: keep-all; }
  td.num { white-space: nowrap; }
  .mark { display: block; margin-left: 0; }
  .summary { font-size: 16px; }
}
`;

/**
 * The grade report: one section per language, the given one (the student's profile language)
 * shown unless the page asks for another (`reportInLanguage`): the submission view shows it in the
 * language chosen in the header, as every other screen (QA2-5). Each section is whole, so a
 * download or a link opened elsewhere reads as before.
 */
export function gradeReportHtml(input: GradeReportInput): string {
  const language = input.language && input.language in STRINGS ? input.language : 'en';
  const t = STRINGS[language];
  const s = (key: string) => escapeHtml(t[key] ?? key);
  const others = (Object.keys(STRINGS) as ReportLanguage[]).filter((other) => other !== language);
  return [
    '<!DOCTYPE html>',
    `<html lang="${escapeHtml(language)}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${s('heading')}: ${escapeHtml(input.title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    reportSection(input, language, true),
    ...others.map((other) => reportSection(input, other, false)),
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

function reportSection(input: GradeReportInput, language: ReportLanguage, shown: boolean): string {
  const t = STRINGS[language];
  const s = (key: string) => escapeHtml(t[key] ?? key);
  const { result } = input;
  const number = new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: 2 });
  // As the grade book and the submission view show it (web lib/format-grade): '10.5%', one decimal.
  const percent = new Intl.NumberFormat(LOCALES[language], { style: 'percent', maximumFractionDigits: 1 });
  const reveal = input.reveal ?? 'full';
  const showExpected = reveal === 'full';
  const revealed = revealedItems(result, reveal);
  // Before the answers are shown a student's report keeps each chord's points back: say why the column is blank.
  const pointsLater = revealed.some((item) => item.points === null);
  const rows = revealed.map((item, index) => {
    const shown = input.positions?.[item.id];
    const measure = shown ? escapeHtml(shown.measure_label) : number.format(item.measure);
    const position = (t.measureBeat ?? '').replace('{measure}', measure).replace('{beat}', number.format(shown?.beat_label ?? item.beat));
    const answer = item.answer.trim() === '' ? `<em>${s('blank')}</em>` : labelHtml(item.answer);
    const mark = item.correct === null ? '' : `<span class="mark">${item.correct ? `✓ ${s('correct')}` : `✗ ${s('incorrect')}`}</span>`;
    const rowClass = item.correct === null ? '' : ` class="${item.correct ? 'correct' : 'incorrect'}"`;
    const points = item.points === null ? '' : `${number.format(item.points)} / ${number.format(item.max_points)}`;
    return [
      `<tr${rowClass}>`,
      `<td>${index + 1}</td>`,
      `<td>${escapeHtml(position)}</td>`,
      `<td class="answer">${answer}${mark}</td>`,
      showExpected ? `<td>${labelHtml(item.expected ?? '')}</td>` : '',
      `<td class="num">${points}</td>`,
      '</tr>',
    ].join('');
  });
  return [
    `<section lang="${language}" ${REPORT_SECTION_ATTRIBUTE}="${language}"${shown ? '' : ' hidden'}>`,
    `<h1>${s('heading')}</h1>`,
    `<h2>${escapeHtml(input.title)}</h2>`,
    '<dl>',
    `<dt>${s('student')}</dt><dd>${escapeHtml(input.studentName)}</dd>`,
    `<dt>${s('submitted')}</dt><dd>${escapeHtml(formatDateTime(input.submittedAt, language, input.timeZone))}</dd>`,
    keyLine(result.key, t),
    '</dl>',
    '<table>',
    `<thead><tr><th>${s('item')}</th><th>${s('position')}</th><th>${s('answer')}</th>${showExpected ? `<th>${s('expected')}</th>` : ''}<th class="num">${s('points')}</th></tr></thead>`,
    `<tbody>${rows.join('\n')}</tbody>`,
    `<tfoot><tr><td colspan="${showExpected ? 4 : 3}">${s('total')}</td><td class="num">${number.format(result.points)} / ${number.format(result.max_points)}</td></tr></tfoot>`,
    '</table>',
    pointsLater ? `<p class="note">${s('pointsLater')}</p>` : '',
    `<p class="summary">${s('percent')}: ${escapeHtml(percent.format(result.percent / 100))} · ${s('grade')}: ${escapeHtml(result.grade)}</p>`,
    '</section>',
  ].join('\n');
}

/** The exercise's opening key as a header line ('Key: F♯ minor'), or nothing for a one-key exercise without one. */
function keyLine(token: string | undefined, t: Record<string, string>): string {
  const key = token === undefined ? undefined : parseKey(token);
  if (!key) return '';
  const tonic = `${key.letter}${key.accidental === 1 ? '♯' : key.accidental === -1 ? '♭' : ''}`;
  const name = (t.keyName ?? '').replace('{tonic}', tonic).replace('{mode}', t[key.mode] ?? key.mode);
  return `<dt>${escapeHtml(t.key ?? '')}</dt><dd>${escapeHtml(name)}</dd>`;
}

/** A label with the keys it names in bold, so a key change stands out ('<b>E:</b> V', 'I = <b>E:</b> IV'). */
function labelHtml(text: string): string {
  const label = parseKeyedLabel(text);
  if (!label || label.readings.every((r) => r.key === undefined)) return escapeHtml(text);
  return text
    .split('=')
    .map((part) => part.replace(/^(\s*)([^:]+:)/, (_, space: string, key: string) => `${space}\u0000${key}\u0001`))
    .map((part) => escapeHtml(part).replace('\u0000', '<span class="key">').replace('\u0001', '</span>'))
    .join('=');
}

export function escapeHtml(text: string): string {
  return String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
