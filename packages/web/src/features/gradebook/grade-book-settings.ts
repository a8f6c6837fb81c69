import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { GRADE_VIEWS, type GradeView } from '../../lib/format-grade.ts';
import { useUpdateSearchParams } from '../../lib/use-update-search-params.ts';
import type { SetMode } from './grade-book-model.ts';

/** The choices of the grade book, kept in the address so the three views share them and a link keeps them. */
export interface GradeBookSettings {
  view: GradeView;
  /** False: 'Non-practice only'. */
  includePractice: boolean;
  /** Sets shown with all submissions (the others show the highest). */
  allSets: ReadonlySet<number>;
}

/** `?view=percent&practice=exclude&all=3,5` → settings; anything unknown falls back to the defaults. */
export function readGradeBookSettings(params: URLSearchParams): GradeBookSettings {
  const view = params.get('view');
  const allSets = new Set(
    (params.get('all') ?? '')
      .split(',')
      .map(Number)
      .filter((id) => Number.isInteger(id) && id > 0),
  );
  return {
    view: GRADE_VIEWS.find((candidate) => candidate === view) ?? 'score',
    includePractice: params.get('practice') !== 'exclude',
    allSets,
  };
}

/** Writes settings into search parameters, leaving defaults out so plain links stay plain. */
export function writeGradeBookSettings(params: URLSearchParams, settings: GradeBookSettings): URLSearchParams {
  const next = new URLSearchParams(params);
  if (settings.view === 'score') next.delete('view');
  else next.set('view', settings.view);
  if (settings.includePractice) next.delete('practice');
  else next.set('practice', 'exclude');
  const all = [...settings.allSets].sort((a, b) => a - b);
  if (all.length === 0) next.delete('all');
  else next.set('all', all.join(','));
  return next;
}

export function useGradeBookSettings() {
  const [params] = useSearchParams();
  const updateParams = useUpdateSearchParams();
  const settings = useMemo(() => readGradeBookSettings(params), [params]);
  const update = useCallback(
    (change: (current: GradeBookSettings) => Partial<GradeBookSettings>) =>
      updateParams((current) => {
        const now = readGradeBookSettings(current);
        return writeGradeBookSettings(current, { ...now, ...change(now) });
      }),
    [updateParams],
  );
  const setMode = useCallback(
    (setId: number, mode: SetMode) =>
      update(({ allSets }) => {
        const next = new Set(allSets);
        if (mode === 'all') next.add(setId);
        else next.delete(setId);
        return { allSets: next };
      }),
    [update],
  );
  return { settings, params, update, setMode };
}
