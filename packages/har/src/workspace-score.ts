import type { ExerciseItem } from './format.ts';
import { HarError } from './har-error.ts';
import { buildXmlTree, children, parseXmlTree, partsOf, textOf, type XmlNode } from './musicxml-tree.ts';
import { firstLogLine, loadToolkit } from './render-score.ts';

/**
 * The score as the exercise workspace shows it: Verovio's SVG of the whole score on
 * one line, each item's chord found in it (its note ids and where it sits across the
 * width), and the notes to play, all read from the same MusicXML. Notes get ids of
 * our own before Verovio sees them (Verovio keeps MusicXML note ids), so the chord of
 * an item is found by time in the MusicXML and by id in the SVG.
 */

export type WorkspaceScoreItem = ExerciseItem & { x: number | null; onset: number; note_ids: string[] };
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
const MAX_NOTES = 8_000;
const STEP_SEMITONES: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };
const near = (a: number, b: number) => Math.abs(a - b) < 1e-6;

type TimedNote = { id: string; onset: number; end: number; pitch: number | null };
type MeasureStart = { number: string | undefined; start: number; beatQuarters: number };

/** Renders the score for the workspace and places the items on it. Throws HarError when Verovio cannot read the score. */
export async function renderWorkspaceScore(musicxml: string, items: ExerciseItem[]): Promise<WorkspaceScore> {
  const tree = parseXmlTree(musicxml);
  const { notes, measures } = readAndLabelNotes(tree);
  if (notes.length > MAX_NOTES) throw new HarError(`The score has more than ${MAX_NOTES} notes.`, 'unreadable_score');
  const labelled = buildXmlTree(tree);

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
  });
  let loaded = false;
  try {
    loaded = toolkit.loadData(labelled);
  } catch {
    loaded = false;
  }
  const svg = loaded && toolkit.getPageCount() > 0 ? toolkit.renderToSVG(1) : '';
  if (!svg.includes('class="measure"')) {
    throw new HarError(`The score could not be read: ${firstLogLine(toolkit.getLog())}.`, 'unreadable_score');
  }
  const geometry = readGeometry(svg);

  const placed = items.map((item): WorkspaceScoreItem => {
    const measure = measures.find((m) => m.number === String(item.measure)) ?? measures[item.measure - 1];
    const onset = measure ? measure.start + (item.beat - 1) * measure.beatQuarters : Number.NaN;
    const pitched = notes.filter((n) => n.pitch !== null);
    let chord = pitched.filter((n) => near(n.onset, onset));
    if (chord.length === 0) chord = pitched.filter((n) => n.onset < onset && n.end > onset);
    const xs = chord.map((n) => geometry.noteX.get(n.id)).filter((x): x is number => x !== undefined);
    const x = xs.length > 0 ? Math.min(1, Math.max(0, (geometry.marginX + Math.min(...xs) + HALF_NOTEHEAD) / geometry.innerWidth)) : null;
    return {
      ...item,
      onset: Number.isFinite(onset) ? roundTo(onset) : 0,
      x: x === null ? null : roundTo(x),
      note_ids: chord.map((n) => n.id),
    };
  });

  return {
    svg: svg.replace(/<desc>[\s\S]*?<\/desc>/, ''),
    width: geometry.width,
    height: geometry.height,
    tempo: readTempo(musicxml),
    notes: notes
      .filter((n): n is TimedNote & { pitch: number } => n.pitch !== null)
      .map((n) => ({ onset: roundTo(n.onset), duration: roundTo(n.end - n.onset), pitch: n.pitch, note_id: n.id })),
    items: placed,
  };
}

/**
 * Walks every part, numbering its notes `n1`, `n2`, … (written into the tree as ids)
 * and timing them in quarter notes from the start. A tied note lengthens the note it
 * continues instead of sounding again. Measure starts come from the first part.
 */
function readAndLabelNotes(tree: XmlNode[]): { notes: TimedNote[]; measures: MeasureStart[] } {
  const notes: TimedNote[] = [];
  let measures: MeasureStart[] = [];
  let counter = 0;
  partsOf(tree).forEach((part, partIndex) => {
    let divisions = 1;
    let beatType = 4;
    let start = 0;
    const starts: MeasureStart[] = [];
    const open = new Map<number, TimedNote>();
    for (const measure of children(part, 'part').filter((node) => 'measure' in node)) {
      let cursor = 0;
      let longest = 0;
      let lastOnset = 0;
      let measureBeatQuarters = 4 / beatType;
      for (const element of children(measure, 'measure')) {
        if ('attributes' in element) {
          const attributes = children(element, 'attributes');
          divisions = positive(textOf(attributes, 'divisions')) ?? divisions;
          const time = attributes.find((node) => 'time' in node);
          if (time) beatType = positive(textOf(children(time, 'time'), 'beat-type')) ?? beatType;
          measureBeatQuarters = 4 / beatType;
        } else if ('backup' in element) {
          cursor = Math.max(0, cursor - (positive(textOf(children(element, 'backup'), 'duration')) ?? 0));
        } else if ('forward' in element) {
          cursor += positive(textOf(children(element, 'forward'), 'duration')) ?? 0;
          longest = Math.max(longest, cursor);
        } else if ('note' in element) {
          const content = children(element, 'note');
          if (content.some((node) => 'grace' in node)) continue;
          const duration = positive(textOf(content, 'duration')) ?? 0;
          const isChord = content.some((node) => 'chord' in node);
          const onsetDivisions = isChord ? lastOnset : cursor;
          if (!isChord) {
            lastOnset = cursor;
            cursor += duration;
            longest = Math.max(longest, cursor);
          }
          if (content.some((node) => 'rest' in node)) continue;
          counter += 1;
          const id = `n${counter}`;
          element[':@'] = { ...(element[':@'] ?? {}), '@_id': id };
          const onset = start + onsetDivisions / divisions;
          const end = onset + duration / divisions;
          const pitch = pitchOf(content);
          const tiedFrom = pitch === null ? undefined : open.get(pitch);
          const continues = content.some((node) => 'tie' in node && node[':@']?.['@_type'] === 'stop');
          if (continues && tiedFrom && near(tiedFrom.end, onset)) {
            tiedFrom.end = end;
            continue;
          }
          const note: TimedNote = { id, onset, end, pitch };
          notes.push(note);
          if (pitch !== null) open.set(pitch, note);
        }
      }
      starts.push({ number: measure[':@']?.['@_number'], start, beatQuarters: measureBeatQuarters });
      start += longest / divisions;
    }
    if (partIndex === 0) measures = starts;
  });
  notes.sort((a, b) => a.onset - b.onset);
  return { notes, measures };
}

function pitchOf(content: XmlNode[]): number | null {
  const pitch = content.find((node) => 'pitch' in node);
  if (!pitch) return null;
  const fields = children(pitch, 'pitch');
  const step = STEP_SEMITONES[textOf(fields, 'step') ?? ''];
  const octave = Number(textOf(fields, 'octave'));
  const alter = Number(textOf(fields, 'alter') ?? 0);
  if (step === undefined || !Number.isFinite(octave)) return null;
  const midi = Math.round(12 * (octave + 1) + step + (Number.isFinite(alter) ? alter : 0));
  return midi >= 0 && midi <= 127 ? midi : null;
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

function positive(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

function roundTo(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
