import { har } from '@app/contract/har-messages';
import { readScoreTree, type ScoreReading, shownPosition } from './analysis/score-reading.ts';
import type { ExerciseItem } from './format.ts';
import { HarError } from './har-error.ts';
import { buildXmlTree, parseXmlTree } from './musicxml-tree.ts';
import { firstLogLine, loadToolkit } from './render-score.ts';

/**
 * The score as the exercise workspace shows it: Verovio's SVG of the whole score on
 * one line, each item's chord found in it (its note ids and where it sits across the
 * width), and the notes to play at concert pitch, all read from the same MusicXML by
 * the analyst's reader (analysis/score-reading.ts). Notes get ids of our own before
 * Verovio sees them (Verovio keeps MusicXML note ids), so the chord of an item is found
 * by time in the MusicXML and by id in the SVG.
 */

/** An item placed on the drawing, with the measure and beat a person reads there (the score's `7a`, a pickup's own beat). */
export type WorkspaceScoreItem = ExerciseItem & {
  x: number | null;
  onset: number;
  note_ids: string[];
  measure_label: string;
  beat_label: number;
};
export type PlaybackNote = { onset: number; duration: number; pitch: number; note_id: string };
export type WorkspaceScore = {
  svg: string;
  width: number;
  height: number;
  tempo: number;
  notes: PlaybackNote[];
  items: WorkspaceScoreItem[];
};

const DEFAULT_TEMPO = 72;
/** Half a notehead in Verovio's units: the x of a chord is its notehead's centre. */
const HALF_NOTEHEAD = 105;
const near = (a: number, b: number) => Math.abs(a - b) < 1e-6;

/** Renders the score for the workspace and places the items on it. Throws HarError when Verovio cannot read the score. */
export async function renderWorkspaceScore(musicxml: string, items: ExerciseItem[]): Promise<WorkspaceScore> {
  const tree = parseXmlTree(musicxml);
  const reading = readScoreTree(tree, { labelNotes: true });
  return layoutWorkspaceScore({ musicxml, labelled: buildXmlTree(tree), reading }, items);
}

/**
 * The same for a score already read with its notes labelled: `reading` is readScoreTree's with
 * `labelNotes`, `labelled` its tree written out (Create Exercise's draft reads its score once).
 */
export async function layoutWorkspaceScore(
  score: { musicxml: string; labelled: string; reading: ScoreReading },
  items: ExerciseItem[],
): Promise<WorkspaceScore> {
  const { musicxml, labelled, reading } = score;
  const notes = reading.notes.filter((n): n is typeof n & { id: string } => n.id !== undefined);
  const { measures } = reading;

  const toolkit = await loadToolkit();
  toolkit.resetOptions();
  toolkit.setOptions({
    breaks: 'none',
    scale: 40,
    header: 'none',
    footer: 'none',
    adjustPageHeight: true,
    adjustPageWidth: true,
    svgViewBox: true,
    // Room under each chord for its answer field.
    spacingLinear: 0.3,
    spacingNonLinear: 0.55,
    // Each measure carries its number as the score has it (data-n="7a"): the browser cuts the line
    // into systems at measures and shows the number that starts each system.
    // (Verovio's options type knows only scalars; this option is a list.)
    svgAdditionalAttribute: ['measure@n'] as unknown as string,
  });
  let loaded = false;
  try {
    loaded = toolkit.loadData(labelled);
  } catch {
    loaded = false;
  }
  const svg = loaded && toolkit.getPageCount() > 0 ? toolkit.renderToSVG(1) : '';
  if (!svg.includes('class="measure"')) {
    throw new HarError(har('scoreUnreadable', { reason: firstLogLine(toolkit.getLog()) }), 'unreadable_score');
  }
  const geometry = readGeometry(svg);

  const placed = items.map((item): WorkspaceScoreItem => {
    const measure = measures.find((m) => m.number === item.measure) ?? measures[item.measure - 1];
    const onset = measure ? measure.start + (item.beat - 1) * measure.beatQuarters : Number.NaN;
    let chord = notes.filter((n) => near(n.onset, onset));
    if (chord.length === 0) chord = notes.filter((n) => n.onset < onset && n.end > onset);
    const xs = chord.map((n) => geometry.noteX.get(n.id)).filter((x): x is number => x !== undefined);
    const x = xs.length > 0 ? Math.min(1, Math.max(0, (geometry.marginX + Math.min(...xs) + HALF_NOTEHEAD) / geometry.innerWidth)) : null;
    return {
      ...item,
      onset: Number.isFinite(onset) ? roundTo(onset) : 0,
      x: x === null ? null : roundTo(x),
      note_ids: chord.map((n) => n.id),
      ...shownPosition(measures, item.measure, item.beat),
    };
  });

  return {
    // Without Verovio's indentation (a third of the longest chorale's drawing), which the browser
    // would otherwise parse and clone as text nodes when it cuts the systems.
    svg: svg.replace(/<desc>[\s\S]*?<\/desc>/, '').replace(/>\s+</g, '><'),
    width: geometry.width,
    height: geometry.height,
    tempo: readTempo(musicxml),
    notes: notes.map((n) => ({ onset: roundTo(n.onset), duration: roundTo(n.end - n.onset), pitch: n.midi, note_id: n.id })),
    items: placed,
  };
}

/** The SVG's size, its inner coordinate width and page margin, and each note's notehead x. */
function readGeometry(svg: string) {
  const outer = /<svg[^>]*viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg);
  const inner = /class="definition-scale"[^>]*viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg);
  const margin = /class="page-margin"[^>]*transform="translate\(([-\d.]+),\s*([-\d.]+)\)"/.exec(svg);
  const noteX = new Map<string, number>();
  const pattern = /<g id="([^"]+)" class="note"[^>]*>\s*<g[^>]*class="notehead"[^>]*>\s*<use[^>]*?transform="translate\(([-\d.]+)/g;
  for (const match of svg.matchAll(pattern)) noteX.set(match[1] as string, Number(match[2]));
  return {
    width: Number(outer?.[1] ?? 0),
    height: Number(outer?.[2] ?? 0),
    innerWidth: Number(inner?.[1] ?? 1) || 1,
    marginX: Number(margin?.[1] ?? 0),
    noteX,
  };
}

function readTempo(musicxml: string): number {
  const sound = /<sound\b[^>]*\btempo="([\d.]+)"/.exec(musicxml);
  const tempo = Number(sound?.[1] ?? /<per-minute>\s*([\d.]+)\s*<\/per-minute>/.exec(musicxml)?.[1]);
  return Number.isFinite(tempo) && tempo >= 20 && tempo <= 300 ? Math.round(tempo) : DEFAULT_TEMPO;
}

function roundTo(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
