import { har } from '@app/contract/har-messages';
import { figureMarks, keyedFigures } from '@app/contract/part-writing/chords';
import type { Voice } from '@app/contract/part-writing/rules';
import { type Key, type Pitch, parseKey, parsePitch } from '@app/contract/part-writing/theory';
import { HarError } from '../har-error.ts';
import { escapeXml } from '../library/musicxml-writer.ts';
import { keyFifths, signatureAlter } from '../library/theory.ts';

/**
 * The score of a part-writing exercise: the given voices on a grand staff (S and A on the treble
 * staff, T and B on the bass staff), the figures as `<figured-bass>` over the bass and the numerals
 * as lyrics under the lowest given voice; the voices to write are left out. Each chord lasts its
 * beats; a chord may not cross a barline.
 */

type ScoreChord = { numeral?: string; figures?: string; beats: number } & Partial<Record<Voice, string>>;
type ScoreExercise = {
  key: string;
  meter: string;
  given: readonly Voice[];
  chords: readonly ScoreChord[];
  /** Quarter notes of an opening pickup measure, and the first measure's number (1 when not said). */
  pickup?: number | undefined;
  first_measure?: number | undefined;
};

const STEPS = 'CDEFGAB';
const DIVISIONS = 2;
const TYPES: Record<number, [string, boolean]> = {
  1: ['eighth', false],
  2: ['quarter', false],
  3: ['quarter', true],
  4: ['half', false],
  6: ['half', true],
  8: ['whole', false],
};
const ACCIDENTALS: Record<number, string> = { [-2]: 'flat-flat', [-1]: 'flat', 0: 'natural', 1: 'sharp', 2: 'double-sharp' };
const PLACES: Record<Voice, { voice: number; staff: 1 | 2; stem: 'up' | 'down' }> = {
  S: { voice: 1, staff: 1, stem: 'up' },
  A: { voice: 2, staff: 1, stem: 'down' },
  T: { voice: 3, staff: 2, stem: 'up' },
  B: { voice: 4, staff: 2, stem: 'down' },
};
/**
 * A figure's sign as MusicXML writes it in `<prefix>` or `<suffix>`. A cross (`6+`) and a slashed
 * figure (`6\\`) raise it, and are written as a sharp on the same side: Verovio draws no `plus`
 * or `back-slash` suffix (the figure came out bare, its alteration lost).
 */
const FIGURE_SIGN: Record<string, string> = { '#': 'sharp', b: 'flat', n: 'natural', '+': 'sharp', '\\': 'sharp' };

export function partWritingScore(title: string, exercise: ScoreExercise): string {
  const key = parseKey(exercise.key) as Key;
  const fifths = keyFifths(key);
  const [beatsText, unitText] = exercise.meter.split('/');
  const measureLength = (Number(beatsText) * 4 * DIVISIONS) / Number(unitText);
  const measures: { chord: ScoreChord; index: number }[][] = [[]];
  // A pickup is a first measure of its own length (an anacrusis, numbered as the score numbers it).
  const pickup = exercise.pickup === undefined ? undefined : exercise.pickup * DIVISIONS;
  let filled = 0;
  exercise.chords.forEach((chord, index) => {
    const length = chord.beats * DIVISIONS;
    const capacity = measures.length === 1 && pickup !== undefined ? pickup : measureLength;
    if (filled + length > capacity) throw new HarError(har('pwCrossesBarline', { chord: index + 1, meter: exercise.meter }));
    (measures[measures.length - 1] as { chord: ScoreChord; index: number }[]).push({ chord, index });
    filled += length;
    if (filled === capacity && index < exercise.chords.length - 1) {
      measures.push([]);
      filled = 0;
    }
  });
  const lowest = [...exercise.given].sort((a, b) => PLACES[b].voice - PLACES[a].voice)[0] as Voice;
  const body = measures.map((chords, m) => {
    const number = (exercise.first_measure ?? 1) + m;
    const lines = [`    <measure number="${number}"${m === 0 && pickup !== undefined ? ' implicit="yes"' : ''}>`];
    if (m === 0) {
      lines.push(
        '      <attributes>',
        `        <divisions>${DIVISIONS}</divisions>`,
        `        <key><fifths>${fifths}</fifths><mode>${key.mode}</mode></key>`,
        `        <time><beats>${beatsText}</beats><beat-type>${unitText}</beat-type></time>`,
        '        <staves>2</staves>',
        '        <clef number="1"><sign>G</sign><line>2</line></clef>',
        '        <clef number="2"><sign>F</sign><line>4</line></clef>',
        '      </attributes>',
      );
    }
    const length = chords.reduce((sum, { chord }) => sum + chord.beats * DIVISIONS, 0);
    // Printed accidentals: per staff in time order, against the signature and the measure's earlier notes.
    const printed = new Set<string>();
    for (const staff of [1, 2]) {
      const current = new Map<string, number>();
      chords.forEach(({ chord }, c) => {
        for (const voice of exercise.given.filter((v) => PLACES[v].staff === staff)) {
          const pitch = parsePitch(chord[voice] ?? '') as Pitch;
          const place = `${pitch.step}:${pitch.octave}`;
          if (pitch.alter !== (current.get(place) ?? signatureAlter(fifths, pitch.step))) printed.add(`${voice}:${c}`);
          current.set(place, pitch.alter);
        }
      });
    }
    exercise.given.forEach((voice, voiceIndex) => {
      if (voiceIndex > 0) lines.push(`      <backup><duration>${length}</duration></backup>`);
      chords.forEach(({ chord }, c) => {
        const pitch = parsePitch(chord[voice] ?? '') as Pitch;
        const duration = chord.beats * DIVISIONS;
        const [type, dotted] = TYPES[duration] ?? ['quarter', false];
        if (voice === 'B' && chord.figures !== undefined) {
          // A key the figures change to ('G: 6 5', decision 031) is written under the bass as an analysis writes it.
          const { token } = keyedFigures(chord.figures);
          if (token !== undefined)
            lines.push(
              '      <direction placement="below">',
              `        <direction-type><words>${escapeXml(token)}:</words></direction-type>`,
              '        <staff>2</staff>',
              '      </direction>',
            );
          lines.push(...figuredBass(chord.figures, duration));
        }
        lines.push(
          '      <note>',
          `        <pitch><step>${STEPS[pitch.step]}</step>${pitch.alter === 0 ? '' : `<alter>${pitch.alter}</alter>`}<octave>${pitch.octave}</octave></pitch>`,
          `        <duration>${duration}</duration>`,
          `        <voice>${PLACES[voice].voice}</voice>`,
          `        <type>${type}</type>${dotted ? '<dot/>' : ''}`,
          ...(printed.has(`${voice}:${c}`) ? [`        <accidental>${ACCIDENTALS[pitch.alter] ?? 'natural'}</accidental>`] : []),
          ...(type === 'whole' ? [] : [`        <stem>${PLACES[voice].stem}</stem>`]),
          `        <staff>${PLACES[voice].staff}</staff>`,
          ...(voice === lowest && chord.numeral
            ? [`        <lyric number="1"><syllabic>single</syllabic><text>${escapeXml(chord.numeral)}</text></lyric>`]
            : []),
          '      </note>',
        );
      });
    });
    if (m === measures.length - 1) lines.push('      <barline location="right"><bar-style>light-heavy</bar-style></barline>');
    lines.push('    </measure>');
    return lines.join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
    '<!DOCTYPE score-partwise PUBLIC "-//Recordare//DTD MusicXML 4.0 Partwise//EN" "http://www.musicxml.org/dtds/partwise.dtd">',
    '<score-partwise version="4.0">',
    `  <work><work-title>${escapeXml(title)}</work-title></work>`,
    '  <part-list>',
    '    <score-part id="P1"><part-name print-object="no">Part writing</part-name></score-part>',
    '  </part-list>',
    '  <part id="P1">',
    ...body,
    '  </part>',
    '</score-partwise>',
    '',
  ].join('\n');
}

/** `<figured-bass>` of figures as written ('6 5', '#6', '7 #', '7b', '6\'), top figure first, each sign on the side it was written. */
function figuredBass(text: string, duration: number): string[] {
  const marks = (figureMarks(text) ?? []).sort((x, y) => (y.number ?? 3) - (x.number ?? 3));
  if (marks.length === 0) return [];
  return [
    '      <figured-bass>',
    ...marks.map((mark) => {
      const sign = mark.sign ? FIGURE_SIGN[mark.sign] : undefined;
      const number = mark.number === undefined ? '' : `<figure-number>${mark.number}</figure-number>`;
      if (!sign) return `        <figure>${number}</figure>`;
      return mark.place === 'suffix'
        ? `        <figure>${number}<suffix>${sign}</suffix></figure>`
        : `        <figure><prefix>${sign}</prefix>${number}</figure>`;
    }),
    `        <duration>${duration}</duration>`,
    '      </figured-bass>',
  ];
}
