import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { formatGradeAs } from '../../lib/format-grade.ts';
import { testSubmission } from '../../testing/factories.ts';
import { asciiGrade, csvFileText, GRADE_BOOK_CSV_NAME, gradeBookCsv } from './grade-book-csv.ts';
import type { GradeBookRow, GradeBookSet, GradeCell } from './grade-book-model.ts';

const labels = { lastName: 'Last name', firstName: 'First name', email: 'Email' };

function set(id: number, title: string, documents: [number, string][]): GradeBookSet {
  return {
    id,
    title,
    mode: 'highest',
    columns: documents.map(([documentId, docTitle]) => ({
      id: `doc-${documentId}`,
      documentId,
      setId: id,
      setTitle: title,
      title: docTitle,
      practice: false,
    })),
  };
}

function row(
  studentId: number,
  lastName: string,
  firstName: string,
  email: string,
  cells: [number, ReturnType<typeof testSubmission>[]][] = [],
): GradeBookRow {
  return { studentId, lastName, firstName, email, cells: new Map(cells) };
}

const score = (submissions: readonly GradeCell[]) => submissions.map((s) => formatGradeAs('score', s, 'en') ?? '').join('; ');

describe('grade book CSV', () => {
  it('is named gradebook_data.csv', () => {
    expect(GRADE_BOOK_CSV_NAME).toBe('gradebook_data.csv');
  });

  it('has Last name, First name, Email and one "Set - Document" column per document, with CRLF line ends', () => {
    const sets = [
      set(1, 'Week 1', [
        [11, 'Cadences'],
        [12, 'Sequences'],
      ]),
      set(2, 'Week 2', [[21, 'Modulation']]),
    ];
    const rows = [
      row(5, 'Beach', 'Amy', 'amy@example.com', [[11, [testSubmission({ points: 7, max_points: 8 })]]]),
      row(6, 'Price', 'Florence', 'florence@example.com', [[21, [testSubmission({ points: 3, max_points: 4 })]]]),
    ];
    const csv = gradeBookCsv(sets, rows, labels, score);
    expect(csv.split('\r\n')).toEqual([
      'Last name,First name,Email,Week 1 - Cadences,Week 1 - Sequences,Week 2 - Modulation',
      'Beach,Amy,amy@example.com,7 / 8,,',
      'Price,Florence,florence@example.com,,,3 / 4',
    ]);
  });

  it('quotes fields with commas, quotes and line breaks as RFC 4180 says, and reads back unchanged', () => {
    const sets = [set(1, 'Week "1", part A', [[11, 'Line\nbreak']])];
    const rows = [row(5, "O'Brien, Jr.", 'Ann "Annie"', 'ann@example.com')];
    const csv = gradeBookCsv(sets, rows, labels, score);
    expect(csv).toContain('"Week ""1"", part A - Line\nbreak"');
    expect(csv).toContain('"O\'Brien, Jr.","Ann ""Annie"""');
    const parsed = Papa.parse<string[]>(csv, { newline: '\r\n' });
    expect(parsed.data[0]).toEqual(['Last name', 'First name', 'Email', 'Week "1", part A - Line\nbreak']);
    expect(parsed.data[1]).toEqual(["O'Brien, Jr.", 'Ann "Annie"', 'ann@example.com', '']);
  });

  it.each([['=HYPERLINK("http://evil.example","x")'], ['+1+1'], ['-2+3'], ['@SUM(A1)'], ['\tTAB'], ['\rCR'], ['=1+1\nsecond line']])(
    'stops a cell starting %j from running as a formula',
    (value) => {
      const sets = [set(1, value, [[11, 'Doc']])];
      const rows = [row(5, value, 'Amy', 'amy@example.com')];
      const csv = gradeBookCsv(sets, rows, labels, score);
      const parsed = Papa.parse<string[]>(csv, { newline: '\r\n' });
      expect(parsed.data[0]?.[3]).toBe(`'${value} - Doc`);
      expect(parsed.data[1]?.[0]).toBe(`'${value}`);
      // Nothing else changes: an ordinary name or a grade keeps its text.
      expect(parsed.data[1]?.[1]).toBe('Amy');
    },
  );

  it('joins several submissions of a cell with semicolons in the order given', () => {
    const sets = [set(1, 'Week 1', [[11, 'Cadences']])];
    const cell = [testSubmission({ id: 1, points: 8 }), testSubmission({ id: 2, points: 5 })];
    const csv = gradeBookCsv(sets, [row(5, 'Beach', 'Amy', 'amy@example.com', [[11, cell]])], labels, score);
    expect(csv.split('\r\n')[1]).toBe('Beach,Amy,amy@example.com,8 / 8; 5 / 8');
  });
});

/*
 * What a spreadsheet makes of the file's bytes (issue 30). Excel decodes a CSV as UTF-8 only when
 * it starts with a byte-order mark, else in the legacy code page (windows-1252 here); LibreOffice
 * reads UTF-8 and drops a mark; a reader without BOM handling keeps the mark as text.
 */
const bytesOf = (text: string) => new TextEncoder().encode(text);
const readers = {
  excel: (bytes: Uint8Array) => {
    const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
    return bom ? new TextDecoder('utf-8').decode(bytes) : new TextDecoder('windows-1252').decode(bytes);
  },
  libreOffice: (bytes: Uint8Array) => new TextDecoder('utf-8').decode(bytes),
  noBomHandling: (bytes: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes),
};
/** Papa drops a leading mark itself; the first heading as a reader without BOM handling sees it. */
const firstHeading = (text: string) => text.split('\r\n')[0]?.split(',')[0];
const parse = (text: string) => Papa.parse<string[]>(text, { skipEmptyLines: true }).data;

describe('grade book CSV for spreadsheets and LMS imports', () => {
  const sets = [set(1, 'Week 1', [[11, 'Cadences']])];
  const letter = (submissions: readonly GradeCell[]) => submissions.map((s) => formatGradeAs('grade', s, 'en') ?? '').join('; ');

  it('writes letter grades in ASCII (D-, not the screen’s D−)', () => {
    const low = testSubmission({ points: 61, max_points: 100, percent: 61, grade: 'D−' });
    expect(formatGradeAs('grade', low, 'en')).toBe('D−');
    const csv = gradeBookCsv(sets, [row(5, 'Beach', 'Amy', 'amy@example.com', [[11, [low]]])], labels, letter);
    expect(csv.split('\r\n')[1]).toBe('Beach,Amy,amy@example.com,D-');
    expect(csv).not.toContain('\u2212');
    expect(asciiGrade('A−; B+; C−')).toBe('A-; B+; C-');
  });

  it('reads names with accents and CJK the same in an Excel-style and a LibreOffice-style reader', () => {
    const rows = [
      row(5, 'Dvořák', 'Antonín', 'antonin@example.com'),
      row(6, '김', '수진', 'sujin@example.com'),
      row(7, '周', '杰伦', 'jay@example.com'),
      row(8, 'Saint-Saëns', 'Camille', 'camille@example.com'),
    ];
    const file = csvFileText(gradeBookCsv(sets, rows, labels, letter));
    expect(file.startsWith('\uFEFF')).toBe(true);
    const expected = parse(gradeBookCsv(sets, rows, labels, letter));
    expect(expected[1]?.slice(0, 2)).toEqual(['Dvořák', 'Antonín']);
    expect(parse(readers.excel(bytesOf(file)))).toEqual(expected);
    expect(parse(readers.libreOffice(bytesOf(file)))).toEqual(expected);
    // Without the mark Excel garbles them: the mark is needed for these names.
    expect(parse(readers.excel(bytesOf(file.slice(1))))[1]?.[0]).not.toBe('Dvořák');
  });

  it('adds no mark to an all-ASCII file, so even a reader without BOM handling gets a clean first heading', () => {
    const file = csvFileText(gradeBookCsv(sets, [row(5, 'Beach', 'Amy', 'amy@example.com')], { ...labels }, letter));
    expect(file.startsWith('\uFEFF')).toBe(false);
    for (const read of Object.values(readers)) expect(firstHeading(read(bytesOf(file)))).toBe('Last name');
    // With a mark, that reader would see it in the heading.
    expect(firstHeading(readers.noBomHandling(bytesOf(`\uFEFF${file}`)))).toBe('\uFEFFLast name');
  });
});
