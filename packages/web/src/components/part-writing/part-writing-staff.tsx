import type { PartWritingWorkspace as PartWritingView } from '@app/contract/part-writing';
import type { Finding } from '@app/contract/part-writing/check';
import { keyedFigures } from '@app/contract/part-writing/chords';
import type { Voice } from '@app/contract/part-writing/rules';
import { parsePitch } from '@app/contract/part-writing/theory';
import { keysInForce, type WrittenChord } from '@app/contract/part-writing/written';
import { type PointerEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import styles from './part-writing-staff.module.css';
import {
  accidentals,
  BASS,
  COLUMN,
  dragNote,
  FIGURES_Y,
  figureText,
  HALF,
  keySignature,
  ledgerSteps,
  lineOut,
  noteAtY,
  noteY,
  pointerVoice,
  SPACE,
  STAFF_HEIGHT,
  type Staff,
  staffOf,
  staffSystems,
  stemUp,
  stepOf,
  TREBLE,
  yOfStep,
} from './staff.ts';
import { LONG_PRESS_MS, pressStart, stillTap } from './touch.ts';

/*
 * Glyphs from the Leipzig music font (Verovio's default; SIL Open Font License 1.1), in font units:
 * 250 to a staff space, y up. Copied as paths so the staff needs no font and no Verovio in the browser.
 */
const GLYPH = {
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
} as const;
const FONT = SPACE / 250;
const HEAD = 314 * FONT;

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
function HeldName({ note, voice, x }: { note: string | undefined; voice: Voice; x: number }) {
  const y = noteY(voice, note);
  if (y === null || !note) return null;
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

export type StaffCell = { chord: number; voice: Voice };

export interface PartWritingStaffProps {
  view: PartWritingView;
  cells: readonly WrittenChord[];
  selected: StaffCell | null;
  readOnly: boolean;
  findings: readonly Finding[];
  /** The chord sounding in playback, if any. */
  playing: number | null;
  onSelect: (cell: StaffCell) => void;
  onNote: (cell: StaffCell, note: string) => void;
  label: string;
}

const UNMEASURED_WIDTH = 1024;
type Drag = { pointerId: number; chord: number; voice: Voice; from: string; startY: number; last: string };
/** A finger pressed on empty staff, not yet a tap, a scroll or a pick-up (see `pressStart`). */
type Waiting = { pointerId: number; chord: number; voice: Voice; y: number; clientX: number; clientY: number; timer: number };

/**
 * The part writing as a grand staff (issue 27, decision 041): the given voices in grey, the
 * student's in ink, broken into systems that fit the box. A tap on a chord's column writes the
 * voice (see `pointerVoice`) at that height; dragging moves the note step by step. Findings are
 * numbered above their chords, their notes red and each pair of voices joined. Drawn with our own
 * SVG so every note is live; the grid and the text form are the accessible way in, so the staff
 * is hidden from assistive technology.
 */
export function PartWritingStaff({ view, cells, selected, readOnly, findings, playing, onSelect, onNote, label }: PartWritingStaffProps) {
  const box = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState(0);
  const drag = useRef<Drag | null>(null);
  const waiting = useRef<Waiting | null>(null);
  /** The note a pointer holds: its name is shown above it while the finger covers it. */
  const [held, setHeld] = useState<StaffCell | null>(null);

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

  const line = useMemo(() => lineOut(view.chords, view.meter, view.key, view.pickup), [view.chords, view.meter, view.key, view.pickup]);
  const layout = useMemo(() => (boxWidth > 0 ? staffSystems(line, boxWidth) : null), [line, boxWidth]);
  const signature = useMemo(() => keySignature(view.key), [view.key]);
  const voices = useMemo(() => (['S', 'A', 'T', 'B'] as const).filter((v) => view.given.includes(v) || view.write.includes(v)), [view]);
  const noteOf = (chord: number, voice: Voice) => view.chords[chord]?.[voice] ?? cells[chord]?.[voice];
  const shownAccidentals = useMemo(
    () =>
      accidentals(
        view.chords.flatMap((chord, index) =>
          voices.map((voice) => ({ chord: index, voice, note: chord[voice] ?? cells[index]?.[voice] })),
        ),
        (chord) => line.chords[chord]?.measure ?? 0,
        view.key,
      ),
    [view.chords, voices, cells, line, view.key],
  );
  const marked = useMemo(() => {
    const set = new Set<string>();
    for (const finding of findings) for (const chord of finding.chords) for (const voice of finding.voices) set.add(`${chord}:${voice}`);
    return set;
  }, [findings]);
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

  const headY = (voice: Voice, note: string) => yOfStep(staffOf(voice), stepOf(parsePitch(note) ?? { step: 0, octave: 0 }));

  /** Writes the note at height `y` (or picks up the one there) and lets the pointer drag it. */
  const startDrag = (pointerId: number, chord: number, voice: Voice, y: number, onNoteHead: boolean) => {
    const current = cells[chord]?.[voice] ?? '';
    // A press on a note picks it up (it moves only when dragged); elsewhere the note goes where the press is.
    const note = onNoteHead ? current : noteAtY(voice, y, keyAt(chord), current);
    if (note !== current) onNote({ chord, voice }, note);
    drag.current = { pointerId, chord, voice, from: note, startY: onNoteHead ? headY(voice, current) : y, last: note };
    setHeld({ chord, voice });
  };

  const onPointerDown = (event: PointerEvent<SVGSVGElement>, system: number) => {
    const placed = layout?.systems[system];
    if (!placed) return;
    const { x, y } = toUnits(event, placed.from, placed.to);
    let chord = -1;
    line.chords.forEach((c, index) => {
      if (layout?.fields[index]?.system === system && Math.abs(c.x - x) <= COLUMN / 2 + 2) chord = index;
    });
    const notes = cells[chord] ?? {};
    const voice = readOnly
      ? (selected?.voice ?? view.write[0])
      : pointerVoice({ y, notes, write: view.write, selected: selected?.voice ?? null });
    const current = voice ? (notes[voice] ?? '') : '';
    const onNoteHead = !!voice && current !== '' && Math.abs(headY(voice, current) - y) <= HALF * 1.5;
    const start = pressStart({ pointerType: event.pointerType, button: event.button, inColumn: chord >= 0, onNote: onNoteHead, readOnly });
    if (start === 'none' || !voice) return;
    if (start === 'select') {
      onSelect({ chord, voice });
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
        onSelect({ chord, voice });
        startDrag(pointerId, chord, voice, y, false);
      }, LONG_PRESS_MS);
      waiting.current = { pointerId, chord, voice, y, clientX: event.clientX, clientY: event.clientY, timer };
      return;
    }
    onSelect({ chord, voice });
    event.preventDefault();
    startDrag(event.pointerId, chord, voice, y, onNoteHead);
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
    onNote({ chord: current.chord, voice: current.voice }, note);
  };

  const endDrag = (event: PointerEvent<SVGSVGElement>) => {
    const pending = waiting.current;
    if (pending?.pointerId === event.pointerId) {
      window.clearTimeout(pending.timer);
      waiting.current = null;
      // A tap: lifted where it pressed, so the note is written there (a cancelled touch was a scroll).
      if (event.type === 'pointerup') {
        onSelect({ chord: pending.chord, voice: pending.voice });
        startDrag(pending.pointerId, pending.chord, pending.voice, pending.y, false);
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

  const drawNote = (chord: number, voice: Voice, x: number) => {
    const note = noteOf(chord, voice);
    const pitch = parsePitch(note ?? '');
    if (!pitch) return null;
    const staff = staffOf(voice);
    const step = stepOf(pitch);
    const y = yOfStep(staff, step);
    const given = view.chords[chord]?.[voice] !== undefined;
    const beats = view.chords[chord]?.beats ?? 1;
    const up = stemUp(voice);
    // Two voices a second apart on one staff: the lower voice's head steps aside.
    const partner = staff === TREBLE ? (voice === 'A' ? 'S' : null) : voice === 'B' ? 'T' : null;
    const partnerPitch = partner ? parsePitch(noteOf(chord, partner) ?? '') : undefined;
    const shift = partnerPitch && Math.abs(stepOf(partnerPitch) - step) <= 1 ? HEAD * 0.9 : 0;
    const headX = x - HEAD / 2 + shift;
    const alter = shownAccidentals.get(`${chord}:${voice}`);
    const isSelected = selected?.chord === chord && selected.voice === voice;
    const className = [
      styles.note,
      given ? styles.given : '',
      isSelected ? styles.selectedNote : '',
      marked.has(`${chord}:${voice}`) ? styles.marked : '',
    ].join(' ');
    const head = beats >= 4 ? GLYPH.whole : beats >= 2 ? GLYPH.half : GLYPH.black;
    return (
      <g key={voice} className={className} data-note={`${chord + 1}${voice}`} data-pitch={note}>
        {ledgerSteps(staff, step).map((s) => (
          <line key={s} x1={headX - 4} x2={headX + HEAD + 4} y1={yOfStep(staff, s)} y2={yOfStep(staff, s)} className={styles.ledger} />
        ))}
        {alter === undefined ? null : <Accidental alter={alter} x={headX - 11} y={y} />}
        <Glyph d={head} x={headX} y={y} />
        {beats >= 4 ? null : up ? (
          <line x1={headX + HEAD - 0.6} x2={headX + HEAD - 0.6} y1={y - 1} y2={y - SPACE * 3.3} className={styles.stem} />
        ) : (
          <line x1={headX + 0.6} x2={headX + 0.6} y1={y + 1} y2={y + SPACE * 3.3} className={styles.stem} />
        )}
        {beats === 3 || beats === 1.5 || beats === 0.75 ? (
          <circle cx={headX + HEAD + 4} cy={step % 2 === 0 ? y - HALF / 1.2 : y} r={1.6} />
        ) : null}
      </g>
    );
  };

  /** A finding's voice pairs, joined in each of its chords by a red line between their notes. */
  const pairLines = (chord: number, x: number) =>
    findings.flatMap((finding, index) => {
      if (!finding.chords.includes(chord) || finding.voices.length < 2) return [];
      const ys = finding.voices
        .map((voice) => {
          const pitch = parsePitch(noteOf(chord, voice) ?? '');
          return pitch ? yOfStep(staffOf(voice), stepOf(pitch)) : null;
        })
        .filter((y): y is number => y !== null);
      if (ys.length < 2) return [];
      return [
        <line
          // biome-ignore lint/suspicious/noArrayIndexKey: one line per finding and chord
          key={`pair-${index}`}
          x1={x - HEAD / 2 - 5 - (index % 3) * 3}
          x2={x - HEAD / 2 - 5 - (index % 3) * 3}
          y1={Math.min(...ys)}
          y2={Math.max(...ys)}
          className={styles.pair}
        />,
      ];
    });

  return (
    <div ref={box} className={styles.staff} aria-label={label} role="img">
      {layout?.systems.map((system, s) => {
        const members = line.chords.map((_, i) => i).filter((i) => layout.fields[i]?.system === s);
        const top = yOfStep(TREBLE, TREBLE.top);
        const bottom = yOfStep(BASS, BASS.bottom);
        const start = system.from + 4;
        // Numbered as the score numbers its measures (a chorale's pickup is measure 0).
        const measureLabel = s > 0 ? (line.chords[members[0] ?? 0]?.measure ?? 0) + (view.first_measure ?? 1) : null;
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
              const x = line.chords[i]?.x ?? 0;
              const highlight = playing === i ? styles.playing : selected?.chord === i ? styles.column : null;
              return highlight ? (
                <rect
                  key={`col-${i}`}
                  x={x - COLUMN / 2 + 2}
                  width={COLUMN - 4}
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
            {line.measures.slice(system.first, system.last + 1).map((measure) => (
              <line key={`bar-${measure.x2}`} x1={measure.x2} x2={measure.x2} y1={top} y2={bottom} className={styles.bar} />
            ))}
            {members.map((i) => {
              const x = line.chords[i]?.x ?? 0;
              return (
                <g key={`chord-${i}`} data-chord={i + 1}>
                  {pairLines(i, x)}
                  <ChordLabel chord={view.chords[i]} x={x} />
                  {held?.chord === i ? <HeldName note={noteOf(i, held.voice)} voice={held.voice} x={x} /> : null}
                  {voices.map((voice) => drawNote(i, voice, x))}
                  {(badges.get(i) ?? []).map((index, k) => (
                    <g
                      key={`badge-${index}`}
                      data-finding={index + 1}
                      className={styles.badge}
                      transform={`translate(${x - 6 + k * 14} 9)`}
                    >
                      <circle r={7} />
                      <text y={3.5}>{index + 1}</text>
                    </g>
                  ))}
                </g>
              );
            })}
            {/* The tap targets: each chord's column, the staff's whole height. */}
            {members.map((i) => (
              <rect
                key={`hit-${i}`}
                x={(line.chords[i]?.x ?? 0) - COLUMN / 2}
                width={COLUMN}
                y={0}
                height={STAFF_HEIGHT}
                className={styles.hit}
                data-column={i + 1}
              />
            ))}
          </svg>
        );
      })}
    </div>
  );
}
