import type { PartWritingWorkspace as PartWritingView } from '@app/contract/part-writing';
import type { Finding } from '@app/contract/part-writing/check';
import { keyedFigures } from '@app/contract/part-writing/chords';
import type { Voice } from '@app/contract/part-writing/rules';
import { keysInForce, type WrittenChord } from '@app/contract/part-writing/written';
import { type PointerEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { type Glyph as Drawn, HEAD_WIDTH, layOutNotation, type Notation, type NotationChord, placeAtX } from './notation.ts';
import styles from './part-writing-staff.module.css';
import {
  BASS,
  dragNote,
  FIGURES_Y,
  figureText,
  HALF,
  keySignature,
  ledgerSteps,
  noteAtY,
  pointerVoice,
  SPACE,
  STAFF_HEIGHT,
  type Staff,
  staffOf,
  staffSystems,
  TREBLE,
  yOfStep,
} from './staff.ts';
import { LONG_PRESS_MS, pressStart, stillTap } from './touch.ts';

/*
 * Glyphs from the Leipzig music font (Verovio's default; SIL Open Font License 1.1), in font units:
 * 250 to a staff space, y up. Copied as paths so the staff needs no font and no Verovio in the browser
 * (flags, rests and fermatas as Verovio 6.3 writes them into its SVG's definitions, issue 35).
 */
export const GLYPH = {
  gClef:
    'M441 -245c-23 -4 -48 -6 -76 -6c-59 0 -102 7 -130 20c-88 42 -150 93 -187 154c-26 44 -43 103 -48 176c0 6 -1 13 -1 19c0 54 15 111 45 170c29 57 65 106 110 148s96 85 153 127c-3 16 -8 46 -13 92c-4 43 -5 73 -5 89c0 117 16 172 69 257c34 54 64 82 89 82 c21 0 43 -30 69 -92s39 -115 41 -159v-15c0 -109 -21 -162 -67 -241c-13 -20 -63 -90 -98 -118c-13 -9 -25 -19 -37 -29l31 -181c8 1 18 2 28 2c58 0 102 -12 133 -35c59 -43 92 -104 98 -184c1 -7 1 -15 1 -22c0 -123 -87 -209 -181 -248c8 -57 17 -110 25 -162 c5 -31 6 -58 6 -80c0 -30 -5 -53 -14 -70c-35 -64 -88 -99 -158 -103c-5 0 -11 -1 -16 -1c-37 0 -72 10 -108 27c-50 24 -77 59 -80 105v11c0 29 7 55 20 76c18 28 45 42 79 44h6c49 0 93 -42 97 -87v-9c0 -51 -34 -86 -105 -106c17 -24 51 -36 102 -36c62 0 116 43 140 85 c9 16 13 41 13 74c0 20 -1 42 -5 67c-8 53 -18 106 -26 159zM461 939c-95 0 -135 -175 -135 -286c0 -24 2 -48 5 -71c50 39 92 82 127 128c40 53 60 100 60 140v8c-4 53 -22 81 -55 81h-2zM406 119l54 -326c73 25 110 78 110 161c0 7 0 15 -1 23c-7 95 -57 142 -151 142h-12 zM382 117c-72 -2 -128 -47 -128 -120v-7c2 -46 43 -99 75 -115c-3 -2 -7 -5 -10 -10c-70 33 -116 88 -123 172v11c0 68 44 126 88 159c23 17 49 29 78 36l-29 170c-21 -13 -52 -37 -92 -73c-50 -44 -86 -84 -109 -119c-45 -69 -67 -130 -67 -182v-13c5 -68 35 -127 93 -176 s125 -73 203 -73c25 0 50 3 75 9c-19 111 -36 221 -54 331z',
  fClef:
    'M582 -120c0 32 26 58 58 58s58 -26 58 -58s-26 -58 -58 -58s-58 26 -58 58zM582 120c0 32 26 58 58 58s58 -26 58 -58s-26 -58 -58 -58s-58 26 -58 58zM158 96c51 0 73 -14 88 -49l16 -39c0 -17 -2 -30 -7 -40c-3 -11 -10 -21 -19 -31c-17 -18 -49 -43 -84 -43 c-55 0 -77 13 -112 44c-24 21 -35 55 -35 100c0 46 14 81 32 112c30 52 71 79 137 93l36 6l26 2c154 0 235 -68 274 -182c11 -32 18 -68 18 -107c0 -103 -26 -182 -68 -250c-89 -145 -234 -230 -412 -288l-30 -5c-9 0 -14 3 -14 8c3 10 5 11 10 16c35 15 70 30 96 44l78 43 c96 57 162 136 197 258c9 33 17 60 22 100c3 22 5 35 6 39c-7 69 -16 115 -23 140s-4 22 -16 40c-8 12 -19 23 -31 34c-24 21 -62 44 -118 44c-48 0 -84 -8 -113 -28c-28 -19 -42 -44 -42 -73v-16c2 -5 3 -9 4 -11c24 22 52 39 84 39z',
  black: 'M0 -39c0 68 73 172 200 172c66 0 114 -37 114 -95c0 -84 -106 -171 -218 -171c-64 0 -96 30 -96 94z',
  half: 'M278 64c0 22 -17 39 -43 39c-12 0 -26 -3 -41 -10c-85 -43 -165 -94 -165 -156c5 -25 15 -32 49 -32c67 11 200 95 200 159zM0 -36c0 68 73 174 200 174c66 0 114 -39 114 -97c0 -84 -106 -173 -218 -173c-64 0 -96 32 -96 96z',
  whole:
    'M198 133c102 0 207 -45 207 -133c0 -92 -118 -133 -227 -133c-101 0 -178 46 -178 133c0 88 93 133 198 133zM293 -21c0 14 -3 29 -8 44c-7 20 -18 38 -33 54c-20 21 -43 31 -68 31l-20 -2c-15 -5 -27 -14 -36 -28c-4 -9 -6 -17 -8 -24s-3 -16 -3 -27c0 -15 3 -34 9 -57 s18 -41 34 -55c15 -15 36 -23 62 -23c4 0 10 1 18 2c19 5 32 15 40 30s13 34 13 55z',
  sharp:
    'M136 186v169h17v-164l44 14v-91l-44 -14v-165l44 12v-91l-44 -13v-155h-17v150l-76 -22v-155h-17v149l-43 -13v90l43 14v167l-43 -14v92l43 13v169h17v-163zM60 73v-167l76 22v168z',
  flat: 'M20 110c32 16 54 27 93 27c26 0 35 -3 54 -13c13 -7 24 -20 27 -38l4 -25c0 -28 -16 -57 -45 -89c-23 -25 -39 -44 -65 -68l-88 -79v644h20v-359zM90 106c-32 0 -48 -10 -70 -29v-194c31 31 54 59 71 84c21 32 32 59 32 84c0 9 1 16 1 20c0 14 -3 21 -11 30l-8 3z',
  natural: 'M0 -188v539h18v-191l139 22v-533h-17v186zM18 -100l122 17v176l-122 -19v-174z',
  flag8Up:
    'M179 -646c15 29 29 55 46 102c18 49 30 108 30 138c0 105 -80 173 -168 200c-18 5 -47 9 -87 16v190h22c8 0 33 -61 71 -95c4 -3 -2 3 61 -56c62 -58 122 -137 122 -241c0 -38 -13 -106 -35 -163c-20 -51 -43 -99 -66 -132c-6 -5 -10 -7 -13 -7s-5 2 -5 5l4 10 c1 3 14 25 18 33z',
  flag8Down:
    'M179 646c-4 8 -17 30 -18 33l-4 10c0 3 2 5 5 5s7 -2 13 -7c23 -33 46 -81 66 -132c22 -57 35 -125 35 -163c0 -104 -60 -183 -122 -241c-63 -59 -57 -53 -61 -56c-38 -34 -63 -95 -71 -95h-22v190c40 7 69 11 87 16c88 27 168 95 168 200c0 30 -12 89 -30 138 c-17 47 -31 73 -46 102z',
  flag16Up:
    'M206 -748c32 48 49 100 49 149c0 89 -55 168 -168 203c-18 5 -47 9 -87 16v190v190h22c8 0 33 -61 71 -95c4 -3 -2 3 61 -56c62 -58 122 -137 122 -241c0 -32 -7 -65 -17 -96c11 -29 17 -60 17 -94c0 -71 -32 -148 -67 -190c-6 -5 -10 -7 -13 -7s-5 2 -5 5l4 10 c1 3 6 8 11 16zM248 -463c4 18 7 38 7 57c0 105 -80 173 -168 200c-11 3 -27 6 -47 9c9 -17 23 -61 53 -88c4 -3 -2 3 61 -56c36 -33 71 -74 94 -122z',
  flag16Down:
    'M216 730c-5 8 -10 13 -11 16l-4 10c0 3 2 5 5 5s7 -2 13 -7c35 -42 57 -101 57 -172c0 -34 -6 -65 -17 -94c10 -31 17 -64 17 -96c0 -104 -60 -183 -122 -241c-63 -59 -57 -53 -61 -56c-38 -34 -63 -95 -71 -95h-22v190v190c40 7 69 11 87 16c116 36 175 111 175 197 c0 44 -15 91 -46 137zM248 463c-23 -48 -58 -89 -94 -122c-63 -59 -57 -53 -61 -56c-30 -27 -44 -71 -53 -88c20 3 36 6 47 9c88 27 168 95 168 200c0 19 -3 39 -7 57z',
  flag32Up:
    'M248 -463c4 18 7 38 7 57c0 105 -80 173 -168 200c-11 3 -27 6 -47 9c9 -17 23 -61 53 -88c4 -3 -2 3 61 -56c36 -33 71 -74 94 -122zM206 -748c32 48 49 100 49 149c0 89 -55 168 -168 203c-18 5 -47 9 -87 16v190v190v190h22c8 0 33 -61 71 -95c4 -3 -2 3 61 -56 c61 -57 122 -134 122 -235v-6c-1 -59 -10 -80 -19 -91c12 -30 19 -63 19 -99c0 -32 -7 -65 -17 -96c11 -29 17 -60 17 -94c0 -71 -32 -148 -67 -190c-6 -5 -10 -7 -13 -7s-5 2 -5 5l4 10c1 3 6 8 11 16zM247 -270c4 11 8 28 8 54c0 105 -80 173 -168 200c-11 3 -27 6 -47 9 c9 -17 23 -61 53 -88c4 -3 -2 3 61 -56c35 -33 70 -72 93 -119z',
  flag32Down:
    'M248 463c-23 -48 -58 -89 -94 -122c-63 -59 -57 -53 -61 -56c-30 -27 -44 -71 -53 -88c20 3 36 6 47 9c88 27 168 95 168 200c0 19 -3 39 -7 57zM215 729c-5 8 -10 13 -11 16l-4 10c0 3 2 5 5 5s7 -2 13 -7c35 -42 58 -100 58 -171c0 -34 -6 -65 -17 -94 c10 -31 17 -64 17 -96c0 -36 -7 -69 -19 -99c9 -11 18 -32 19 -91v-6c0 -101 -61 -178 -122 -235c-63 -59 -57 -53 -61 -56c-38 -34 -51 -95 -59 -95h-34v190v190v190c40 7 69 11 87 16c116 36 174 110 174 196c0 44 -15 91 -46 137zM247 270c-23 -47 -58 -86 -93 -119 c-63 -59 -57 -53 -61 -56c-30 -27 -44 -71 -53 -88c20 3 36 6 47 9c88 27 168 95 168 200c0 26 -4 43 -8 54z',
  restWhole: 'M0 -115v105c0 9 1 10 10 10h280c9 0 10 -1 10 -10v-105c0 -9 -1 -10 -10 -10h-280c-9 0 -10 1 -10 10z',
  restHalf: 'M0 10v105c0 9 1 10 10 10h280c9 0 10 -1 10 -10v-105c0 -9 -1 -10 -10 -10h-280c-9 0 -10 1 -10 10z',
  restQuarter:
    'M107 292c-13 24 -30 49 -52 71c-1 1 0 2 0 3l-2 2c3 3 4 4 6 4c12 0 26 -7 40 -20s44 -40 89 -81c26 -24 28 -29 46 -47c4 -4 8 -9 10 -14c6 -8 8 -16 8 -27c0 -19 -12 -40 -36 -61c-28 -23 -49 -38 -61 -73c-4 -11 -7 -27 -10 -50c13 -43 34 -83 59 -121 c31 -47 59 -79 101 -129c-8 0 -26 7 -54 20l-62 29l-21 6l-23 1c-25 0 -45 -10 -60 -30l-4 -14l-1 -12c0 -33 20 -56 39 -78c8 -9 17 -18 26 -26c17 -15 27 -24 28 -30l-3 -3c-11 5 -19 10 -25 15c-9 3 -37 21 -45 26c-24 14 -45 32 -63 51c-19 21 -37 44 -37 71 c0 63 27 95 80 95c41 0 86 -18 136 -52c-19 26 -37 48 -55 66c-23 23 -48 44 -73 65c-28 23 -47 40 -58 53s-17 26 -18 39c75 64 113 125 113 183c0 27 -7 48 -18 68z',
  rest8:
    'M0 123c7 34 33 56 69 60c29 -3 43 -9 53 -29c4 -8 7 -15 10 -22c0 -21 -1 -25 -11 -35c-5 -8 -18 -14 -40 -20l12 -3l15 -1c44 0 97 26 122 56c10 11 18 26 24 42c7 1 15 2 22 3l-140 -424h-36l111 330c-10 -6 -27 -12 -53 -16l-52 -8h-10l-20 1c-1 0 -8 3 -21 6 c-37 9 -55 28 -55 60z',
  rest16:
    'M133 -111c0 -33 -21 -50 -52 -55c10 -3 18 -4 25 -4c40 0 69 24 90 47l66 197c-36 -18 -64 -25 -112 -25c-23 0 -38 3 -45 8c-37 7 -55 27 -55 59c8 35 30 54 68 58c45 -6 49 -13 64 -48c0 -3 1 -5 1 -7c0 -27 -25 -46 -52 -49c6 -4 15 -6 26 -6c32 2 62 14 88 29 c32 19 44 36 59 71l7 1l10 2h4c-72 -220 -143 -439 -215 -659h-37l108 324c-20 -13 -51 -20 -82 -20c-21 0 -35 4 -43 10c-37 6 -55 26 -55 58c8 35 31 56 68 60c43 -8 48 -13 64 -51z',
  rest32:
    'M69 -54c44 -9 49 -10 63 -50c0 -14 -1 -24 -4 -29c-7 -11 -23 -20 -47 -26c6 -3 15 -4 25 -4c18 0 39 7 61 22c18 12 30 26 30 26l61 187c-22 -12 -48 -21 -81 -21c-18 0 -34 3 -46 9c-36 9 -54 29 -54 61c8 34 31 58 68 58c34 0 63 -24 63 -57c0 -11 -4 -21 -10 -30 c-4 -5 -16 -12 -39 -18c8 -3 16 -5 24 -5c35 0 71 25 88 45l66 198c-12 -11 -33 -12 -55 -17c-18 -4 -29 -8 -35 -8h-15l-28 2c-10 1 -17 3 -23 6c-37 7 -56 26 -56 59c9 33 33 59 72 59c33 0 53 -21 61 -49c0 -37 -17 -47 -51 -55c5 -4 13 -6 24 -6c14 0 29 3 45 8 c47 15 89 43 101 92l18 2l4 -1l-288 -889h-37l106 318c-17 -10 -43 -15 -72 -15c-22 0 -40 3 -52 9c-35 8 -55 23 -55 61c8 35 31 54 68 58z',
  fermataAbove:
    'M0 0c0 0 40 320 300 320s300 -320 300 -320h-32s-38 227 -268 227s-268 -227 -268 -227h-32zM355 52c0 -30 -25 -55 -55 -55s-55 25 -55 55s25 55 55 55s55 -25 55 -55z',
  fermataBelow:
    'M0 0h32s38 -227 268 -227s268 227 268 227h32s-40 -320 -300 -320s-300 320 -300 320zM355 -52c0 -30 -25 -55 -55 -55s-55 25 -55 55s25 55 55 55s55 -25 55 -55z',
} as const;
const FONT = SPACE / 250;

function Glyph({ d, x, y, className }: { d: string; x: number; y: number; className?: string }) {
  return <path className={className} d={d} transform={`translate(${x} ${y}) scale(${FONT} ${-FONT})`} />;
}

function Accidental({ alter, x, y }: { alter: number; x: number; y: number }) {
  if (alter === 0) return <Glyph d={GLYPH.natural} x={x} y={y} />;
  if (alter === 1) return <Glyph d={GLYPH.sharp} x={x} y={y} />;
  if (alter === -1) return <Glyph d={GLYPH.flat} x={x} y={y} />;
  if (alter === -2)
    return (
      <>
        <Glyph d={GLYPH.flat} x={x - 7} y={y} />
        <Glyph d={GLYPH.flat} x={x} y={y} />
      </>
    );
  // A double sharp: the small x.
  return <path d={`M${x} ${y - 3.5} l7 7 M${x} ${y + 3.5} l7 -7`} stroke="currentColor" strokeWidth={1.8} />;
}

/** Under the bass: the chord's figures stacked (none for a plain 5 3), a key they change to before the top one (`G: 6`), or its numeral. */
function ChordLabel({ chord, x }: { chord: PartWritingView['chords'][number] | undefined; x: number }) {
  if (!chord) return null;
  const keyed = keyedFigures(chord.figures ?? '');
  const lines = chord.numeral
    ? [chord.numeral]
    : keyed.figures
        .split(/\s+/)
        .filter(Boolean)
        .slice(0, 3)
        .map((line) => figureText(line));
  return (
    <>
      {chord.numeral || keyed.token === undefined ? null : (
        // A key the figures change to, left of them as an analysis writes it ('G:').
        <text className={styles.figures} x={x - 6} y={FIGURES_Y} style={{ textAnchor: 'end' }} data-key-change={keyed.token}>
          {`${keyed.token.replace(/#/g, '♯').replace(/(?<=^.)b/, '♭')}:`}
        </text>
      )}
      <text className={styles.figures} x={x} y={FIGURES_Y}>
        {lines.map((line, k) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a figure's place in its stack
          <tspan key={k} x={x} dy={k === 0 ? 0 : 10}>
            {chord.numeral ? line.replace(/#/g, '♯').replace(/(?<=^|\d)b/g, '♭') : line}
          </tspan>
        ))}
      </text>
    </>
  );
}

/** The name of the note being dragged, in a label above it. */
function HeldName({ note, y, x }: { note: string | undefined; y: number; x: number }) {
  if (!note) return null;
  const top = Math.max(2, y - 34);
  return (
    <g className={styles.held} data-held={note}>
      <rect x={x - 17} y={top} width={34} height={16} rx={8} />
      <text x={x} y={top + 12}>
        {note.replace(/#/g, '♯').replace(/b/g, '♭')}
      </text>
    </g>
  );
}

/** A chord, voice and, with rhythm (issue 35), the place in the chord (quarter notes from its start) of the note meant. */
export type StaffCell = { chord: number; voice: Voice; at?: number };

export interface PartWritingStaffProps {
  view: PartWritingView;
  cells: readonly WrittenChord[];
  selected: StaffCell | null;
  readOnly: boolean;
  findings: readonly Finding[];
  /** The notes each finding is about (`chord:voice:at`), when the caller knows them better than 'the first note of each of its chords and voices'. */
  findingNotes?: (finding: Finding) => string[];
  /** The chord sounding in playback, if any. */
  playing: number | null;
  onSelect: (cell: StaffCell) => void;
  /** A note written by a tap at a place (`drag` false) or moved by dragging (`drag` true). */
  onNote: (cell: StaffCell & { at: number }, note: string, drag: boolean) => void;
  label: string;
}

const UNMEASURED_WIDTH = 1024;
type Drag = { pointerId: number; chord: number; voice: Voice; at: number; from: string; startY: number; last: string };
/** A finger pressed on empty staff, not yet a tap, a scroll or a pick-up (see `pressStart`). */
type Waiting = { pointerId: number; chord: number; voice: Voice; at: number; y: number; clientX: number; clientY: number; timer: number };

const REST_GLYPH: Record<string, string> = {
  whole: GLYPH.restWhole,
  half: GLYPH.restHalf,
  quarter: GLYPH.restQuarter,
  eighth: GLYPH.rest8,
  sixteenth: GLYPH.rest16,
  thirtySecond: GLYPH.rest32,
};
const restGlyph = (beats: number) =>
  beats >= 4 - 1e-9
    ? REST_GLYPH.whole
    : beats >= 2 - 1e-9
      ? REST_GLYPH.half
      : beats >= 1 - 1e-9
        ? REST_GLYPH.quarter
        : beats >= 0.5 - 1e-9
          ? REST_GLYPH.eighth
          : beats >= 0.25 - 1e-9
            ? REST_GLYPH.sixteenth
            : REST_GLYPH.thirtySecond;
const FLAGS_UP = [GLYPH.flag8Up, GLYPH.flag16Up, GLYPH.flag32Up];
const FLAGS_DOWN = [GLYPH.flag8Down, GLYPH.flag16Down, GLYPH.flag32Down];

/** The notes a finding marks: in each of its chords, each of its voices' note that starts the chord (or the note the finding names). */
export function defaultFindingNotes(finding: Finding): string[] {
  return finding.chords.flatMap((chord) => finding.voices.map((voice) => `${chord}:${voice}:0`));
}

/**
 * The part writing as a grand staff (issue 27, decision 041; real notation since issue 35): the given
 * voices in grey, the student's in ink, every note with its value (heads, stems, flags, beams, dots,
 * ties, rests), spaced by time and broken into systems that fit the box. A tap in a chord writes the
 * voice (see `pointerVoice`) at that height at the note or gap nearest the tap; dragging moves the
 * note step by step. Findings are numbered above their chords, their notes red and each pair of
 * voices joined. Drawn with our own SVG so every note is live; the grid and the text form are the
 * accessible way in, so the staff is hidden from assistive technology.
 */
export function PartWritingStaff({
  view,
  cells,
  selected,
  readOnly,
  findings,
  findingNotes = defaultFindingNotes,
  playing,
  onSelect,
  onNote,
  label,
}: PartWritingStaffProps) {
  const box = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState(0);
  const drag = useRef<Drag | null>(null);
  const waiting = useRef<Waiting | null>(null);
  /** The note a pointer holds: its name is shown above it while the finger covers it. */
  const [held, setHeld] = useState<(StaffCell & { at: number }) | null>(null);

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setBoxWidth(Math.floor(element.clientWidth) || UNMEASURED_WIDTH);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // A finger that holds a note keeps the page still: the staff lets vertical drags scroll it
  // (touch-action: pan-y), so a drag that started on a note cancels the touch's scrolling.
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const hold = (event: TouchEvent) => {
      if (drag.current && event.cancelable) event.preventDefault();
    };
    element.addEventListener('touchstart', hold, { passive: false });
    element.addEventListener('touchmove', hold, { passive: false });
    return () => {
      element.removeEventListener('touchstart', hold);
      element.removeEventListener('touchmove', hold);
      if (waiting.current) window.clearTimeout(waiting.current.timer);
    };
  }, []);

  const notation: Notation = useMemo(
    () =>
      layOutNotation({
        chords: view.chords as readonly NotationChord[],
        cells,
        given: view.given,
        write: view.write,
        meter: view.meter,
        key: view.key,
        pickup: view.pickup,
      }),
    [view, cells],
  );
  const layout = useMemo(() => (boxWidth > 0 ? staffSystems(notation, boxWidth) : null), [notation, boxWidth]);
  const signature = useMemo(() => keySignature(view.key), [view.key]);
  const marked = useMemo(() => new Set(findings.flatMap((finding) => findingNotes(finding))), [findings, findingNotes]);
  const badges = useMemo(() => {
    const map = new Map<number, number[]>();
    findings.forEach((finding, index) => {
      const chord = finding.chords[0] ?? 0;
      map.set(chord, [...(map.get(chord) ?? []), index]);
    });
    return map;
  }, [findings]);

  const toUnits = (event: PointerEvent<SVGSVGElement>, from: number, to: number) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return {
      x: from + ((event.clientX - rect.left) * (to - from)) / Math.max(1, rect.width),
      y: ((event.clientY - rect.top) * STAFF_HEIGHT) / Math.max(1, rect.height),
    };
  };

  // A note tapped or dragged is spelled in its chord's key (a key a chord names changes it from there on, decision 031).
  const keys = useMemo(() => keysInForce(view), [view]);
  const keyAt = (chord: number) => keys[chord] ?? view.key;

  /** The drawn note of a voice at a place in a chord (its first piece). */
  const glyphAt = (chord: number, voice: Voice, at: number) =>
    notation.glyphs.find((g) => g.chord === chord && g.voice === voice && Math.abs(g.at - at) < 1e-9);

  /** Writes the note at height `y` (or picks up the one there) and lets the pointer drag it. */
  const startDrag = (pointerId: number, chord: number, voice: Voice, at: number, y: number, onNoteHead: boolean) => {
    const glyph = glyphAt(chord, voice, at);
    const current = glyph?.kind === 'note' ? (glyph.pitch ?? '') : '';
    // A press on a note picks it up (it moves only when dragged); elsewhere the note goes where the press is.
    const note = onNoteHead ? current : noteAtY(voice, y, keyAt(chord), current);
    if (note !== current || !onNoteHead) onNote({ chord, voice, at }, note, false);
    drag.current = { pointerId, chord, voice, at, from: note, startY: onNoteHead && glyph ? glyph.y : y, last: note };
    setHeld({ chord, voice, at });
  };

  const onPointerDown = (event: PointerEvent<SVGSVGElement>, system: number) => {
    const placed = layout?.systems[system];
    if (!placed) return;
    const { x, y } = toUnits(event, placed.from, placed.to);
    let chord = -1;
    notation.chords.forEach((c, index) => {
      if (layout?.fields[index]?.system === system && x >= c.x1 - 2 && x < c.x2 + 2) chord = index;
    });
    // Each written voice's note nearest the tap in the chord: what a press there would pick up.
    const places = new Map<Voice, number>();
    const notes: Partial<Record<Voice, string>> = {};
    if (chord >= 0)
      for (const v of view.write) {
        const at = placeAtX(notation, chord, v, x);
        places.set(v, at);
        const g = glyphAt(chord, v, at);
        if (g?.kind === 'note' && g.pitch) notes[v] = g.pitch;
      }
    const voice = readOnly
      ? (selected?.voice ?? view.write[0])
      : pointerVoice({ y, notes, write: view.write, selected: selected?.voice ?? null });
    const at = voice ? (places.get(voice) ?? 0) : 0;
    const glyph = voice ? glyphAt(chord, voice, at) : undefined;
    const onNoteHead = glyph?.kind === 'note' && Math.abs(glyph.y - y) <= HALF * 1.5;
    const start = pressStart({ pointerType: event.pointerType, button: event.button, inColumn: chord >= 0, onNote: onNoteHead, readOnly });
    if (start === 'none' || !voice) return;
    if (start === 'select') {
      onSelect({ chord, voice, at });
      return;
    }
    if (start === 'tap') {
      // A finger on empty staff: the page may be about to scroll. Nothing is written until it lifts in
      // place; held still, it picks up a note there.
      if (waiting.current) window.clearTimeout(waiting.current.timer);
      const pointerId = event.pointerId;
      const timer = window.setTimeout(() => {
        if (waiting.current?.pointerId !== pointerId) return;
        waiting.current = null;
        onSelect({ chord, voice, at });
        startDrag(pointerId, chord, voice, at, y, false);
      }, LONG_PRESS_MS);
      waiting.current = { pointerId, chord, voice, at, y, clientX: event.clientX, clientY: event.clientY, timer };
      return;
    }
    onSelect({ chord, voice, at });
    event.preventDefault();
    startDrag(event.pointerId, chord, voice, at, y, onNoteHead);
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // A synthetic pointer (tests) has no capture.
    }
  };

  const onPointerMove = (event: PointerEvent<SVGSVGElement>, system: number) => {
    const pending = waiting.current;
    if (pending?.pointerId === event.pointerId && !stillTap(event.clientX - pending.clientX, event.clientY - pending.clientY)) {
      // The finger is scrolling the page: no note.
      window.clearTimeout(pending.timer);
      waiting.current = null;
    }
    const current = drag.current;
    const placed = layout?.systems[system];
    if (!current || current.pointerId !== event.pointerId || !placed) return;
    const { y } = toUnits(event, placed.from, placed.to);
    const note = dragNote({ voice: current.voice, from: current.from, startY: current.startY, keyText: keyAt(current.chord) }, y);
    if (note === current.last) return;
    current.last = note;
    onNote({ chord: current.chord, voice: current.voice, at: current.at }, note, true);
  };

  const endDrag = (event: PointerEvent<SVGSVGElement>) => {
    const pending = waiting.current;
    if (pending?.pointerId === event.pointerId) {
      window.clearTimeout(pending.timer);
      waiting.current = null;
      // A tap: lifted where it pressed, so the note is written there (a cancelled touch was a scroll).
      if (event.type === 'pointerup') {
        onSelect({ chord: pending.chord, voice: pending.voice, at: pending.at });
        startDrag(pending.pointerId, pending.chord, pending.voice, pending.at, pending.y, false);
      }
    }
    if (drag.current?.pointerId !== event.pointerId) return;
    drag.current = null;
    setHeld(null);
  };

  const staffLines = (staff: Staff, from: number, to: number) =>
    [0, 1, 2, 3, 4].map((i) => {
      const y = yOfStep(staff, staff.top - i * 2);
      return <line key={`${staff.clef}-${i}`} x1={from} x2={to} y1={y} y2={y} className={styles.line} />;
    });

  const isSelected = (g: Drawn) =>
    selected?.chord === g.chord && selected.voice === g.voice && (selected.at === undefined || Math.abs(selected.at - g.at) < 1e-9);

  /** A note a finding is about: its own place, or a chord's note it draws (held over). */
  const isMarked = (g: Drawn) =>
    g.kind === 'note' && (marked.has(`${g.chord}:${g.voice}:${g.at}`) || (g.absorbed ?? []).some((key) => marked.has(key)));

  const drawGlyph = (g: Drawn, id: number) => {
    const staff = staffOf(g.voice);
    const className = [
      styles.note,
      g.given ? styles.given : '',
      isSelected(g) ? styles.selectedNote : '',
      g.kind === 'gap' ? styles.gap : '',
      // A voice not begun in its chord shows no box unless selected: the empty chord says it; a line begun shows where it goes on.
      g.kind === 'gap' && g.at === 0 && !isSelected(g) ? styles.quietGap : '',
    ].join(' ');
    const common = {
      className: isMarked(g) ? `${className} ${styles.marked}` : className,
      'data-glyph': id,
      'data-note': `${g.chord + 1}${g.voice}`,
      'data-at': g.at,
      'data-marked': isMarked(g) || undefined,
    };
    if (g.kind === 'gap') {
      // Still to write: a faint box where the next note of the voice goes.
      return (
        <g key={id} {...common}>
          <rect
            x={g.x}
            y={yOfStep(staff, staff.bottom + (g.voice === 'S' || g.voice === 'T' ? 6 : 2)) - HALF}
            width={HEAD_WIDTH}
            height={SPACE}
            rx={2}
          />
        </g>
      );
    }
    if (g.kind === 'rest')
      return (
        <g key={id} {...common} data-rest={g.beats}>
          <Glyph d={restGlyph(g.beats) as string} x={g.x} y={g.y} />
          {g.dots > 0 ? <circle cx={g.x + HEAD_WIDTH + 3} cy={g.y - HALF} r={1.6} /> : null}
        </g>
      );
    const head = g.head === 'whole' ? GLYPH.whole : g.head === 'half' ? GLYPH.half : GLYPH.black;
    const flagUp = g.stem ? g.stem.y2 < g.y : true;
    return (
      <g key={id} {...common} data-pitch={g.pitch} data-beats={g.beats}>
        {ledgerSteps(staff, g.step).map((s) => (
          <line key={s} x1={g.x - 4} x2={g.x + HEAD_WIDTH + 4} y1={yOfStep(staff, s)} y2={yOfStep(staff, s)} className={styles.ledger} />
        ))}
        {g.accidental === undefined ? null : <Accidental alter={g.accidental} x={g.x - 10} y={g.y} />}
        <Glyph d={head} x={g.x} y={g.y} />
        {g.stem ? <line x1={g.stem.x} x2={g.stem.x} y1={g.stem.y1} y2={g.stem.y2} className={styles.stem} /> : null}
        {g.stem && g.flags > 0 ? (
          <Glyph d={(flagUp ? FLAGS_UP : FLAGS_DOWN)[g.flags - 1] as string} x={g.stem.x - 0.6} y={g.stem.y2} />
        ) : null}
        {Array.from({ length: g.dots }, (_, k) => (
          <circle
            // biome-ignore lint/suspicious/noArrayIndexKey: a dot's place
            key={k}
            cx={g.x + HEAD_WIDTH + 3.5 + k * 4 + (g.flags > 0 && flagUp ? 4 : 0)}
            cy={g.step % 2 === 0 ? g.y + (flagUp ? -HALF : HALF) : g.y}
            r={1.6}
          />
        ))}
      </g>
    );
  };

  /** A tie as a thin crescent from one head to the next, cut at the system's edges when it runs on. */
  const drawTie = (tie: Notation['ties'][number], from: number, to: number, key: string) => {
    const x1 = Math.max(tie.x1, from);
    const x2 = Math.min(tie.x2, to);
    if (x2 <= x1) return null;
    const bow = (tie.up ? -1 : 1) * Math.min(6, 2 + (x2 - x1) / 12);
    const mid = (x1 + x2) / 2;
    const y = tie.y;
    const given = (notation.glyphs[tie.from] as Drawn).given;
    return (
      <path
        key={key}
        className={`${styles.tie} ${given ? styles.given : ''}`}
        data-tie={`${(notation.glyphs[tie.from] as Drawn).chord + 1}${tie.voice}`}
        d={`M${x1} ${y} Q${mid} ${y + bow * 1.6} ${x2} ${y} Q${mid} ${y + bow * 1.2} ${x1} ${y}Z`}
      />
    );
  };

  /** A finding's voice pairs, joined in each of its chords by a red line between their notes. */
  const pairLines = (chord: number, x: number) =>
    findings.flatMap((finding, index) => {
      if (!finding.chords.includes(chord) || finding.voices.length < 2) return [];
      const ys = finding.voices
        .map((voice) => {
          const note = findingNotes(finding).find((key) => key.startsWith(`${chord}:${voice}:`));
          const at = note ? Number(note.split(':')[2]) : 0;
          return (glyphAt(chord, voice, at) ?? notation.glyphs.find((g) => g.absorbed?.includes(`${chord}:${voice}:${at}`)))?.y ?? null;
        })
        .filter((y): y is number => y !== null);
      if (ys.length < 2) return [];
      return [
        <line
          // biome-ignore lint/suspicious/noArrayIndexKey: one line per finding and chord
          key={`pair-${index}`}
          x1={x - HEAD_WIDTH / 2 - 5 - (index % 3) * 3}
          x2={x - HEAD_WIDTH / 2 - 5 - (index % 3) * 3}
          y1={Math.min(...ys)}
          y2={Math.max(...ys)}
          className={styles.pair}
        />,
      ];
    });

  return (
    <div ref={box} className={styles.staff} aria-label={label} role="img">
      {layout?.systems.map((system, s) => {
        const members = notation.chords.map((_, i) => i).filter((i) => layout.fields[i]?.system === s);
        const memberSet = new Set(members);
        const top = yOfStep(TREBLE, TREBLE.top);
        const bottom = yOfStep(BASS, BASS.bottom);
        const start = system.from + 4;
        const contentFrom = (notation.measures[system.first]?.x1 ?? system.from) + 2;
        // Numbered as the score numbers its measures (a chorale's pickup is measure 0).
        const measureLabel = s > 0 ? (notation.chords[members[0] ?? 0]?.measure ?? 0) + (view.first_measure ?? 1) : null;
        const glyphIds = notation.glyphs.map((_, id) => id).filter((id) => memberSet.has((notation.glyphs[id] as Drawn).chord));
        return (
          <svg
            // biome-ignore lint/suspicious/noArrayIndexKey: systems are positions on the page
            key={s}
            className={styles.system}
            data-system={s}
            viewBox={`${system.from} 0 ${Math.max(1, system.to - system.from)} ${STAFF_HEIGHT}`}
            width={system.width}
            height={system.height}
            aria-hidden="true"
            onPointerDown={(event) => onPointerDown(event, s)}
            onPointerMove={(event) => onPointerMove(event, s)}
            onPointerUp={endDrag}
            onPointerCancel={endDrag}
          >
            {members.map((i) => {
              const c = notation.chords[i];
              if (!c) return null;
              const highlight = playing === i ? styles.playing : selected?.chord === i ? styles.column : null;
              return highlight ? (
                <rect
                  key={`col-${i}`}
                  x={c.x1 + 1}
                  width={Math.max(4, c.x2 - c.x1 - 2)}
                  y={top - 4 * HALF}
                  height={bottom - top + 8 * HALF}
                  rx={4}
                  className={highlight}
                />
              ) : null;
            })}
            {staffLines(TREBLE, start, system.to)}
            {staffLines(BASS, start, system.to)}
            <line x1={start} x2={start} y1={top} y2={bottom} className={styles.bar} />
            <Glyph d={GLYPH.gClef} x={start + 6} y={yOfStep(TREBLE, 32)} />
            <Glyph d={GLYPH.fClef} x={start + 6} y={yOfStep(BASS, 24)} />
            {signature.map((sign, k) => (
              <g key={`sig-${sign.trebleStep}`}>
                <Accidental alter={sign.alter} x={start + 40 + k * 10} y={yOfStep(TREBLE, sign.trebleStep)} />
                <Accidental alter={sign.alter} x={start + 40 + k * 10} y={yOfStep(BASS, sign.trebleStep - 14)} />
              </g>
            ))}
            {measureLabel === null ? null : (
              <text x={start} y={top - 5 * HALF} className={styles.measureNumber}>
                {measureLabel}
              </text>
            )}
            {notation.meters
              .filter((m) => m.measure >= system.first && m.measure <= system.last)
              .map((m) => {
                const [count, unit] = m.meter.split('/');
                return (
                  <g key={`meter-${m.measure}`} className={styles.meter} data-meter={m.meter}>
                    {[TREBLE, BASS].map((staff) => (
                      <text key={staff.clef} x={m.x} y={yOfStep(staff, staff.top - 2) + 4}>
                        <tspan x={m.x}>{count}</tspan>
                        <tspan x={m.x} dy={SPACE * 2}>
                          {unit}
                        </tspan>
                      </text>
                    ))}
                  </g>
                );
              })}
            {notation.measures.slice(system.first, system.last + 1).map((measure) => (
              <line key={`bar-${measure.x2}`} x1={measure.x2} x2={measure.x2} y1={top} y2={bottom} className={styles.bar} />
            ))}
            {members.map((i) => {
              const c = notation.chords[i];
              if (!c) return null;
              return (
                <g key={`chord-${i}`} data-chord={i + 1}>
                  {pairLines(i, c.x)}
                  <ChordLabel chord={view.chords[i]} x={c.x} />
                  {(badges.get(i) ?? []).map((index, k) => (
                    <g
                      key={`badge-${index}`}
                      data-finding={index + 1}
                      className={styles.badge}
                      transform={`translate(${c.x - 6 + k * 14} 9)`}
                    >
                      <circle r={7} />
                      <text y={3.5}>{index + 1}</text>
                    </g>
                  ))}
                </g>
              );
            })}
            {notation.fermatas
              .filter((f) => memberSet.has(f.chord))
              .map((f) => (
                <g key={`fermata-${f.chord}`} className={styles.fermata} data-fermata={f.chord + 1}>
                  <Glyph d={GLYPH.fermataAbove} x={f.x - 6} y={top - 3 * HALF} />
                  <Glyph d={GLYPH.fermataBelow} x={f.x - 6} y={bottom + 3 * HALF} />
                </g>
              ))}
            {notation.beams.map((beam, b) => {
              if (!beam.glyphs.some((id) => glyphIds.includes(id))) return null;
              const given = (notation.glyphs[beam.glyphs[0] as number] as Drawn).given;
              const up = beam.voice === 'S' || beam.voice === 'T';
              const thick = SPACE * 0.45;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: beams in order of the voices' time
                <g key={`beam-${b}`} className={`${styles.beam} ${given ? styles.given : ''}`} data-beam={beam.voice}>
                  {beam.segments.map((seg, k) => (
                    <path
                      // biome-ignore lint/suspicious/noArrayIndexKey: a beam's segments in order
                      key={k}
                      d={`M${seg.x1} ${seg.y1} L${seg.x2} ${seg.y2} L${seg.x2} ${seg.y2 + (up ? thick : -thick)} L${seg.x1} ${seg.y1 + (up ? thick : -thick)}Z`}
                    />
                  ))}
                </g>
              );
            })}
            {glyphIds.map((id) => drawGlyph(notation.glyphs[id] as Drawn, id))}
            {notation.ties.map((tie, k) => {
              const a = notation.glyphs[tie.from] as Drawn;
              const b = notation.glyphs[tie.to] as Drawn;
              const inA = memberSet.has(a.chord);
              const inB = memberSet.has(b.chord);
              if (!inA && !inB) return null;
              return drawTie(tie, inA ? system.from : contentFrom, inB ? system.to : system.to - 2, `tie-${k}`);
            })}
            {held && memberSet.has(held.chord)
              ? (() => {
                  const g = glyphAt(held.chord, held.voice, held.at);
                  return g?.kind === 'note' ? <HeldName note={g.pitch} y={g.y} x={g.x + HEAD_WIDTH / 2} /> : null;
                })()
              : null}
            {/* The tap targets: each chord's span, the staff's whole height. */}
            {members.map((i) => {
              const c = notation.chords[i];
              if (!c) return null;
              return (
                <rect
                  key={`hit-${i}`}
                  x={c.x1}
                  width={Math.max(1, c.x2 - c.x1)}
                  y={0}
                  height={STAFF_HEIGHT}
                  className={styles.hit}
                  data-column={i + 1}
                />
              );
            })}
          </svg>
        );
      })}
    </div>
  );
}
