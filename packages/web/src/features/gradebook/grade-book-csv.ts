import Papa from 'papaparse';
import type { GradeBookRow, GradeBookSet, GradeCell } from './grade-book-model.ts';

export const GRADE_BOOK_CSV_NAME = 'gradebook_data.csv';

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, or a leading tab or carriage return,
 * OWASP "CSV injection"): it gets a leading single quote. Papa's own default pattern stops at the
 * first line break, so a multi-line '=…' would slip through; this one looks at the first character only.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export interface GradeBookCsvLabels {
  lastName: string;
  firstName: string;
  email: string;
}

/**
 * The grade book as RFC 4180 CSV (CRLF line ends, fields quoted when they hold a comma, quote or line
 * break; quotes doubled): Last name, First name, Email, then one column per document named
 * 'Set title - Document title' (ASCII, as the letters: an English grade book needs no byte-order
 * mark), each cell the grades shown on screen ('; ' between several).
 */
export function gradeBookCsv(
  sets: readonly GradeBookSet[],
  rows: readonly GradeBookRow[],
  labels: GradeBookCsvLabels,
  formatCell: (submissions: readonly GradeCell[]) => string,
): string {
  const columns = sets.flatMap((set) => set.columns);
  const fields = [labels.lastName, labels.firstName, labels.email, ...columns.map((column) => `${column.setTitle} - ${column.title}`)];
  const data = rows.map((row) => [
    row.lastName,
    row.firstName,
    row.email,
    ...columns.map((column) => asciiGrade(formatCell(row.cells.get(column.documentId) ?? []))),
  ]);
  return Papa.unparse({ fields, data }, { newline: '\r\n', escapeFormulae: FORMULA_START, quotes: false });
}

/**
 * Letter grades as an LMS import expects them: the screen's minus sign (U+2212, 'D−') becomes
 * ASCII ('D-'), which Canvas, Moodle and Blackboard match against their grading schemes.
 */
export function asciiGrade(cell: string): string {
  return cell.replaceAll('\u2212', '-');
}

/**
 * The file's text as written: a UTF-8 byte-order mark first only when the text is not plain
 * ASCII. Excel reads a CSV without one in the machine's legacy code page (names with accents or
 * CJK come out garbled); LibreOffice and LMS importers read UTF-8 either way, and a file that is
 * all ASCII stays free of the mark that readers without BOM handling would put into the first
 * heading.
 */
export function csvFileText(csv: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range is the point
  return /[^\u0000-\u007f]/.test(csv) ? `\uFEFF${csv}` : csv;
}
