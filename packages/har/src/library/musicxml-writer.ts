import { type Pitch, signatureAlter } from './theory.ts';
import type { Voicing } from './voicing.ts';

/**
 * Writes a four-part chorale as MusicXML 4.0 score-partwise: one part on a
 * grand staff, soprano and alto (stems up, down) on the treble staff, tenor and
 * bass on the bass staff. Accidentals are written where the key signature and
 * the notes before them in the measure do not already give the pitch.
 */

export type ChoraleChord = { voicing: Voicing; beats: number };
export type Chorale = {
  title: string;
  fifths: number;
  mode: 'major' | 'minor';
  beatsPerMeasure: number;
  /** Chords grouped by measure; each measure's beats add up to `beatsPerMeasure`. */
  measures: ChoraleChord[][];
};

const STEP_NAMES = 'CDEFGAB';
const TYPES: Record<number, [string, boolean]> = { 1: ['quarter', false], 2: ['half', false], 3: ['half', true], 4: ['whole', false] };
const ACCIDENTALS: Record<number, string> = { [-2]: 'flat-flat', [-1]: 'flat', 0: 'natural', 1: 'sharp', 2: 'double-sharp' };

type VoiceName = keyof Voicing;
const VOICES: { name: VoiceName; voice: number; staff: 1 | 2; stem: 'up' | 'down' }[] = [
  { name: 'soprano', voice: 1, staff: 1, stem: 'up' },
  { name: 'alto', voice: 2, staff: 1, stem: 'down' },
  { name: 'tenor', voice: 3, staff: 2, stem: 'up' },
  { name: 'bass', voice: 4, staff: 2, stem: 'down' },
];

export function writeChoraleMusicXml(chorale: Chorale): string {
  const measures = chorale.measures.map((chords, index) => {
    const sum = chords.reduce((total, chord) => total + chord.beats, 0);
    if (sum !== chorale.beatsPerMeasure) throw new Error(`Measure ${index + 1} of "${chorale.title}" has ${sum} beats`);
    return writeMeasure(chorale, chords, index + 1, index === chorale.measures.length - 1);
  });
  return [
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
    '<!DOCTYPE score-partwise PUBLIC "-//Recordare//DTD MusicXML 4.0 Partwise//EN" "http://www.musicxml.org/dtds/partwise.dtd">',
    '<score-partwise version="4.0">',
    `  <work><work-title>${escapeXml(chorale.title)}</work-title></work>`,
    '  <identification><encoding><software>@app/har sample library</software></encoding></identification>',
    '  <part-list>',
    '    <score-part id="P1"><part-name print-object="no">Chorale</part-name></score-part>',
    '  </part-list>',
    '  <part id="P1">',
    ...measures,
    '  </part>',
    '</score-partwise>',
    '',
  ].join('\n');
}

function writeMeasure(chorale: Chorale, chords: ChoraleChord[], number: number, last: boolean): string {
  const lines = [`    <measure number="${number}">`];
  if (number === 1) {
    lines.push(
      '      <attributes>',
      '        <divisions>1</divisions>',
      `        <key><fifths>${chorale.fifths}</fifths><mode>${chorale.mode}</mode></key>`,
      `        <time><beats>${chorale.beatsPerMeasure}</beats><beat-type>4</beat-type></time>`,
      '        <staves>2</staves>',
      '        <clef number="1"><sign>G</sign><line>2</line></clef>',
      '        <clef number="2"><sign>F</sign><line>4</line></clef>',
      '      </attributes>',
    );
  }
  const accidentals = shownAccidentals(chorale.fifths, chords);
  VOICES.forEach((voice, index) => {
    if (index > 0) lines.push(`      <backup><duration>${chorale.beatsPerMeasure}</duration></backup>`);
    chords.forEach((chord, chordIndex) => {
      const pitch = chord.voicing[voice.name];
      const [type, dotted] = TYPES[chord.beats] ?? ['quarter', false];
      const alter = pitch.alter === 0 ? '' : `<alter>${pitch.alter}</alter>`;
      const accidental = accidentals.get(`${voice.name}:${chordIndex}`);
      lines.push(
        '      <note>',
        `        <pitch><step>${STEP_NAMES[pitch.step]}</step>${alter}<octave>${pitch.octave}</octave></pitch>`,
        `        <duration>${chord.beats}</duration>`,
        `        <voice>${voice.voice}</voice>`,
        `        <type>${type}</type>${dotted ? '<dot/>' : ''}`,
        ...(accidental === undefined ? [] : [`        <accidental>${ACCIDENTALS[accidental]}</accidental>`]),
        ...(type === 'whole' ? [] : [`        <stem>${voice.stem}</stem>`]),
        `        <staff>${voice.staff}</staff>`,
        '      </note>',
      );
    });
  });
  if (last) lines.push('      <barline location="right"><bar-style>light-heavy</bar-style></barline>');
  lines.push('    </measure>');
  return lines.join('\n');
}

/** Which notes need a printed accidental: per staff, in time order, against the signature and earlier notes of the measure. */
function shownAccidentals(fifths: number, chords: ChoraleChord[]): Map<string, number> {
  const shown = new Map<string, number>();
  for (const staff of [1, 2]) {
    const current = new Map<string, number>();
    chords.forEach((chord, chordIndex) => {
      for (const voice of VOICES.filter((v) => v.staff === staff)) {
        const pitch: Pitch = chord.voicing[voice.name];
        const place = `${pitch.step}:${pitch.octave}`;
        const sounding = current.get(place) ?? signatureAlter(fifths, pitch.step);
        if (pitch.alter !== sounding) shown.set(`${voice.name}:${chordIndex}`, pitch.alter);
        current.set(place, pitch.alter);
      }
    });
  }
  return shown;
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
