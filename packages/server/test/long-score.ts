import fs from 'node:fs';
import { importMusicXml } from '@app/har/musicxml-import';
import { SCORE_LIMITS, scanScore } from '@app/har/score-limits';

/** The shared corpus (../shared/corpora/bach-chorales), read at run time. */
const CHORALE = new URL('../../../../shared/corpora/bach-chorales/001.mxl', import.meta.url);

/**
 * Chorale 001 (four parts) made `measures` measures long by repeating its measures, as
 * partwise MusicXML: a long real score for the limits and the CPU pool (issue 26).
 */
let chorale: string | undefined;

export function repeatedChorale(measures: number): string {
  chorale ??= importMusicXml(new Uint8Array(fs.readFileSync(CHORALE))).musicxml;
  const source = chorale;
  const parts = [...source.matchAll(/<part\s[^>]*>([\s\S]*?)<\/part>/g)];
  let out = source.slice(0, source.search(/<part\s/));
  for (const part of parts) {
    const bodies = [...(part[1] ?? '').matchAll(/<measure\b[^>]*>([\s\S]*?)<\/measure>/g)].map((m) => m[1] ?? '');
    const chunks = [/<part\s[^>]*>/.exec(part[0])?.[0] ?? '<part>', `<measure number="1">${bodies[0]}</measure>`];
    // Later repeats leave out the clef, key and time the first measure set.
    const plain = bodies.map((body) => body.replace(/<attributes>[\s\S]*?<\/attributes>/, ''));
    for (let n = 2; n <= measures; n++) chunks.push(`<measure number="${n}">${plain[(n - 1) % plain.length]}</measure>`);
    chunks.push('</part>');
    out += chunks.join('\n');
  }
  return `${out}\n</score-partwise>\n`;
}

/** The longest repeated chorale within every score limit: the largest score the product renders. */
export function largestAllowedScore(): string {
  let low = 1;
  let high = SCORE_LIMITS.maxMeasures;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    const score = repeatedChorale(mid);
    if (score.length <= SCORE_LIMITS.maxBytes && scanScore(score).passed === undefined) low = mid;
    else high = mid - 1;
  }
  return repeatedChorale(low);
}

/**
 * Issue 40's score: one piano part of `measures` 4/4 measures, ten notes each (quarter chords of
 * 3, 3, 2 and 2 notes), with `directionsPerBeat` `<direction><words>` before each beat. At the
 * defaults it is 800 measures, 8,000 notes and 12,800 directions (2.1 MB): inside the notes,
 * measures and bytes limits, yet laying it out took Verovio past the 30 s task limit. `word`
 * changes the text (a different score, so a different layout and preview); `directions`, when
 * given, spreads that many over the score instead (one beat's at most `directionsPerBeat`).
 */
export function denseDirectionsScore(
  options: { measures?: number; directionsPerBeat?: number; directions?: number; word?: string } = {},
): string {
  const { measures = 800, directionsPerBeat = 4, word = 'dolce' } = options;
  const beatsInAll = measures * 4;
  const total = options.directions ?? beatsInAll * directionsPerBeat;
  /** The directions before beat `b` (0-based, over the whole score): `total` spread evenly. */
  const before = (b: number) => Math.floor((b * total) / beatsInAll);
  const direction = `<direction placement="above"><direction-type><words>${word}</words></direction-type></direction>`;
  const note = (step: string, octave: number, chord: boolean) =>
    `<note>${chord ? '<chord/>' : ''}<pitch><step>${step}</step><octave>${octave}</octave></pitch><duration>1</duration><type>quarter</type></note>`;
  const beats: [string, number][][] = [
    [
      ['C', 4],
      ['E', 4],
      ['G', 4],
    ],
    [
      ['D', 4],
      ['F', 4],
      ['A', 4],
    ],
    [
      ['E', 4],
      ['G', 4],
    ],
    [
      ['F', 4],
      ['A', 4],
    ],
  ];
  const body = (measure: number) =>
    beats
      .map((chord, beat) => {
        const at = (measure - 1) * 4 + beat;
        return direction.repeat(before(at + 1) - before(at)) + chord.map(([step, octave], i) => note(step, octave, i > 0)).join('');
      })
      .join('');
  const attributes =
    '<attributes><divisions>1</divisions><key><fifths>0</fifths></key><time><beats>4</beats><beat-type>4</beat-type></time><clef><sign>G</sign><line>2</line></clef></attributes>';
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<score-partwise version="4.0"><part-list><score-part id="P1"><part-name>Piano</part-name></score-part></part-list><part id="P1">',
  ];
  for (let n = 1; n <= measures; n++) out.push(`<measure number="${n}">${n === 1 ? attributes : ''}${body(n)}</measure>`);
  out.push('</part></score-partwise>');
  return out.join('\n');
}
