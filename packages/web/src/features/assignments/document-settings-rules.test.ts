import { isValidTimedDuration } from '@app/contract/assignments';
import { describe, expect, it } from 'vitest';
import { testDocument } from '../../testing/factories.ts';
import { splitTimedSeconds, TIMED_HOUR_CHOICES, timedSecondsFor, visibleDocumentSettings } from './document-settings-rules.ts';

describe('visibleDocumentSettings (spec §4)', () => {
  it('shows nothing but Gradable for a document that is not gradable', () => {
    expect(visibleDocumentSettings(testDocument({ gradable: false, practice: true, timed: true }))).toEqual({
      practice: false,
      incrementalGrading: false,
      multipleSubmissions: false,
      delayShowingGrade: false,
      showGradeOnDate: false,
      timed: false,
      timedDuration: false,
    });
  });

  it('shows Incremental Grading in practice mode and hides the non-practice options', () => {
    expect(visibleDocumentSettings(testDocument({ practice: true, delay_showing_grade: true, timed: true }))).toEqual({
      practice: true,
      incrementalGrading: true,
      multipleSubmissions: false,
      delayShowingGrade: false,
      showGradeOnDate: false,
      timed: false,
      timedDuration: false,
    });
  });

  it('shows multiple submissions, delayed grade and time limit outside practice mode, with the date and duration once on', () => {
    expect(visibleDocumentSettings(testDocument())).toMatchObject({
      incrementalGrading: false,
      multipleSubmissions: true,
      delayShowingGrade: true,
      showGradeOnDate: false,
      timed: true,
      timedDuration: false,
    });
    expect(visibleDocumentSettings(testDocument({ delay_showing_grade: true, timed: true }))).toMatchObject({
      showGradeOnDate: true,
      timedDuration: true,
    });
  });
});

describe('timed durations (spec §5)', () => {
  it('shows an empty limit as the default 30 minutes', () => {
    expect(splitTimedSeconds(null)).toEqual({ hours: 0, minutes: 30 });
    expect(splitTimedSeconds(5400)).toEqual({ hours: 1, minutes: 30 });
    expect(splitTimedSeconds(8 * 3600)).toEqual({ hours: 8, minutes: 0 });
  });

  it('keeps the minutes an hour allows and moves the others to the nearest choice, never to zero', () => {
    expect(timedSecondsFor(2, 30)).toBe(2 * 3600 + 30 * 60);
    expect(timedSecondsFor(0, 0)).toBe(60);
    expect(timedSecondsFor(1, 7)).toBe(3600 + 5 * 60);
    expect(timedSecondsFor(0, 17)).toBe(15 * 60);
    expect(timedSecondsFor(8, 45)).toBe(8 * 3600);
  });

  it('only ever produces limits the server accepts', () => {
    for (const hours of TIMED_HOUR_CHOICES) {
      for (let minutes = 0; minutes < 60; minutes++) expect(isValidTimedDuration(timedSecondsFor(hours, minutes))).toBe(true);
    }
  });
});
