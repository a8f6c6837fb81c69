import { describe, expect, it } from 'vitest';
import { HEAD_WIDTH, layOutNotation, type NotationChord, pieces, placeAtX, QUARTER_SPACE, spaceFor } from './notation.ts';
import {
  BASS,
  dragNote,
  figureText,
  HALF,
  keySignature,
  ledgerSteps,
  measureBeats,
  noteAtStep,
  noteAtY,
  noteY,
  pointerVoice,
  staffAtY,
  staffSystems,
  stepAtY,
  TREBLE,
  yOfStep,
} from './staff.ts';

/** The notation of chords with the bass given (texts in the chords) and the upper voices written (`cells`). */
function notate(
  chords: NotationChord[],
  options: {
    meter?: string;
    key?: string;
    pickup?: number;
    cells?: Partial<Record<'S' | 'A' | 'T' | 'B', string>>[];
    given?: ('S' | 'A' | 'T' | 'B')[];
  } = {},
) {
  return layOutNotation({
    chords,
    cells: options.cells ?? [],
    given: options.given ?? ['B'],
    write: (['S', 'A', 'T', 'B'] as const).filter((v) => !(options.given ?? ['B']).includes(v)),
    meter: options.meter ?? '4/4',
    key: options.key ?? 'C major',
    pickup: options.pickup,
  });
}

describe('the staff: pitch and height', () => {
  it('puts the lines where the clefs say: treble E4–F5, bass G2–A3, middle C between', () => {
    expect(noteY('S', 'E4')).toBe(yOfStep(TREBLE, TREBLE.bottom));
    expect(noteY('S', 'F5')).toBe(TREBLE.topY);
    expect(noteY('B', 'A3')).toBe(BASS.topY);
    expect(noteY('B', 'G2')).toBe(yOfStep(BASS, BASS.bottom));
    expect(noteY('T', 'C4')).toBe(BASS.topY - 2 * HALF);
    expect(noteY('A', 'C4')).toBe(yOfStep(TREBLE, 30) + 2 * HALF);
    // Sharps and flats share their letter's place.
    expect(noteY('S', 'F#5')).toBe(noteY('S', 'F5'));
    expect(noteY('S', 'Cb5')).toBe(noteY('S', 'C5'));
    expect(noteY('S', '')).toBeNull();
  });

  it('reads a height back as the step at that place, and every note of the staves round-trips', () => {
    for (const voice of ['S', 'A', 'T', 'B'] as const)
      for (const note of voice === 'S' || voice === 'A'
        ? ['G3', 'C4', 'E4', 'B4', 'F5', 'A5']
        : [...(voice === 'B' ? ['E2'] : []), 'G2', 'C3', 'A3', 'C4', 'G4']) {
        const y = noteY(voice, note) as number;
        expect(noteAtY(voice, y, 'C major')).toBe(note);
        // Anywhere within half a step of the place is the same note.
        expect(noteAtY(voice, y + HALF * 0.45, 'C major')).toBe(note);
        expect(noteAtY(voice, y - HALF * 0.45, 'C major')).toBe(note);
      }
    expect(stepAtY(TREBLE, TREBLE.topY + HALF)).toBe(37);
  });

  it('spells a place as the key signature spells its letter, keeping an accidental the student set on the same place', () => {
    const f5 = noteY('S', 'F5') as number;
    expect(noteAtY('S', f5, 'G major')).toBe('F#5');
    expect(noteAtY('S', f5, 'C major')).toBe('F5');
    expect(noteAtY('A', noteY('A', 'B4') as number, 'F major')).toBe('Bb4');
    expect(noteAtY('T', noteY('T', 'G3') as number, 'a minor')).toBe('G3');
    // The raised leading tone stays while it is on G3, a step away the key's spelling returns.
    expect(noteAtY('T', noteY('T', 'G3') as number, 'a minor', 'G#3')).toBe('G#3');
    expect(noteAtY('T', noteY('T', 'A3') as number, 'a minor', 'G#3')).toBe('A3');
    expect(noteAtStep(28, 'Eb major')).toBe('C4');
    expect(noteAtStep(27, 'Eb major')).toBe('Bb3');
  });

  it('keeps a tap within the voice’s reach (its range and four steps more)', () => {
    expect(noteAtY('S', 0, 'C major')).toBe('D6');
    expect(noteAtY('B', 10_000, 'C major')).toBe('A1');
  });

  it('tells the staves apart at the middle of the gap, and draws ledger lines to the note', () => {
    expect(staffAtY(yOfStep(TREBLE, 29))).toBe(TREBLE);
    expect(staffAtY(yOfStep(BASS, 27))).toBe(BASS);
    expect(ledgerSteps(TREBLE, 28)).toEqual([28]);
    expect(ledgerSteps(TREBLE, 25)).toEqual([28, 26]);
    expect(ledgerSteps(TREBLE, 41)).toEqual([40]);
    expect(ledgerSteps(BASS, 32)).toEqual([28, 30, 32]);
    expect(ledgerSteps(BASS, 16)).toEqual([16]);
    expect(ledgerSteps(BASS, 22)).toEqual([]);
  });
});

describe('the staff: dragging a note', () => {
  const keyText = 'C major';
  const start = noteY('S', 'E5') as number;
  it('moves a step for each half space the pointer moves, up and down, spelled by the key', () => {
    const drag = { voice: 'S' as const, from: 'E5', startY: start, keyText };
    expect(dragNote(drag, start)).toBe('E5');
    expect(dragNote(drag, start - HALF)).toBe('F5');
    expect(dragNote(drag, start - 2.4 * HALF)).toBe('G5');
    expect(dragNote(drag, start + 3 * HALF)).toBe('B4');
    expect(dragNote(drag, start + HALF * 0.4)).toBe('E5');
  });

  it('keeps the accidental of the note it started from on its own step only, and stops at the voice’s reach', () => {
    const drag = { voice: 'S' as const, from: 'F#5', startY: noteY('S', 'F5') as number, keyText };
    expect(dragNote(drag, drag.startY - HALF)).toBe('G5');
    expect(dragNote(drag, drag.startY)).toBe('F#5');
    expect(dragNote(drag, drag.startY + HALF)).toBe('E5');
    expect(dragNote(drag, drag.startY - 40 * HALF)).toBe('D6');
    // Dragged from a tap where no note was: the tap's place.
    expect(dragNote({ voice: 'B', from: '', startY: 0, keyText }, noteY('B', 'D3') as number)).toBe('D3');
  });

  it('picks the voice a tap writes: the note under it, else the selected voice on its staff, else the other staff’s empty voice', () => {
    const write = ['S', 'A', 'T'] as const;
    const notes = { S: 'G4', A: 'E4' };
    // On the alto's note with the soprano selected: the alto is picked up.
    expect(pointerVoice({ y: noteY('A', 'E4') as number, notes, write: [...write], selected: 'S' })).toBe('A');
    // Elsewhere on the treble staff: the selected soprano.
    expect(pointerVoice({ y: noteY('S', 'D5') as number, notes, write: [...write], selected: 'S' })).toBe('S');
    // On the bass staff with the soprano selected: the tenor, the voice there still to write.
    expect(pointerVoice({ y: noteY('T', 'C3') as number, notes, write: [...write], selected: 'S' })).toBe('T');
    // On the treble staff with the tenor selected and both upper notes written: the nearer one.
    expect(pointerVoice({ y: noteY('S', 'A4') as number, notes, write: [...write], selected: 'T' })).toBe('S');
    expect(pointerVoice({ y: noteY('S', 'C4') as number, notes, write: [...write], selected: 'T' })).toBe('A');
    // Only the bass to write (given soprano): a tap on the treble staff still writes the bass.
    expect(pointerVoice({ y: noteY('S', 'C5') as number, notes: {}, write: ['B'], selected: null })).toBe('B');
  });
});

describe('the staff: key, measures, accidentals and systems', () => {
  it('draws key signatures in the usual order', () => {
    expect(keySignature('C major')).toEqual([]);
    expect(keySignature('a minor')).toEqual([]);
    expect(keySignature('D major').map((s) => s.trebleStep)).toEqual([38, 35]);
    expect(keySignature('c minor')).toEqual([
      { alter: -1, trebleStep: 34 },
      { alter: -1, trebleStep: 37 },
      { alter: -1, trebleStep: 33 },
    ]);
  });

  it('groups chords into measures by the meter, a pickup first and a chord’s own meter starting a new one', () => {
    expect(measureBeats('4/4')).toBe(4);
    expect(measureBeats('3/4')).toBe(3);
    expect(measureBeats('6/8')).toBe(3);
    expect(measureBeats('2/2')).toBe(4);
    const line = notate([1, 1, 1, 1, 2, 2, 4].map((beats) => ({ beats, B: 'C3' })));
    expect(line.chords.map((c) => c.measure)).toEqual([0, 0, 0, 0, 1, 1, 2]);
    expect(line.measures).toHaveLength(3);
    // A chorale's pickup of one beat is a measure of its own; the measures after it are whole.
    const chorale = notate(
      [1, 1, 1, 1, 1, 2, 1].map((beats) => ({ beats, B: 'G2' })),
      { meter: '3/4', pickup: 1 },
    );
    expect(chorale.chords.map((c) => c.measure)).toEqual([0, 1, 1, 1, 2, 2, 3]);
    const xs = line.chords.map((c) => c.x);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    for (const chord of line.chords) {
      const measure = line.measures[chord.measure];
      expect(chord.x).toBeGreaterThan(measure?.x1 as number);
      expect(chord.x).toBeLessThan(measure?.x2 as number);
    }
    // 3/4 from the fourth chord: the 4/4 measure closes early, the time signature is drawn where it changes.
    const changing = notate([{ beats: 2 }, { beats: 2 }, { beats: 3, meter: '3/4' }, { beats: 3 }].map((c) => ({ ...c, B: 'C3' })));
    expect(changing.chords.map((c) => c.measure)).toEqual([0, 0, 1, 2]);
    expect(changing.meters.map((m) => [m.measure, m.meter])).toEqual([
      [0, '4/4'],
      [1, '3/4'],
    ]);
  });

  it('breaks the line into systems that fit the box, whole measures each (the analysis workspace’s layout)', () => {
    const line = notate(Array.from({ length: 16 }, () => ({ beats: 1, B: 'C3' })));
    const wide = staffSystems(line, 1200);
    expect(wide.systems).toHaveLength(1);
    expect(wide.systems[0]?.scale).toBe(1.25);
    expect(staffSystems(line, 1000).systems).toHaveLength(2);
    const phone = staffSystems(line, 343);
    expect(phone.systems.length).toBeGreaterThanOrEqual(3);
    for (const system of phone.systems) expect(system.width).toBeLessThanOrEqual(343);
    expect(phone.fields.map((f) => f.system)).toEqual([...phone.fields.map((f) => f.system)].sort((a, b) => a - b));
    // Every system but the first starts with room for the clef and key signature.
    expect(phone.systems.slice(1).every((s) => s.prefix)).toBe(true);
  });
});

describe('the staff: figures as printed', () => {
  it('prints accidentals before or after a figure as ♯ ♭ ♮, a cross as written and a slashed figure as raised', () => {
    expect(['#6', '6#', 'b7', '7b', 'n6', '6n', '6+', '4+', '6\\', '#', 'b', 'n'].map(figureText)).toEqual([
      '♯6',
      '6♯',
      '♭7',
      '7♭',
      '♮6',
      '6♮',
      '6+',
      '4+',
      '6♯',
      '♯',
      '♭',
      '♮',
    ]);
  });
});

describe('the staff: rhythm (issue 35)', () => {
  // BWV 357-like: soprano and bass given with eighths, a dotted rhythm, a tie over the barline and a rest.
  const chords: NotationChord[] = [
    { beats: 1, S: 'G4', B: 'G2:8+A2:8' },
    { beats: 1, S: 'B4:8.+C5:16', B: 'B2' },
    { beats: 1, S: 'D5', B: 'G2:8+F#2:8' },
    { beats: 1, S: 'D5~', B: 'E2' },
    { beats: 2, S: 'D5:4+C5:4', B: 'r:4+D3:4', phrase_end: true },
    { beats: 2, S: 'B4', B: 'G2' },
  ];
  const given: ('S' | 'B')[] = ['S', 'B'];
  const cells = [{ A: 'D4:8+E4:8', T: 'B3' }, { A: 'G4', T: 'D3:8+E3:8' }, {}, { A: 'F#4' }];
  const line = notate(chords, { given, cells });
  const of = (chord: number, voice: string) => line.glyphs.filter((g) => g.chord === chord && g.voice === voice);

  it('draws each note with its value: heads, dots, flags or beams, stems by voice', () => {
    expect(of(0, 'S').map((g) => [g.head, g.beats, g.dots])).toEqual([['black', 1, 0]]);
    expect(of(1, 'S').map((g) => [g.head, g.beats, g.dots])).toEqual([
      ['black', 0.75, 1],
      ['black', 0.25, 0],
    ]);
    expect(of(5, 'S')[0]?.head).toBe('half');
    // The soprano's dotted eighth and sixteenth share a beam (one main beam, a stub for the sixteenth); no flags.
    const dotted = of(1, 'S');
    expect(dotted.every((g) => g.beam !== undefined && g.flags === 0)).toBe(true);
    const beam = line.beams[dotted[0]?.beam as number];
    expect(beam?.segments.filter((s) => s.level === 1)).toHaveLength(1);
    expect(beam?.segments.filter((s) => s.level === 2)).toHaveLength(1);
    // Soprano stems go up, to the beam; the bass's go down.
    for (const g of dotted) expect((g.stem?.y2 as number) < g.y).toBe(true);
    for (const g of of(0, 'B')) expect((g.stem?.y2 as number) > g.y).toBe(true);
    // The bass's two eighths in one beat are beamed; the alto's eighths too (a written voice).
    expect(of(0, 'B').every((g) => g.beam !== undefined)).toBe(true);
    expect(of(0, 'A').every((g) => g.beam !== undefined)).toBe(true);
    // An eighth alone in its beat has a flag.
    const lone = notate([
      { beats: 1, B: 'C3:8.+D3:16' },
      { beats: 1, B: 'r:8+E3:8' },
    ]);
    expect(lone.glyphs.find((g) => g.chord === 1 && g.kind === 'note')?.flags).toBe(1);
    expect(lone.glyphs.find((g) => g.chord === 1 && g.kind === 'rest')?.beats).toBe(0.5);
  });

  it('places notes by time, the room after each growing with its length', () => {
    expect(spaceFor(1)).toBe(QUARTER_SPACE);
    expect(spaceFor(4)).toBeGreaterThan(spaceFor(2));
    expect(spaceFor(2)).toBeGreaterThan(spaceFor(1));
    expect(spaceFor(0.5)).toBeLessThan(spaceFor(1));
    // Voices sounding together line up: the bass's A2 and the alto's E4 at beat 1.5.
    const [, a2] = of(0, 'B');
    const [, e4] = of(0, 'A');
    expect(Math.abs((a2?.x as number) - (e4?.x as number))).toBeLessThan(HEAD_WIDTH);
    // Later notes to the right, whatever their voice.
    const byTime = [...line.glyphs].filter((g) => g.kind === 'note').sort((a, b) => a.time - b.time);
    for (let i = 1; i < byTime.length; i += 1)
      if ((byTime[i]?.time as number) > (byTime[i - 1]?.time as number) + 1e-9)
        expect((byTime[i]?.x as number) + HEAD_WIDTH).toBeGreaterThan(byTime[i - 1]?.x as number);
    // A half note gets more room than a quarter, a quarter more than an eighth.
    const room = (chord: number) => (line.chords[chord + 1]?.x ?? 0) - (line.chords[chord]?.x ?? 0);
    expect(room(4)).toBeGreaterThan(room(2));
  });

  it('ties a note to the next, over the barline too, and draws rests and a fermata', () => {
    const tie = line.ties.find((t) => t.voice === 'S');
    expect(tie).toBeDefined();
    const from = line.glyphs[tie?.from as number];
    const to = line.glyphs[tie?.to as number];
    expect([from?.chord, to?.chord]).toEqual([3, 4]);
    expect(line.chords[from?.chord as number]?.measure).not.toBe(line.chords[to?.chord as number]?.measure);
    expect((tie?.x2 as number) > (tie?.x1 as number)).toBe(true);
    // The upper voice's tie bends up, above its heads.
    expect(tie?.up).toBe(true);
    expect(of(4, 'B').map((g) => g.kind)).toEqual(['rest', 'note']);
    expect(line.fermatas.map((f) => f.chord)).toEqual([4]);
    // An event no single value says is drawn as tied pieces (a quarter tied to a sixteenth).
    expect(pieces(1.25)).toEqual([1, 0.25]);
    const odd = notate([{ beats: 1.25, B: 'C3' }], { meter: '5/16' });
    expect(odd.glyphs.filter((g) => g.kind === 'note')).toHaveLength(2);
    expect(odd.ties).toHaveLength(1);
  });

  it('leaves a gap to write where a written line stops short, and finds the note or gap a tap means', () => {
    // Chord 3's tenor is empty: one gap for the whole chord; chord 4's tenor too.
    expect(of(2, 'T').map((g) => [g.kind, g.at, g.beats])).toEqual([['gap', 0, 1]]);
    const short = notate([{ beats: 1, B: 'C3' }], { cells: [{ S: 'E5:8', A: 'G4', T: 'C4' }] });
    const soprano = short.glyphs.filter((g) => g.voice === 'S');
    expect(soprano.map((g) => [g.kind, g.at])).toEqual([
      ['note', 0],
      ['gap', 0.5],
    ]);
    const gap = soprano[1];
    expect(placeAtX(short, 0, 'S', (gap?.x as number) + 2)).toBe(0.5);
    expect(placeAtX(short, 0, 'S', soprano[0]?.x as number)).toBe(0);
  });

  it('shows an accidental once in its measure, not again on a note tied over', () => {
    const tied = notate(
      [
        { beats: 2, B: 'C3' },
        { beats: 2, B: 'C3' },
        { beats: 2, B: 'C3' },
      ],
      {
        cells: [
          { S: 'F#5~', A: 'A4', T: 'E3' },
          { S: 'F#5:4+F#5:4', A: 'A4', T: 'E3' },
          { S: 'F#5', A: 'A4', T: 'E3' },
        ],
      },
    );
    const sharps = tied.glyphs.filter((g) => g.voice === 'S').map((g) => g.accidental);
    // F♯ drawn, tied over (none), then carried in the measure (none), then in a new measure again.
    expect(sharps).toEqual([1, undefined, undefined, 1]);
  });
});

describe('the staff: a given voice held over a chord change (issue 35)', () => {
  it('draws it as the one note of the score when one value says it, a student’s ties as written', () => {
    const chords: NotationChord[] = [
      { beats: 1, S: 'G4~', B: 'C3~' },
      { beats: 1, S: 'G4~', B: 'C3' },
      { beats: 1, S: 'G4', B: 'D3' },
      { beats: 1, S: 'A4~', B: 'E3' },
      { beats: 1, S: 'A4', B: 'F3' },
    ];
    const line = notate(chords, {
      given: ['S', 'B'],
      cells: [
        { A: 'E4~', T: 'G3' },
        { A: 'E4', T: 'G3' },
      ],
      meter: '4/4',
    });
    const soprano = line.glyphs.filter((g) => g.voice === 'S');
    // G4 for three quarters: a dotted half; A4 over the barline stays two tied quarters.
    expect(soprano.map((g) => [g.chord, g.beats, g.head, g.dots])).toEqual([
      [0, 3, 'half', 1],
      [3, 1, 'black', 0],
      [4, 1, 'black', 0],
    ]);
    expect(line.ties.filter((t) => t.voice === 'S')).toHaveLength(1);
    expect(line.glyphs.filter((g) => g.voice === 'B' && g.kind === 'note').map((g) => g.beats)).toEqual([2, 1, 1, 1]);
    // The alto the student tied keeps both notes and the tie.
    expect(line.glyphs.filter((g) => g.voice === 'A' && g.kind === 'note')).toHaveLength(2);
    expect(line.ties.filter((t) => t.voice === 'A')).toHaveLength(1);
  });
});

describe('the staff: findings on a held-over given note', () => {
  it('names the chords’ notes a merged given note draws, so a finding about the later chord marks it', () => {
    const line = notate(
      [
        { beats: 1, B: 'E3~' },
        { beats: 1, B: 'E3' },
      ],
      { cells: [{ S: 'G4', A: 'E4', T: 'B3' }] },
    );
    const bass = line.glyphs.filter((g) => g.voice === 'B');
    expect(bass).toHaveLength(1);
    expect(bass[0]?.absorbed).toEqual(['1:B:0']);
  });
});
