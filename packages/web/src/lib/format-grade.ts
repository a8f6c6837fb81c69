import type { Submission } from '@app/contract/submissions';
import type { LanguageCode } from '@app/contract/users';

/** How the grade book shows a grade (spec §2 'view by'): points as 'points / max', a percent, or the letter. */
export type GradeView = 'score' | 'percent' | 'grade';
export const GRADE_VIEWS: readonly GradeView[] = ['score', 'percent', 'grade'];

export type GradeValues = Pick<Submission, 'points' | 'max_points' | 'percent' | 'grade' | 'grade_hidden'>;

const numberFormats = new Map<string, Intl.NumberFormat>();

/** Cached: the grade book formats up to a few hundred thousand numbers. */
function numberFormat(language: LanguageCode, style: 'decimal' | 'percent'): Intl.NumberFormat {
  const key = `${language}:${style}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, { style, maximumFractionDigits: style === 'percent' ? 1 : 2 });
    numberFormats.set(key, format);
  }
  return format;
}

/** '7 / 8' (points of the maximum); null while the grade is withheld. */
export function formatScore(values: GradeValues, language: LanguageCode): string | null {
  if (values.grade_hidden || values.points === null || values.max_points === null) return null;
  const number = numberFormat(language, 'decimal');
  return `${number.format(values.points)} / ${number.format(values.max_points)}`;
}

/** '87.5%' in the UI language's style; null while the grade is withheld. */
export function formatPercent(values: GradeValues, language: LanguageCode): string | null {
  if (values.grade_hidden || values.percent === null) return null;
  return numberFormat(language, 'percent').format(values.percent / 100);
}

/** The letter grade of DESIGN §7.9; null while the grade is withheld. */
export function formatLetter(values: GradeValues): string | null {
  if (values.grade_hidden) return null;
  return values.grade;
}

/** One grade as the chosen view shows it; null while the grade is withheld from a student. */
export function formatGradeAs(view: GradeView, values: GradeValues, language: LanguageCode): string | null {
  switch (view) {
    case 'score':
      return formatScore(values, language);
    case 'percent':
      return formatPercent(values, language);
    case 'grade':
      return formatLetter(values);
  }
}

/** Grade-book order within one student's document (spec §9): most points first, then the latest. */
export function byPointsDescending(
  a: Pick<Submission, 'points' | 'submit_time' | 'id'>,
  b: Pick<Submission, 'points' | 'submit_time' | 'id'>,
): number {
  return (b.points ?? -1) - (a.points ?? -1) || b.submit_time - a.submit_time || b.id - a.id;
}
