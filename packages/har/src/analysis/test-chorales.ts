import { escapeXml } from '../library/musicxml-writer.ts';
import { signatureAlter } from '../library/theory.ts';

/**
 * Four-part chorale phrases written by hand for the analysis tests, each with its key
 * and its Roman-numeral analysis by hand. Unlike the sample library (voiced by a
 * program, one chord a beat), these have what real chorales have: passing notes,
 * a suspension, ties within and across bar lines, rests, pickup measures, compound
 * meter, augmented sixths, and SATB in four parts or two parts of two voices.
 *
 * A voice is written measure by measure ('|' between measures): `F#4:1` is F♯4 for
 * one quarter, `r:1` a quarter rest, `~` after a note ties it to the next and `^` puts a
 * fermata on it (`C5:2^`).
 * `analysis` lists the labelled positions as `id=answer` (alternatives with '|');
 * positions not listed are decorations the analyst leaves unlabelled.
 */

export type TestChorale = {
  title: string;
  /** The key by hand, as keyName writes it ('D minor', 'B♭ major'). */
  key: string;
  fifths: number;
  beats: number;
  beatType: number;
  /** Quarters in the pickup measure (numbered 0), if any. */
  pickup?: number;
  layout: 'four-parts' | 'two-parts';
  voices: { soprano: string; alto: string; tenor: string; bass: string };
  analysis: string;
};

export const TEST_CHORALES: TestChorale[] = [
  {
    title: 'Chorale 1: pickup, passing bass',
    key: 'G major',
    fifths: 1,
    beats: 4,
    beatType: 4,
    pickup: 1,
    layout: 'four-parts',
    voices: {
      soprano: 'D5:1 | B4:1 C5:1 D5:1 B4:1 | C5:1 B4:1 A4:1 G4:1',
      alto: 'B4:1 | G4:1 G4:1 F#4:1 G4:1 | A4:1 G4:1 F#4:1 G4:1',
      tenor: 'G3:1 | D4:1 E4:1 A3:1 B3:1 | E4:1 D4:1 C4:1 B3:1',
      bass: 'G2:1 | B2:1 C3:1 D3:1 E3:0.5 D3:0.5 | C3:1 D3:1~ D3:1 G2:1',
    },
    analysis: 'm0b1=I m1b1=I6 m1b2=IV m1b3=V m1b4=vi m2b1=ii6 m2b2=V64|I64 m2b3=V7 m2b4=I',
  },
  {
    title: 'Chorale 2: minor without a written mode, 4-3 suspension',
    key: 'D minor',
    fifths: -1,
    beats: 4,
    beatType: 4,
    layout: 'four-parts',
    voices: {
      soprano: 'A4:1 Bb4:1 A4:1 D5:1 | Bb4:1 A4:1 A4:2',
      alto: 'F4:1 G4:1 E4:1 F4:1 | G4:1 E4:1 F4:2',
      tenor: 'D4:1 D4:1 C#4:1 D4:1 | D4:1~ D4:0.5 C#4:0.5 D4:2',
      bass: 'D3:1 Bb2:1 A2:1 Bb2:1 | G2:1 A2:1 D3:2',
    },
    analysis: 'm1b1=i m1b2=iv6 m1b3=V m1b4=VI m2b1=iv m2b2=V m2b3=i',
  },
  {
    title: 'Chorale 3: applied dominants in 3/4',
    key: 'F major',
    fifths: -1,
    beats: 3,
    beatType: 4,
    layout: 'two-parts',
    voices: {
      soprano: 'A4:1 A4:1 G4:1 | G4:1 A4:1 Bb4:1 | A4:1 G4:1 F4:1',
      alto: 'F4:1 F4:1 F4:1 | E4:1 Eb4:1 D4:1 | F4:1 E4:1 F4:1',
      tenor: 'C4:1 D4:1 D4:1 | C4:1 C4:1 F3:1 | C4:1 Bb3:1 A3:1',
      bass: 'F3:1 D3:1 B2:1 | C3:1 F3:1 Bb2:1 | C3:1 C3:1 F2:1',
    },
    analysis: 'm1b1=I m1b2=vi m1b3=V65/V m2b1=V m2b2=V7/IV m2b3=IV m3b1=V64|I64 m3b2=V7 m3b3=I',
  },
  {
    title: 'Chorale 4: Neapolitan in 6/8',
    key: 'E minor',
    fifths: 1,
    beats: 6,
    beatType: 8,
    layout: 'four-parts',
    voices: {
      soprano: 'B4:1.5 C5:1.5 | C5:1.5 B4:1.5 | B4:3',
      alto: 'G4:1.5 A4:1.5 | A4:1.5 F#4:1.5 | G4:3',
      tenor: 'E4:1.5 E4:1.5 | F4:1.5 D#4:1.5 | E4:3',
      bass: 'E3:1.5 A2:1.5 | A2:1.5 B2:1.5 | E3:3',
    },
    analysis: 'm1b1=i m1b4=iv m2b1=N6|bII6 m2b4=V m3b1=i',
  },
  {
    title: 'Chorale 5: a rest in every part, vii°7/V',
    key: 'C major',
    fifths: 0,
    beats: 4,
    beatType: 4,
    layout: 'four-parts',
    voices: {
      soprano: 'E5:1 F5:1 Eb5:1 D5:1 | r:1 C5:1 B4:1 C5:1 | D5:1 B4:1 C5:2',
      alto: 'C5:1 C5:1 C5:1 B4:1 | r:1 G4:1 G4:1 G4:1 | A4:1 F4:1 E4:2',
      tenor: 'G3:1 A3:1 A3:1 G3:1 | r:1 E4:1 F4:1 E4:1 | C4:1 D4:1 C4:2',
      bass: 'C3:1 A2:1 F#2:1 G2:1 | r:1 C3:1 D3:1 E3:1 | F3:1 G2:1 C3:2',
    },
    analysis: 'm1b1=I m1b2=IV6 m1b3=vii°7/V m1b4=V m2b2=I m2b3=V43 m2b4=I6 m3b1=ii65 m3b2=V7 m3b3=I',
  },
  {
    title: 'Chorale 6: minor, passing bass and cadential six-four',
    key: 'A minor',
    fifths: 0,
    beats: 4,
    beatType: 4,
    layout: 'two-parts',
    voices: {
      soprano: 'E5:2 D5:1 B4:1 | C5:1 D5:1 C5:1 B4:1 | A4:4',
      alto: 'C5:1 A4:1 A4:1 G#4:1 | A4:1 A4:1 A4:1 G#4:1 | E4:4',
      tenor: 'A3:1 E4:1 F4:1 E4:1 | F4:1 D4:1 E4:1 D4:1 | C4:4',
      bass: 'A2:0.5 B2:0.5 C3:1 D3:1 E3:1 | F3:1 F3:1 E3:1~ E3:1 | A2:4',
    },
    analysis: 'm1b1=i m1b2=i6 m1b3=iv m1b4=V m2b1=VI m2b2=iv6 m2b3=V64|i64 m2b4=V7 m3b1=i',
  },
  {
    title: 'Chorale 7: pickup with a passing note, V42',
    key: 'B♭ major',
    fifths: -2,
    beats: 4,
    beatType: 4,
    pickup: 1,
    layout: 'four-parts',
    voices: {
      soprano: 'F4:0.5 G4:0.5 | A4:1 A4:1 Bb4:1 C5:1 | C5:1 D5:1 C5:1 C5:1 | Bb4:4',
      alto: 'D4:1 | F4:1 F4:1 F4:1 G4:1 | A4:1 Bb4:1 G4:1 A4:1 | Bb4:4',
      tenor: 'Bb3:1 | C4:1 C4:1 Bb3:1 Eb4:1 | F4:1 D4:1 C4:1 Eb4:1 | D4:4',
      bass: 'Bb2:1 | F3:1 Eb3:1 D3:1 C3:1 | F3:1 G3:1 Eb3:1 F3:1 | Bb2:4',
    },
    analysis: 'm0b1=I m1b1=V m1b2=V42 m1b3=I6 m1b4=ii m2b1=V m2b2=vi m2b3=ii6 m2b4=V7 m3b1=I',
  },
  {
    title: 'Chorale 8: subtonic and mediant in minor',
    key: 'B minor',
    fifths: 2,
    beats: 3,
    beatType: 4,
    layout: 'four-parts',
    voices: {
      soprano: 'D5:1 C#5:1 D5:1 | C#5:1 D5:1 B4:1 | C#5:1 C#5:1 B4:1',
      alto: 'B4:1 G4:1 F#4:1 | A4:1 A4:1 G4:1 | F#4:1 E4:1 D4:1',
      tenor: 'F#3:1 E4:1 D4:1 | E4:1 F#4:1 E4:1 | A#3:1 A#3:1 B3:1',
      bass: 'B2:1 A#2:1 B2:1 | A2:1 D3:1 G2:1 | F#2:1 F#2:1 B2:1',
    },
    analysis: 'm1b1=i m1b2=vii°7 m1b3=i m2b1=VII|V/III m2b2=III m2b3=iv6 m3b1=V m3b2=V7 m3b3=i',
  },
  {
    title: 'Chorale 9: ties across beats, V/vi and a deceptive cadence',
    key: 'E♭ major',
    fifths: -3,
    beats: 4,
    beatType: 4,
    layout: 'two-parts',
    voices: {
      soprano: 'G4:1~ G4:1 Ab4:1 Bb4:1 | B4:1 C5:1 C5:1 Bb4:1 | C5:1 C5:1 D5:1 Eb5:1',
      alto: 'Eb4:1~ Eb4:1 Eb4:1 F4:1 | G4:1 G4:1 Ab4:1~ Ab4:1 | G4:1 F4:1 F4:1 Eb4:1',
      tenor: 'Bb3:1 C4:1 C4:1 D4:1 | D4:1 Eb4:1 F4:1 D4:1 | Eb4:1 Eb4:1 Ab3:1 G3:1',
      bass: 'Eb3:1 C3:1 Ab2:1 Bb2:1 | G2:1 C3:1 Ab2:1 Bb2:1 | C3:1 Ab2:1 Bb2:1 Eb3:1',
    },
    analysis: 'm1b1=I m1b2=vi m1b3=IV m1b4=V m2b1=V/vi m2b2=vi m2b3=ii6 m2b4=V7 m3b1=vi m3b2=ii65 m3b3=V7 m3b4=I',
  },
  {
    title: 'Chorale 10: V7/V, passing bass, cadential six-four',
    key: 'D major',
    fifths: 2,
    beats: 4,
    beatType: 4,
    layout: 'two-parts',
    voices: {
      soprano: 'A4:1 D5:1 D5:1 D5:1 | C#5:1 B4:1 B4:1 A4:1 | G4:1 F#4:3',
      alto: 'F#4:1 A4:1 B4:1 G#4:1 | A4:1 F#4:1 G4:1 F#4:1 | E4:1 D4:3',
      tenor: 'D4:1 D4:1 D4:1 B3:1 | E4:1 D4:1 E4:1 D4:1 | C#4:1 D4:3',
      bass: 'D3:1 F#3:1 G3:1 E3:1 | A2:1 B2:0.5 A2:0.5 G2:1 A2:1 | A2:1 D3:3',
    },
    analysis: 'm1b1=I m1b2=I6 m1b3=IV m1b4=V7/V m2b1=V m2b2=vi m2b3=ii6 m2b4=V64|I64 m3b1=V7 m3b2=I',
  },
  {
    title: 'Chorale 11: Italian and German sixths',
    key: 'G minor',
    fifths: -2,
    beats: 3,
    beatType: 4,
    layout: 'four-parts',
    voices: {
      soprano: 'D5:1 C5:1 C#5:1 | D5:1 C#5:1 D5:1 | D5:1 D5:2',
      alto: 'Bb4:1 G4:1 G4:1 | F#4:1 G4:1 G4:1 | F#4:1 G4:2',
      tenor: 'G3:1 C4:1 G3:1 | A3:1 Bb3:1 Bb3:1 | A3:1 Bb3:2',
      bass: 'G2:1 Eb3:1 Eb3:1 | D3:1 Eb3:1 D3:1 | D3:1 G2:2',
    },
    analysis: 'm1b1=i m1b2=iv6 m1b3=It6 m2b1=V m2b2=Ger65 m2b3=V64|i64 m3b1=V m3b2=i',
  },
];

/** The hand analysis of a chorale as key items' ids and accepted answers. */
export function handAnalysis(chorale: TestChorale): { id: string; answers: string[] }[] {
  return chorale.analysis
    .trim()
    .split(/\s+/)
    .map((entry) => {
      const [id = '', answers = ''] = entry.split('=');
      return { id, answers: answers.split('|') };
    });
}

type Token = { rest: boolean; step: number; alter: number; octave: number; quarters: number; tie: boolean; fermata?: boolean };

const STEPS = 'CDEFGAB';
const DIVISIONS = 4;
const TYPES: [number, string, number][] = [
  [4, 'whole', 0],
  [3, 'half', 1],
  [2, 'half', 0],
  [1.5, 'quarter', 1],
  [1, 'quarter', 0],
  [0.75, 'eighth', 1],
  [0.5, 'eighth', 0],
  [0.25, '16th', 0],
];

function parseVoice(text: string): Token[][] {
  return text.split('|').map((measure) =>
    measure
      .trim()
      .split(/\s+/)
      .map((token) => {
        const [name = '', length = '1'] = token.replace('~', '').replace('^', '').split(':');
        const quarters = Number(length);
        if (name === 'r') return { rest: true, step: 0, alter: 0, octave: 0, quarters, tie: false };
        const match = /^([A-G])(#|b)?(\d)$/.exec(name);
        if (!match) throw new Error(`Bad note ${token}`);
        const alter = match[2] === '#' ? 1 : match[2] === 'b' ? -1 : 0;
        return {
          rest: false,
          step: STEPS.indexOf(match[1] as string),
          alter,
          octave: Number(match[3]),
          quarters,
          tie: token.endsWith('~'),
          ...(token.includes('^') ? { fermata: true } : {}),
        };
      }),
  );
}

/** The chorale as MusicXML score-partwise (four parts, or two parts of two voices each). */
export function choraleMusicXml(chorale: TestChorale): string {
  const names = ['soprano', 'alto', 'tenor', 'bass'] as const;
  const voices = names.map((name) => parseVoice(chorale.voices[name]));
  const parts =
    chorale.layout === 'four-parts'
      ? names.map((name, i) => ({ id: `P${i + 1}`, name, clef: i < 2 ? 'G' : 'F', voices: [voices[i] as Token[][]] }))
      : [
          { id: 'P1', name: 'upper', clef: 'G', voices: [voices[0] as Token[][], voices[1] as Token[][]] },
          { id: 'P2', name: 'lower', clef: 'F', voices: [voices[2] as Token[][], voices[3] as Token[][]] },
        ];
  const measureCount = voices[0]?.length ?? 0;
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<score-partwise version="4.0">',
    `  <work><work-title>${escapeXml(chorale.title)}</work-title></work>`,
    '  <part-list>',
    ...parts.map((p) => `    <score-part id="${p.id}"><part-name>${p.name}</part-name></score-part>`),
    '  </part-list>',
  ];
  for (const part of parts) {
    out.push(`  <part id="${part.id}">`);
    for (let m = 0; m < measureCount; m++) {
      const number = chorale.pickup ? m : m + 1;
      out.push(`    <measure number="${number}"${chorale.pickup && m === 0 ? ' implicit="yes"' : ''}>`);
      if (m === 0) {
        out.push(
          `      <attributes><divisions>${DIVISIONS}</divisions><key><fifths>${chorale.fifths}</fifths></key>`,
          `        <time><beats>${chorale.beats}</beats><beat-type>${chorale.beatType}</beat-type></time>`,
          `        <clef><sign>${part.clef}</sign><line>${part.clef === 'G' ? 2 : 4}</line></clef></attributes>`,
        );
      }
      part.voices.forEach((voice, v) => {
        const tokens = voice[m] ?? [];
        const length = tokens.reduce((sum, t) => sum + t.quarters, 0);
        if (v > 0) out.push(`      <backup><duration>${Math.round(length * DIVISIONS)}</duration></backup>`);
        const shown = new Map<string, number>();
        tokens.forEach((token, i) => {
          const [, type, dots] = TYPES.find(([q]) => Math.abs(q - token.quarters) < 1e-9) ?? [1, 'quarter', 0];
          const duration = Math.round(token.quarters * DIVISIONS);
          const voiceNumber = v + 1;
          if (token.rest) {
            out.push(
              `      <note><rest/><duration>${duration}</duration><voice>${voiceNumber}</voice><type>${type}</type>${'<dot/>'.repeat(dots)}</note>`,
            );
            return;
          }
          const previous = i > 0 ? tokens[i - 1] : (voice[m - 1] ?? []).at(-1);
          const tieStop = previous?.tie === true;
          const place = `${token.step}${token.octave}`;
          const current = shown.get(place) ?? signatureAlter(chorale.fifths, token.step);
          const accidental =
            current === token.alter || tieStop ? '' : `<accidental>${['flat', 'natural', 'sharp'][token.alter + 1]}</accidental>`;
          shown.set(place, token.alter);
          const ties = `${tieStop ? '<tie type="stop"/>' : ''}${token.tie ? '<tie type="start"/>' : ''}`;
          const tied = `${tieStop ? '<tied type="stop"/>' : ''}${token.tie ? '<tied type="start"/>' : ''}${token.fermata ? '<fermata/>' : ''}`;
          out.push(
            `      <note><pitch><step>${STEPS[token.step]}</step>${token.alter ? `<alter>${token.alter}</alter>` : ''}<octave>${token.octave}</octave></pitch>` +
              `<duration>${duration}</duration>${ties}<voice>${voiceNumber}</voice><type>${type}</type>${'<dot/>'.repeat(dots)}${accidental}` +
              `${part.voices.length > 1 ? `<stem>${v === 0 ? 'up' : 'down'}</stem>` : ''}${tied ? `<notations>${tied}</notations>` : ''}</note>`,
          );
        });
      });
      if (m === measureCount - 1) out.push('      <barline location="right"><bar-style>light-heavy</bar-style></barline>');
      out.push('    </measure>');
    }
    out.push('  </part>');
  }
  out.push('</score-partwise>', '');
  return out.join('\n');
}
