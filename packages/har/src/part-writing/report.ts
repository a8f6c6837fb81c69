import { formatDateTime } from '@app/contract/date-format';
import { REPORT_SECTION_ATTRIBUTE } from '@app/contract/grade-report';
import { findingMessage } from '@app/contract/part-writing/messages';
import type { Reveal } from '../grade.ts';
import { escapeHtml, type ReportLanguage } from '../report.ts';
import type { PartWritingResult } from './hand-in.ts';

/**
 * The grade report of a part-writing submission (issue 27): one self-contained HTML page with the
 * chords as written, each finding with its sentence and what it cost (when the reader may see the
 * marks), then the total. Never a model solution: the result does not hold one.
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
    unwritten: 'Chord {chord} is not finished.',
    later: 'The findings are shown once the answers are shown; the total already counts them.',
    total: 'Total',
    grade: 'Grade',
    blank: '(not written)',
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
    unwritten: '第 {chord} 个和弦没有写完。',
    later: '显示答案后才会显示问题；总分已计入。',
    total: '总分',
    grade: '等级',
    blank: '（未写）',
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
    unwritten: '第 {chord} 個和弦沒有寫完。',
    later: '顯示答案後才會顯示問題；總分已計入。',
    total: '總分',
    grade: '等級',
    blank: '（未寫）',
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
    unwritten: '{chord}번째 화음을 다 쓰지 않았습니다.',
    later: '문제는 정답이 공개된 뒤에 보입니다. 총점에는 이미 반영되어 있습니다.',
    total: '총점',
    grade: '등급',
    blank: '(쓰지 않음)',
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
  const lines = [
    ...unwritten.map((chord) => ({
      text: (t.unwritten ?? '').replace('{chord}', String(chord + 1)),
      cost: unwritten_cost,
    })),
    ...findings.map((finding) => ({ text: findingMessage(finding.rule, finding.params, language), cost: finding.cost })),
  ];
  const findingsHtml = marks
    ? lines.length === 0
      ? `<p>${s('none')}</p>`
      : `<table><thead><tr><th>${s('findings')}</th><th class="num">${s('cost')}</th></tr></thead><tbody>${lines
          .map((line) => `<tr><td>${escapeHtml(line.text)}</td><td class="num">−${line.cost}</td></tr>`)
          .join('')}</tbody></table>`
    : `<p class="note">${s('later')}</p>`;
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
