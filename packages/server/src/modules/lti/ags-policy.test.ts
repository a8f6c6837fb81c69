import { describe, expect, it } from 'vitest';
import { documentScore, nothingHandedIn, releaseDelay, scoresUrl, setScore, withheldScore } from './ags-policy.ts';

const doc = (
  id: number,
  rules: Partial<{ gradable: number; practice: number; delay_showing_grade: number; show_grade_on_date: number | null }> = {},
) => ({
  id,
  gradable: 1,
  practice: 0,
  delay_showing_grade: 0,
  show_grade_on_date: null,
  ...rules,
});
const NOW = 1_000_000;

describe('AGS score rules', () => {
  it('sends a grade when it may be shown, at its date when delayed, never while delayed without a date', () => {
    expect(releaseDelay(doc(1), NOW)).toBe(0);
    expect(releaseDelay(doc(1, { delay_showing_grade: 1, show_grade_on_date: NOW + 60 }), NOW)).toBe(60);
    expect(releaseDelay(doc(1, { delay_showing_grade: 1, show_grade_on_date: NOW }), NOW)).toBe(0);
    expect(releaseDelay(doc(1, { delay_showing_grade: 1, show_grade_on_date: null }), NOW)).toBeUndefined();
  });

  it('scores a set as the mean percentage of its graded formal exercises, missing and withheld ones counting 0', () => {
    const docs = [doc(1), doc(2), doc(3, { practice: 1 }), doc(4, { gradable: 0 })];
    expect(setScore(docs, [{ document_id: 1, percent: 80 }], NOW)).toEqual({
      scoreGiven: 40,
      scoreMaximum: 100,
      activityProgress: 'InProgress',
      gradingProgress: 'FullyGraded',
    });
    const both = [
      { document_id: 1, percent: 80 },
      { document_id: 2, percent: 65.555 },
    ];
    expect(setScore(docs, both, NOW)).toMatchObject({ scoreGiven: 72.78, activityProgress: 'Completed', gradingProgress: 'FullyGraded' });
    // A withheld grade adds nothing and makes the grading pending.
    const delayed = [doc(1), doc(2, { delay_showing_grade: 1, show_grade_on_date: NOW + 1 })];
    expect(setScore(delayed, both, NOW)).toMatchObject({ scoreGiven: 40, activityProgress: 'Completed', gradingProgress: 'Pending' });
    expect(setScore(delayed, both, NOW + 1)).toMatchObject({ scoreGiven: 72.78, gradingProgress: 'FullyGraded' });
  });

  it('posts nothing while no released grade is in the set', () => {
    const delayed = [doc(1, { delay_showing_grade: 1, show_grade_on_date: NOW + 1 })];
    expect(setScore(delayed, [{ document_id: 1, percent: 90 }], NOW)).toBeUndefined();
    expect(setScore([doc(1)], [], NOW)).toBeUndefined();
    expect(setScore([doc(1, { practice: 1 })], [{ document_id: 1, percent: 90 }], NOW)).toBeUndefined();
  });

  it('clears the score only when nothing counted is handed in', () => {
    const docs = [doc(1), doc(2, { practice: 1 })];
    expect(nothingHandedIn(docs, [])).toBe(true);
    expect(nothingHandedIn(docs, [{ document_id: 2 }])).toBe(true);
    expect(nothingHandedIn(docs, [{ document_id: 1 }])).toBe(false);
  });

  it('scores one exercise by its best formal percentage once released', () => {
    expect(documentScore(doc(1), [{ document_id: 1, percent: 90 }], NOW)).toMatchObject({ scoreGiven: 90, activityProgress: 'Completed' });
    expect(documentScore(doc(1), [], NOW)).toBeUndefined();
    expect(
      documentScore(doc(1, { delay_showing_grade: 1, show_grade_on_date: NOW + 5 }), [{ document_id: 1, percent: 90 }], NOW),
    ).toBeUndefined();
  });

  it('takes back a grade only where everything handed in is withheld: no scoreGiven, Pending', () => {
    const later = { delay_showing_grade: 1, show_grade_on_date: NOW + 60 };
    const docs = [doc(1, later), doc(2, later), doc(3)];
    expect(withheldScore(docs, [{ document_id: 1 }, { document_id: 2 }], NOW)).toEqual({
      activityProgress: 'InProgress',
      gradingProgress: 'Pending',
    });
    expect(withheldScore(docs.slice(0, 1), [{ document_id: 1 }], NOW)).toEqual({
      activityProgress: 'Completed',
      gradingProgress: 'Pending',
    });
    // A released grade handed in: setScore has a score to post; nothing handed in: nothing to take back.
    expect(withheldScore(docs, [{ document_id: 1 }, { document_id: 3 }], NOW)).toBeUndefined();
    expect(withheldScore(docs, [], NOW)).toBeUndefined();
    // Released by its date, or practice: not withheld.
    expect(withheldScore([doc(1, later)], [{ document_id: 1 }], NOW + 60)).toBeUndefined();
    expect(withheldScore([doc(1, { ...later, practice: 1 })], [{ document_id: 1 }], NOW)).toBeUndefined();
  });

  it('adds /scores to the line item’s path, keeping its query', () => {
    expect(scoresUrl('https://lms.example.edu/api/lti/courses/1/line_items/7')).toBe(
      'https://lms.example.edu/api/lti/courses/1/line_items/7/scores',
    );
    expect(scoresUrl('https://moodle.example.edu/mod/lti/services.php/2/lineitems/5/lineitem?type_id=3')).toBe(
      'https://moodle.example.edu/mod/lti/services.php/2/lineitems/5/lineitem/scores?type_id=3',
    );
  });
});
