import { parseKey } from '@app/contract/keyed-label';

/**
 * Bach's own voices handed in as a student's (issue 35), through the API as people use it: the
 * instructor makes a part-writing exercise of a chorale with the chorale chooser
 * (POST /api/exercise-drafts/part-writing?given=…, then POST /api/part-writing/exercises into a
 * set, answers shown at once), and the student opens it in the workspace, saves the draft and hands
 * in the voices Bach wrote (the draft's model solution: the score's voices that are not given).
 * What the student's workspace then shows (the percent and the findings) is the outcome. Shared by
 * `npm run bench -- part-writing-bach` (every chorale of the shared corpus, a running server) and
 * the floor test (bach-floor.test.ts: a fixed sample, in-process requests), so both measure one path.
 */

export type Reply = { status: number; body: unknown };
/** One signed-in user's requests: JSON in and out, or one file as multipart (field `file`). */
export type Caller = {
  get(url: string): Promise<Reply>;
  post(url: string, body: unknown): Promise<Reply>;
  put(url: string, body: unknown): Promise<Reply>;
  upload(url: string, file: { name: string; bytes: Uint8Array }): Promise<Reply>;
};

export type Voice = 'S' | 'A' | 'T' | 'B';
export const BACH_CHOICES = [
  { id: 'B', name: 'bass given', given: ['B'] as Voice[] },
  { id: 'S', name: 'soprano given', given: ['S'] as Voice[] },
  { id: 'S,B', name: 'soprano and bass given', given: ['S', 'B'] as Voice[] },
] as const;
export type BachChoice = (typeof BACH_CHOICES)[number];

export type Finding = { rule: string; chords: number[]; voices: Voice[]; message: string; cost?: number };

export type ChoiceOutcome =
  | {
      accepted: true;
      chords: number;
      /** The exercise's key as the chooser read it (a key token, 'g', 'Bb', or 'G minor'). */
      key: string;
      points: number | null;
      maxPoints: number | null;
      percent: number;
      findings: Finding[];
      /** Points lost that no finding explains: chords the grade counts as not written (the workspace lists no finding for them). */
      unexplained: number;
      /** Findings whose voices are all given voices (none should be shown to the student). */
      givenOnly: Finding[];
    }
  /** Refused by the API at a stage, or (`no-model`) made but without Bach's notes of every voice to write to hand in. */
  | { accepted: false; stage: 'draft' | 'no-model' | 'save' | 'hand-in' | 'result'; message: string };

type Draft = {
  key: string;
  given: Voice[];
  write: Voice[];
  chords: unknown[];
  model?: { chords: Partial<Record<Voice, string>>[] };
  voices?: unknown;
  choose?: unknown;
};

const data = <T>(reply: Reply) => (reply.body as { data: T }).data;
/** The first error's sentence of a refusal (a field's first message), as the form would show it. */
export function refusal(reply: Reply): string {
  const errors = (reply.body as { errors?: { message?: string; messages?: string[]; field?: string }[] } | undefined)?.errors;
  const first = errors?.[0];
  const message = first?.message ?? first?.messages?.[0];
  if (!message) return `HTTP ${reply.status}`;
  return first?.field ? `${message} (${first.field})` : message;
}

/** A key as a comparable token ('g', 'Bb'): a token stays, 'G minor' / 'bb minor' becomes one. */
export function keyToken(key: string): string | undefined {
  const named = /^\s*([A-Ga-g])\s*([#b♯♭]?)\s+(major|minor)\s*$/i.exec(key);
  const text = named ? `${(named[1] ?? '')[named[3]?.toLowerCase() === 'major' ? 'toUpperCase' : 'toLowerCase']()}${named[2]}` : key;
  const parsed = parseKey(text);
  if (!parsed) return undefined;
  const mark = parsed.accidental === 1 ? '#' : parsed.accidental === -1 ? 'b' : '';
  return `${parsed.mode === 'major' ? parsed.letter : parsed.letter.toLowerCase()}${mark}`;
}

/** The analysis path's keys for a file (Create Exercise's POST /api/exercise-drafts): the piece's and the opening one. */
export async function analysisKeys(
  teacher: Caller,
  courseId: number,
  file: { name: string; bytes: Uint8Array },
): Promise<{ key: string; opening: string } | { refused: string }> {
  const reply = await teacher.upload(`/api/exercise-drafts?course_id=${courseId}`, file);
  if (reply.status !== 201) return { refused: refusal(reply) };
  const draft = data<{ key: { token: string }; opening_key: { token: string } }>(reply);
  return { key: draft.key.token, opening: draft.opening_key.token };
}

/** The chooser's first answer for a whole score: its voices to choose the given ones from (or its refusal). */
export async function scoreVoices(
  teacher: Caller,
  courseId: number,
  file: { name: string; bytes: Uint8Array },
): Promise<{ voices: number } | { refused: string }> {
  const reply = await teacher.upload(`/api/exercise-drafts/part-writing?course_id=${courseId}`, file);
  if (reply.status !== 201) return { refused: refusal(reply) };
  const answer = data<{ choose?: unknown[] }>(reply);
  return { voices: answer.choose?.length ?? 0 };
}

/**
 * One chorale, one voice choice: made into an exercise in `setId` by `teacher`, Bach's voices
 * handed in by `student`; the outcome as the student's workspace shows it.
 */
export async function handInBach(
  teacher: Caller,
  student: Caller,
  ids: { courseId: number; setId: number },
  file: { name: string; bytes: Uint8Array },
  choice: BachChoice,
): Promise<ChoiceOutcome> {
  const drafted = await teacher.upload(
    `/api/exercise-drafts/part-writing?course_id=${ids.courseId}&given=${encodeURIComponent(choice.id)}`,
    file,
  );
  if (drafted.status !== 201) return { accepted: false, stage: 'draft', message: refusal(drafted) };
  const draft = data<Draft>(drafted);
  if (draft.choose !== undefined) return { accepted: false, stage: 'draft', message: 'the chooser asked for the voices again' };
  const model = draft.model?.chords;
  if (!model || model.length !== draft.chords.length)
    return { accepted: false, stage: 'no-model', message: 'the draft has no model solution (Bach’s voices) for every chord' };

  // The instructor saves what the chooser answered, as the form sends it (the list of voices to choose from stays behind).
  const { voices: _voices, ...exercise } = draft;
  const saved = await teacher.post('/api/part-writing/exercises', {
    ...exercise,
    title: `${file.name} (${choice.name})`,
    assignment_set_id: ids.setId,
  });
  if (saved.status !== 201) return { accepted: false, stage: 'save', message: refusal(saved) };
  const documentId = data<{ id: number }>(saved).id;
  const shown = await teacher.put(`/api/documents/${documentId}`, { show_answers: 'IMMEDIATELY' });
  if (shown.status !== 200) throw new Error(`PUT /api/documents/${documentId}: ${shown.status} ${refusal(shown)}`);

  // The student: the workspace, a saved draft, the hand-in of Bach's notes (`-` where the model has none).
  const opened = await student.get(`/api/documents/${documentId}/workspace`);
  if (opened.status !== 200) throw new Error(`GET workspace: ${opened.status} ${refusal(opened)}`);
  const workspace = data<{ part_writing: { chords: { id: string }[]; write: Voice[]; given: Voice[] } }>(opened).part_writing;
  const answers = workspace.chords.map((chord, index) => ({
    id: chord.id,
    answer: workspace.write.map((voice) => model[index]?.[voice] || '-').join(' '),
  }));
  const drafting = await student.put(`/api/documents/${documentId}/draft`, { answers });
  if (drafting.status !== 200) return { accepted: false, stage: 'hand-in', message: refusal(drafting) };
  const handedIn = await student.post(`/api/documents/${documentId}/submissions`, { answers });
  if (handedIn.status !== 201) return { accepted: false, stage: 'hand-in', message: refusal(handedIn) };

  const after = await student.get(`/api/documents/${documentId}/workspace`);
  const submission = data<{
    submissions?: { points: number | null; max_points: number | null; percent: number | null; findings?: Finding[] }[];
  }>(after).submissions?.[0];
  if (!submission || submission.percent === null)
    return { accepted: false, stage: 'result', message: 'the workspace shows no grade for the hand-in' };
  const findings = submission.findings ?? [];
  const given = new Set(workspace.given);
  const costs = findings.reduce((sum, f) => sum + (f.cost ?? 0), 0);
  const unexplained =
    submission.points === null || submission.max_points === null ? 0 : Math.max(0, submission.max_points - submission.points - costs);
  return {
    accepted: true,
    chords: workspace.chords.length,
    key: draft.key,
    points: submission.points,
    maxPoints: submission.max_points,
    percent: submission.percent,
    findings,
    unexplained: Math.round(unexplained * 100) / 100,
    givenOnly: findings.filter((f) => f.voices.length > 0 && f.voices.every((v) => given.has(v))),
  };
}

/** The middle value (the mean of the two middle ones), NaN of none. */
export function medianOf(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export type ChoiceFigures = {
  choice: BachChoice;
  tried: number;
  /** Made into an exercise and saved (the API accepted it), Bach's voices handed in or not. */
  accepted: number;
  /** Bach's voices handed in and graded. */
  measured: number;
  refusals: Map<string, number>;
  percents: number[];
  chords: number;
  byRule: Map<string, number>;
  /** Points the findings of each rule cost, over the chorales. */
  costByRule: Map<string, number>;
  givenOnly: number;
  /** Chorales without a finding. */
  clean: number;
  /** Points lost that no finding explains (chords counted as not written), and in how many chorales. */
  unexplained: number;
  unexplainedIn: number;
};

/** A refusal as one line of the figures: the numbers of measures, chords and answers read as #, so one sentence counts once. */
export function refusalLine(outcome: Extract<ChoiceOutcome, { accepted: false }>): string {
  const message = outcome.message
    .replace(/\b(measures?|chords?)(\s+)\d+[a-z]?([–-]\d+[a-z]?)?/gi, '$1$2#')
    .replace(/\.\d+(\.|\))/g, '.#$1');
  return `${outcome.stage}: ${message}`;
}

/** The figures of one voice choice over the chorales tried. */
export function choiceFigures(choice: BachChoice, outcomes: ChoiceOutcome[]): ChoiceFigures {
  const figures: ChoiceFigures = {
    choice,
    tried: outcomes.length,
    accepted: 0,
    measured: 0,
    refusals: new Map(),
    percents: [],
    chords: 0,
    byRule: new Map(),
    costByRule: new Map(),
    givenOnly: 0,
    clean: 0,
    unexplained: 0,
    unexplainedIn: 0,
  };
  for (const outcome of outcomes) {
    if (!outcome.accepted) {
      if (outcome.stage === 'no-model') figures.accepted += 1;
      const why = refusalLine(outcome);
      figures.refusals.set(why, (figures.refusals.get(why) ?? 0) + 1);
      continue;
    }
    figures.accepted += 1;
    figures.measured += 1;
    figures.percents.push(outcome.percent);
    figures.chords += outcome.chords;
    figures.givenOnly += outcome.givenOnly.length;
    figures.unexplained += outcome.unexplained;
    if (outcome.unexplained > 0) figures.unexplainedIn += 1;
    if (outcome.findings.length === 0) figures.clean += 1;
    for (const finding of outcome.findings) {
      figures.byRule.set(finding.rule, (figures.byRule.get(finding.rule) ?? 0) + 1);
      figures.costByRule.set(finding.rule, (figures.costByRule.get(finding.rule) ?? 0) + (finding.cost ?? 0));
    }
  }
  return figures;
}
