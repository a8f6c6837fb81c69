import { measureNumbers } from './analysis/score-reading.ts';
import { buildXmlTree, children, parseXmlTree, partsOf, textOf, type XmlNode } from './musicxml-tree.ts';

/**
 * Writes text labels under the notes of a MusicXML score, as lyrics, so that
 * Verovio engraves them in line under the lowest staff. A label goes on the
 * note that starts at its measure and beat on the lowest staff of the last
 * part (the bass in a chorale), or failing that on any staff of that part, or
 * on the note still sounding there. Labels alternate between two lines (verses), so neighbours
 * under short notes never run together ('vii°7/V' then 'V' would read 'vii°7/VV' on one line).
 */

export type ScoreLabel = { measure: number; beat: number; text: string; color: string };

/** Between labels that fall on one note: a middle dot (Latin-1, in every text font Verovio draws with), which no numeral, key or figure uses. */
export const SHARED_NOTE_SEPARATOR = ' · ';

type NoteInfo = { node: XmlNode; onset: number; end: number; staff: number; head: boolean };

/** The score with the labels added, and how many labels found no note. */
export function addScoreLabels(musicxml: string, labels: ScoreLabel[]): { musicxml: string; unplaced: number } {
  const tree = parseXmlTree(musicxml);
  const parts = partsOf(tree);
  const part = parts[parts.length - 1];
  if (!part) return { musicxml, unplaced: labels.length };

  const measures = children(part, 'part').filter((node) => 'measure' in node);
  const firstVerse = highestVerse(measures) + 1;
  const timeline = readTimeline(measures);
  const labelled = new Map<XmlNode, XmlNode>();
  let unplaced = 0;
  let placed = 0;
  // In score order, so that neighbours land on different lines.
  const ordered = labels
    .map((label, index) => ({ label, index }))
    .sort((a, b) => a.label.measure - b.label.measure || a.label.beat - b.label.beat || a.index - b.index)
    .map((entry) => entry.label);
  for (const label of ordered) {
    const measure = timeline.byNumber.get(label.measure) ?? timeline.ordered[label.measure - 1];
    const note = measure ? findNote(measure, label.beat) : undefined;
    if (!note) {
      unplaced++;
      continue;
    }
    const existing = labelled.get(note);
    if (existing) {
      const text = children(existing, 'lyric').find((node) => 'text' in node);
      const current = text ? children(text, 'text')[0] : undefined;
      // Two labels under one note (a held note under a change of chord) read in time order, apart by
      // ' · ': never ' / ', which reads as an applied chord ('V / V7' as V of V7), nor ',' which
      // separates alternatives in an answer key (issue 38).
      if (current) current['#text'] = `${String(current['#text'] ?? '')}${SHARED_NOTE_SEPARATOR}${label.text}`;
      continue;
    }
    const verse = String(firstVerse + (placed % 2));
    placed++;
    const lyric: XmlNode = {
      lyric: [{ syllabic: [{ '#text': 'single' }] }, { text: [{ '#text': label.text }] }],
      ':@': { '@_number': verse, '@_placement': 'below', '@_color': label.color },
    };
    const content = children(note, 'note');
    const before = content.findIndex((node) => 'play' in node || 'listen' in node);
    content.splice(before < 0 ? content.length : before, 0, lyric);
    labelled.set(note, lyric);
  }
  return { musicxml: buildXmlTree(tree), unplaced };
}

type MeasureTimeline = { notes: NoteInfo[]; beatLength: number; lowestStaff: number };

/** Each measure's notes, found by the number items give it (analysis/score-reading measureNumbers) and in order. */
function readTimeline(measures: XmlNode[]): { byNumber: Map<number, MeasureTimeline>; ordered: MeasureTimeline[] } {
  const numbers = measureNumbers(
    measures.map((measure) => measure[':@']?.['@_number']),
    measures[0]?.[':@']?.['@_implicit'] === 'yes',
  );
  let divisions = 1;
  let beatType = 4;
  let staves = 1;
  const byNumber = new Map<number, MeasureTimeline>();
  const ordered: MeasureTimeline[] = [];
  for (const [index, measure] of measures.entries()) {
    const notes: NoteInfo[] = [];
    let cursor = 0;
    let lastOnset = 0;
    for (const element of children(measure, 'measure')) {
      if ('attributes' in element) {
        const attributes = children(element, 'attributes');
        divisions = positiveNumber(textOf(attributes, 'divisions')) ?? divisions;
        staves = positiveNumber(textOf(attributes, 'staves')) ?? staves;
        const time = attributes.find((node) => 'time' in node);
        if (time) beatType = positiveNumber(textOf(children(time, 'time'), 'beat-type')) ?? beatType;
      } else if ('backup' in element) {
        cursor = Math.max(0, cursor - (positiveNumber(textOf(children(element, 'backup'), 'duration')) ?? 0));
      } else if ('forward' in element) {
        cursor += positiveNumber(textOf(children(element, 'forward'), 'duration')) ?? 0;
      } else if ('note' in element) {
        const content = children(element, 'note');
        const has = (name: string) => content.some((node) => name in node);
        const duration = positiveNumber(textOf(content, 'duration')) ?? 0;
        if (has('grace')) continue;
        const chord = has('chord');
        const onset = chord ? lastOnset : cursor;
        if (!chord) {
          lastOnset = cursor;
          cursor += duration;
        }
        if (has('rest')) continue;
        const staff = positiveNumber(textOf(content, 'staff')) ?? 1;
        notes.push({ node: element, onset, end: onset + duration, staff, head: !chord });
      }
    }
    const timeline = { notes, beatLength: (divisions * 4) / beatType, lowestStaff: staves };
    const number = numbers[index];
    if (number !== undefined && !byNumber.has(number)) byNumber.set(number, timeline);
    ordered.push(timeline);
  }
  return { byNumber, ordered };
}

function findNote(measure: MeasureTimeline, beat: number): XmlNode | undefined {
  const offset = (beat - 1) * measure.beatLength;
  const near = (a: number, b: number) => Math.abs(a - b) < 1e-6;
  const heads = measure.notes.filter((note) => note.head);
  // Last in document order: the lower voice of a staff is usually written after the upper.
  const lastOf = (list: NoteInfo[]) => list[list.length - 1]?.node;
  const starting = heads.filter((note) => near(note.onset, offset));
  for (let staff = measure.lowestStaff; staff >= 1; staff--) {
    const found = lastOf(starting.filter((note) => note.staff === staff));
    if (found) return found;
  }
  const sounding = heads.filter((note) => note.onset < offset && note.end > offset);
  return lastOf(sounding.filter((note) => note.staff === measure.lowestStaff)) ?? lastOf(sounding);
}

function highestVerse(measures: XmlNode[]): number {
  let highest = 0;
  for (const measure of measures) {
    for (const element of children(measure, 'measure')) {
      if (!('note' in element)) continue;
      for (const node of children(element, 'note')) {
        if ('lyric' in node) highest = Math.max(highest, positiveNumber(node[':@']?.['@_number']) ?? 1);
      }
    }
  }
  return highest;
}

function positiveNumber(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}
