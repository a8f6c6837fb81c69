import type { Voice } from '@app/contract/part-writing/rules';
import { XMLParser } from 'fast-xml-parser';
import { importMusicXml } from '../musicxml-import.ts';

/**
 * The four sung voices of a chorale score as note-against-note verticalities: at every moment a
 * voice starts a note, what each voice sounds (a held note counts as sounding). A rest in any voice
 * or a fermata (the end of a phrase) ends a stretch. For measuring the part-writing checker on real music (the Bach chorales of the
 * shared corpus, read at run time); repeats are read once, grace notes skipped.
 */

export type Verticality = { measure: string; beat: number } & Record<Voice, string>;

const VOICE_OF: Record<string, Voice> = { soprano: 'S', alto: 'A', tenor: 'T', bass: 'B' };

type Event = { start: number; end: number; pitch?: string; measure: string; beatInMeasure: number; fermata: boolean };

/** A note (or rest, without pitch) of a sung line, in beats from the start; `ties` as the note's `<tie type>`s. */
export type SungNote = {
  start: number;
  end: number;
  pitch?: string;
  ties: string[];
  fermata: boolean;
  /** The measure's number as written, and where it starts. */
  measure: string;
  measureStart: number;
};
export type ChoralePart = { voice: Voice; notes: SungNote[]; measures: { start: number; length: number; meter: string }[] };

/**
 * The parts of a chorale score named soprano, alto, tenor and bass (the first part of each name), in
 * score order, each its singer's line (the part's first voice; grace notes and chord notes left
 * out) and its measures with their meters: the one reading of a chorale's voices that
 * `choraleStretches` and checker-bach.ts's `choraleVoices` both start from.
 */
export function choraleParts(mxl: Uint8Array): ChoralePart[] {
  const { musicxml } = importMusicXml(mxl);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    isArray: (name) => ['score-part', 'part', 'measure', 'note', 'tie'].includes(name),
  });
  const root = parser.parse(musicxml)['score-partwise'];
  const names = new Map<string, Voice>();
  for (const part of root['part-list']['score-part'] as { id: string; 'part-name'?: unknown }[]) {
    const name = String(
      typeof part['part-name'] === 'object' ? (part['part-name'] as { '#text'?: string })['#text'] : (part['part-name'] ?? ''),
    ).toLowerCase();
    const voice = VOICE_OF[name.trim()];
    if (voice && ![...names.values()].includes(voice)) names.set(part.id, voice);
  }
  const parts: ChoralePart[] = [];
  for (const part of root.part as { id: string; measure: Record<string, unknown>[] }[]) {
    const voice = names.get(part.id);
    if (!voice) continue;
    const notes: SungNote[] = [];
    const measures: ChoralePart['measures'] = [];
    let divisions = 1;
    let time = 0;
    let meter = '4/4';
    let firstVoice: string | undefined;
    for (const measure of part.measure) {
      const start = time;
      const attributes = measure.attributes as Record<string, unknown> | Record<string, unknown>[] | undefined;
      for (const a of [attributes ?? []].flat() as Record<string, unknown>[]) {
        if (a.divisions) divisions = Number(a.divisions);
        const time = a.time as { beats?: number; 'beat-type'?: number } | undefined;
        if (time?.beats) meter = `${time.beats}/${time['beat-type']}`;
      }
      for (const note of (measure.note ?? []) as Record<string, unknown>[]) {
        if ('grace' in note || 'chord' in note) continue;
        // A second voice written in the part (after a <backup>) is left out: the first is the singer's line.
        const noteVoice = String(note.voice ?? '1');
        firstVoice ??= noteVoice;
        if (noteVoice !== firstVoice) continue;
        const length = Number(note.duration ?? 0) / divisions;
        const pitch = note.pitch as { step: string; alter?: number; octave: number } | undefined;
        notes.push({
          start: time,
          end: time + length,
          pitch: pitch ? `${pitch.step}${accidental(Number(pitch.alter ?? 0))}${pitch.octave}` : undefined,
          ties: ((note.tie ?? []) as { type: string }[]).map((t) => t.type),
          fermata: JSON.stringify(note.notations ?? '').includes('fermata'),
          measure: String(measure.number),
          measureStart: start,
        });
        time += length;
      }
      measures.push({ start, length: time - start, meter });
    }
    parts.push({ voice, notes, measures });
  }
  return parts;
}

export function choraleStretches(mxl: Uint8Array): Verticality[][] {
  const lines = new Map<Voice, Event[]>();
  for (const part of choraleParts(mxl)) {
    const events: Event[] = [];
    for (const note of part.notes) {
      const previous = events[events.length - 1];
      if (note.ties.includes('stop') && previous && previous.pitch === note.pitch && previous.end === note.start) previous.end = note.end;
      else
        events.push({
          start: note.start,
          end: note.end,
          pitch: note.pitch,
          measure: note.measure,
          beatInMeasure: note.start - note.measureStart + 1,
          fermata: note.fermata,
        });
    }
    lines.set(part.voice, events);
  }
  if (lines.size !== 4) return [];
  const onsets = [...new Set([...lines.values()].flatMap((events) => events.map((e) => e.start)))].sort((a, b) => a - b);
  const stretches: Verticality[][] = [[]];
  for (const t of onsets) {
    const row: Partial<Verticality> = {};
    let rest = false;
    let fermata = false;
    for (const [voice, events] of lines) {
      const sounding = events.find((e) => e.start <= t && t < e.end);
      if (!sounding?.pitch) rest = true;
      else row[voice] = sounding.pitch;
      if (sounding?.fermata) fermata = true;
      if (voice === 'S' && sounding) {
        row.measure = sounding.measure;
        row.beat = sounding.beatInMeasure + (t - sounding.start);
      }
    }
    const current = stretches[stretches.length - 1] as Verticality[];
    if (rest) {
      if (current.length > 0) stretches.push([]);
      continue;
    }
    current.push(row as Verticality);
    // A fermata ends a phrase: the next chord begins a new stretch (no voice leading across it).
    if (fermata) stretches.push([]);
  }
  return stretches.filter((s) => s.length > 1);
}

function accidental(alter: number): string {
  return alter > 0 ? '#'.repeat(alter) : 'b'.repeat(-alter);
}
