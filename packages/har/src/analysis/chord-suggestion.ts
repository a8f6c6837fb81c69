import { type ChordLabel, type Degree, type Figure, formatRomanNumeral, type Quality } from '@app/contract/roman-numeral';
import type { GradingSettings } from '../grade.ts';
import { above, chordOf, type Key, type PitchClass, scaleStep, semitone } from '../library/theory.ts';
import { CHORD_TYPES, type ChordType } from './chord-types.ts';
import type { KeyedChord } from './key-areas.ts';
import type { AnalysisPosition } from './positions.ts';
import type { SpelledNote } from './score-reading.ts';
import { chordOverSpan } from './span-reading.ts';

/**
 * A Roman numeral suggested for each analysis position: the tertian chord that best
 * explains the pitch classes sounding there (spelling decides between enharmonic
 * readings, the bass gives the inversion figure), named in the key — diatonic chords,
 * sevenths, secondary dominants and leading-tone chords (V/x, vii°7/x), the Neapolitan,
 * augmented sixths and, from the chord that follows, the cadential six-four — in the
 * course's spelling. A position that only decorates the chord before it (an off-beat
 * passing or neighbour note, the same chord again) is marked `embellishing`: the author
 * is offered to skip it. These are suggestions for a person to confirm, never a key.
 */

export type Suggestion = {
  /** The suggested label in the course's spelling, or null when no chord explains the notes. */
  label: string | null;
  /** Spellings a key should accept for it (the cadential six-four and Neapolitan have two). */
  answers: string[];
  /** True when the position most likely decorates the chord before it and needs no label. */
  embellishing: boolean;
};

const TRIAD_FIGURES: Figure[] = ['', '6', '64'];
const SEVENTH_FIGURES: Figure[] = ['7', '65', '43', '42'];

type Reading = {
  root: PitchClass;
  type: ChordType;
  /** Which chord tone is lowest: 0 root, 1 third, 2 fifth, 3 seventh. */
  inversion: number;
  score: number;
  /** Sounding pitch classes the chord does not explain. */
  unexplained: number;
  /** The third sounds (and the seventh, for a seventh chord). */
  complete: boolean;
  /** A sounding note is read as another spelling of a chord tone (G♯ as A♭). */
  respelled: boolean;
};

type Named = { label: ChordLabel | 'It6' | 'Fr43' | 'Ger65'; score: number; reading?: Reading };

/** The chord found at each position (looking through suspensions) as pitch classes, root first, for finding key areas. */
export function chordTones(positions: AnalysisPosition[], key: Key, allNotes: SpelledNote[]): KeyedChord[] {
  const melody = melodicNeighbours(allNotes);
  return positions.map((_position, index) => {
    const named = namedAt(positions, index, key, melody);
    const reading = named?.reading;
    if (!reading) return { rootPosition: false };
    return {
      tones: toneClasses(reading),
      rootPosition: reading.inversion === 0,
    };
  });
}

/** The chord of a position in a key, remembered per positions list (an analysis names each position in a few keys). */
const namedCache = new WeakMap<AnalysisPosition[], Map<string, Named | undefined>>();
function namedAt(positions: AnalysisPosition[], index: number, key: Key, melody: Melody): Named | undefined {
  let cache = namedCache.get(positions);
  if (!cache) {
    cache = new Map();
    namedCache.set(positions, cache);
  }
  const id = `${index}:${key.tonic.step}${key.tonic.alter}${key.mode}`;
  if (!cache.has(id)) {
    const atOnset = nameWithDecorations(positions[index] as AnalysisPosition, key, melody, positions[index + 1]?.onset);
    cache.set(id, readOverSpan(positions, index, key, melody, atOnset));
  }
  return cache.get(id);
}

/**
 * Where the chord read at the onset still leaves a note unexplained or lacks its third, the
 * chord read over the position's span, up to the next beat (span-reading.ts), may name it instead.
 */
function readOverSpan(positions: AnalysisPosition[], index: number, key: Key, melody: Melody, named: Named | undefined): Named | undefined {
  const reading = named?.reading;
  if (!reading || (reading.unexplained === 0 && reading.complete)) return named;
  const position = positions[index] as AnalysisPosition;
  const end = positions.slice(index + 1).find((p) => p.onBeat)?.onset ?? positions[index + 1]?.onset;
  if (end === undefined) return named;
  const onsetTones = toneClasses(reading);
  const over = chordOverSpan(position, end, notesOf(melody), onsetTones, reading.type.seventh);
  if (!over) return named;
  const spanNamed = nameChord({ ...position, notes: over.notes }, key);
  return spanNamed?.reading && normalize12(semitone(spanNamed.reading.root)) === over.root ? spanNamed : named;
}

/** All the notes of the score (the melody map's keys), remembered per map. */
const notesCache = new WeakMap<Melody, SpelledNote[]>();
function notesOf(melody: Melody): SpelledNote[] {
  let notes = notesCache.get(melody);
  if (!notes) {
    notes = [...melody.keys()];
    notesCache.set(melody, notes);
  }
  return notes;
}

/** Suggestions in one key, or in each position's own key (key areas). */
export function suggestRomanNumerals(
  positions: AnalysisPosition[],
  keys: Key | Key[],
  settings: GradingSettings,
  allNotes: SpelledNote[] = positions.flatMap((p) => p.notes),
): Suggestion[] {
  const keyAt = (index: number): Key => (Array.isArray(keys) ? (keys[index] as Key) : keys);
  const melody = melodicNeighbours(allNotes);
  const named = positions.map((_, index) => namedAt(positions, index, keyAt(index), melody));
  const suggestions = named.map(
    (chord): Suggestion => (chord ? spell(chord.label, settings) : { label: null, answers: [], embellishing: false }),
  );

  // Decorations: an off-beat sonority whose new notes pass or turn by step between notes of
  // the chord before (passing and neighbour notes), or that names the same chord again.
  let lastChord: Named | undefined;
  named.forEach((chord, index) => {
    const position = positions[index] as AnalysisPosition;
    const suggestion = suggestions[index] as Suggestion;
    if (index > 0 && lastChord && !position.onBeat) {
      const previous = suggestions[index - 1];
      const same = previous?.label !== null && previous?.label === suggestion.label;
      // A passing seventh over the chord before makes its seventh chord: teachers name it (V → V7).
      if (!same && addsSeventh(lastChord, chord)) {
        lastChord = chord ?? lastChord;
        return;
      }
      // Voices moving by step onto a whole chord of its own make that chord (ii → vii°6), not a decoration;
      // so does a leading-tone chord with its third, even with a passing note against it.
      const ownChord = makesOwnChord(position, keyAt(index)) || leadingToneChord(chord);
      if (same || (!ownChord && decoratesChord(lastChord, position, melody))) {
        suggestions[index] = { ...spell(lastChord.label, settings), embellishing: true };
        return;
      }
    }
    lastChord = chord ?? lastChord;
  });

  seventhsOverHarmony(positions, named, suggestions, allNotes, settings, melody);

  // A Picardy third: the major tonic triad that ends a minor phrase is I, not V/iv.
  named.forEach((chord, index) => {
    const position = positions[index] as AnalysisPosition;
    const key = keyAt(index);
    const reading = chord?.reading;
    const ending = index === positions.length - 1 || position.notes.some((note) => note.fermata);
    if (!ending || key.mode !== 'minor' || !reading || reading.type.name !== 'major' || suggestions[index]?.embellishing) return;
    if (semitone(reading.root) !== semitone(key.tonic)) return;
    const figure = TRIAD_FIGURES[reading.inversion] ?? '';
    suggestions[index] = spell({ kind: 'chord', accidental: 0, degree: 1, quality: 'major', figure, applied: [] }, settings);
  });

  // A bare third on the mediant in a major key (E–G over E in C) is the tonic with its root left out: I6, not iii.
  named.forEach((_chord, index) => {
    const bare = bareThirdOfTonic(positions[index] as AnalysisPosition, keyAt(index));
    if (bare && !suggestions[index]?.embellishing) {
      named[index] = bare;
      suggestions[index] = spell(bare.label, settings);
    }
  });

  // The cadential six-four: a tonic six-four whose bass stays for the dominant that follows.
  suggestions.forEach((suggestion, index) => {
    const chord = named[index];
    if (!chord || suggestion.embellishing || typeof chord.label === 'string') return;
    const label = chord.label;
    if (label.degree !== 1 || label.accidental !== 0 || label.figure !== '64' || label.applied.length > 0) return;
    const nextIndex = suggestions.findIndex((s, i) => i > index && !s.embellishing);
    const next = named[nextIndex];
    if (!next || typeof next.label === 'string') return;
    const n = next.label;
    const dominant = n.degree === 5 && n.accidental === 0 && n.quality === 'major' && n.applied.length === 0;
    const sameBass = positions[nextIndex]?.notes[0]?.midi === positions[index]?.notes[0]?.midi;
    const bassNote = positions[nextIndex]?.notes[0];
    const key = keyAt(index);
    const bassIsFifth = bassNote !== undefined && bassNote.midi % 12 === semitone(scaleStep(key, 5));
    if (dominant && (sameBass || bassIsFifth) && (n.figure === '' || n.figure === '7')) {
      const tonic = key.mode === 'major' ? 'I64' : 'i64';
      suggestions[index] = { label: settings.cadential64 === 'V' ? 'V64' : tonic, answers: ['V64', tonic], embellishing: false };
    }
  });
  return suggestions;
}

function spell(label: Named['label'], settings: GradingSettings): Suggestion {
  if (typeof label === 'string') return { label, answers: [label], embellishing: false };
  const isNeapolitan = label.accidental === -1 && label.degree === 2 && label.quality === 'major' && label.applied.length === 0;
  if (isNeapolitan) {
    const n = formatRomanNumeral(label, 'N');
    const flat = formatRomanNumeral(label, 'II');
    return { label: settings.neapolitan6 === 'N' ? n : flat, answers: [n, flat], embellishing: false };
  }
  const text = formatRomanNumeral(label);
  return { label: text, answers: [text], embellishing: false };
}

type Melody = Map<SpelledNote, { previous?: SpelledNote; next?: SpelledNote }>;

/** Each note's neighbours in its voice: the note that ends where it starts, and the one that starts where it ends. */
function melodicNeighbours(notes: SpelledNote[]): Melody {
  const cached = melodyCache.get(notes);
  if (cached) return cached;
  const byVoice = new Map<string, SpelledNote[]>();
  for (const note of notes) byVoice.set(note.voice, [...(byVoice.get(note.voice) ?? []), note]);
  const melody: Melody = new Map();
  const time = (t: number) => Math.round(t * 10_000);
  for (const voice of byVoice.values()) {
    const starting = new Map<number, SpelledNote[]>();
    const ending = new Map<number, SpelledNote[]>();
    for (const note of voice) {
      starting.set(time(note.onset), [...(starting.get(time(note.onset)) ?? []), note]);
      ending.set(time(note.end), [...(ending.get(time(note.end)) ?? []), note]);
    }
    for (const note of voice) {
      const closest = (candidates: SpelledNote[] | undefined) =>
        [...(candidates ?? [])].sort((a, b) => Math.abs(a.midi - note.midi) - Math.abs(b.midi - note.midi))[0];
      melody.set(note, { previous: closest(ending.get(time(note.onset))), next: closest(starting.get(time(note.end))) });
    }
  }
  melodyCache.set(notes, melody);
  return melody;
}

const melodyCache = new WeakMap<SpelledNote[], Melody>();

const isStep = (a: SpelledNote | undefined, b: SpelledNote | undefined) =>
  a !== undefined && b !== undefined && a.midi !== b.midi && Math.abs(a.midi - b.midi) <= 2;

/**
 * Whether voices moving by step sound a whole chord of their own (all notes explained, its
 * third sounding): analysts name it (ii → vii°6, a passing six-four). Only a sonority that
 * is no chord (a passing or neighbour note against the chord) stays a decoration.
 */
function makesOwnChord(position: AnalysisPosition, key: Key): boolean {
  const reading = nameChord(position, key)?.reading;
  return reading !== undefined && reading.unexplained === 0 && reading.complete;
}

/**
 * A diminished triad or diminished seventh with its third sounding: analysts name the leading-tone
 * chord off the beat (`vii°6` between two tonic chords) even with a passing note against it.
 */
function leadingToneChord(chord: Named | undefined): boolean {
  const name = chord?.reading?.complete ? chord.reading.type.name : undefined;
  return name === 'diminished' || name === 'diminished-seventh';
}

/** Whether a chord is the major triad before with a minor seventh added: a dominant seventh (V → V7). */
function addsSeventh(before: Named, chord: Named | undefined): boolean {
  const a = before.reading;
  const b = chord?.reading;
  if (!a || !b || a.type.seventh || b.type.name !== 'dominant-seventh' || b.unexplained > 0) return false;
  if (semitone(a.root) !== semitone(b.root)) return false;
  return a.type.tones.every((tone, i) => b.type.tones[i]?.semitones === tone.semitones);
}

/** Whether every note of the position outside the chord before starts here and is a passing or neighbour note. */
function decoratesChord(chord: Named, position: AnalysisPosition, melody: Melody): boolean {
  const reading = chord.reading;
  if (!reading) return false;
  const tones = reading.type.tones.map((tone) => (semitone(reading.root) + tone.semitones) % 12);
  const foreign = position.notes.filter((note) => !tones.includes(note.midi % 12));
  if (foreign.length === 0) return false;
  return foreign.every((note) => {
    const around = melody.get(note);
    if (Math.abs(note.onset - position.onset) >= 1e-6 || !isStep(around?.previous, note)) return false;
    // A passing or neighbour note leaves by step; an anticipation is struck again (or held) in the next chord.
    const top = note === position.notes[position.notes.length - 1];
    return isStep(note, around?.next) || (top && around?.next !== undefined && around.next.midi === note.midi);
  });
}

/**
 * The chord of a position, looking through a suspension, an accented non-chord tone, an
 * anticipation or a pedal: notes that move by step are tried at the pitch they move to where
 * the rules below say so. What the onset's chord still leaves unexplained is read over the
 * beat (readOverSpan), not by trying every moving note at its resolution.
 */
function nameWithDecorations(position: AnalysisPosition, key: Key, melody: Melody, nextOnset: number | undefined): Named | undefined {
  const plain = nameChord(position, key);
  if (!plain?.reading) return plain;
  const resolved = (subset: SpelledNote[]) => {
    const notes = position.notes
      .map((note) =>
        subset.includes(note) ? { ...note, midi: melody.get(note)?.next?.midi ?? note.midi, ...pcOf(melody.get(note)?.next) } : note,
      )
      .sort((a, b) => a.midi - b.midi);
    return nameChord({ ...position, notes }, key);
  };
  const resolvesHere = (note: SpelledNote) => {
    const next = melody.get(note)?.next;
    return isStep(note, next) && next !== undefined && (nextOnset === undefined || next.onset <= nextOnset + 1e-6);
  };
  const overDominant = sixFourOverDominant(position, plain, melody, nextOnset, key, resolved);
  if (overDominant) return overDominant;
  // A prepared suspension (held from before, falling by step before the next chord: 4–3, 7–6,
  // 9–8, or the bass's 2–3) is read as its resolution even when the held note makes some other chord.
  // The other voices hold while it resolves, unless no chord explains every note at the onset (the
  // held note is a dissonance): then they may move on as it resolves (a 9–8 as the bass leaps on).
  const dissonant = plain.reading.unexplained > 0;
  const suspended = position.notes.filter((note) => {
    const resolution = melody.get(note)?.next;
    if (!resolution || note.onset >= position.onset - 1e-6 || !resolvesHere(note) || resolution.midi >= note.midi) return false;
    return dissonant || position.notes.every((other) => other === note || other.end > resolution.onset + 1e-6);
  });
  if (suspended.length > 0 && !wholeDominantSeventh(plain.reading)) {
    const named = resolved(suspended);
    if (named?.reading && named.reading.unexplained === 0 && hasThird(named.reading)) return named;
  }
  const seventh = passingSeventhFromRoot(position, key, melody);
  if (seventh) return seventh;
  const rising = risingToSeventh(position, plain.reading, melody, nextOnset, resolved);
  if (rising) return rising;
  const anticipation = heldAnticipation(position, plain.reading, melody, nextOnset, key);
  if (anticipation) return anticipation;
  const accented = accentedResolution(position, plain.reading, melody, nextOnset, resolved);
  if (accented) return accented;
  if (plain.reading.unexplained === 0) return plain;
  // A pedal: a bass held under the chords above it (from before, three quarters or more) is left out.
  const bass = position.notes[0];
  const held =
    bass !== undefined && bass.end - bass.onset >= PEDAL_QUARTERS && bass.onset < position.onset - 1e-6 && position.notes.length >= 4;
  if (held) {
    const upper = nameChord({ ...position, notes: position.notes.slice(1) }, key);
    if (upper?.reading && upper.reading.unexplained === 0 && hasThird(upper.reading)) return upper;
  }
  // Other notes the chord leaves unexplained are read over the beat (readOverSpan).
  return plain;
}

/**
 * A passing seventh from the root (8–7): one voice steps down a whole tone from the root of the
 * chord before while the others hold. The chord goes on, now with its seventh (V → V65 though
 * its root has left), as analysts name it, not the triad the remaining notes make (vii°).
 */
function passingSeventhFromRoot(position: AnalysisPosition, key: Key, melody: Melody): Named | undefined {
  const struck = position.notes.filter((note) => Math.abs(note.onset - position.onset) < 1e-6);
  const mover = struck[0];
  if (struck.length !== 1 || !mover || mover === position.notes[0]) return undefined;
  const from = melody.get(mover)?.previous;
  if (!from || from.midi - mover.midi !== 2) return undefined;
  const notes = [...position.notes, from].sort((a, b) => a.midi - b.midi);
  const named = nameChord({ ...position, notes }, key);
  const reading = named?.reading;
  if (!reading?.type.seventh || reading.unexplained > 0 || semitone(reading.root) !== from.midi % 12) return undefined;
  return named;
}

/**
 * An anticipation held over: a note above the bass, struck before this position and held
 * through it, then struck again at the next position (the next chord's note sounding early, as
 * the tonic over a cadence's V7). When the notes without it make a whole chord and with it no
 * chord explains them all, it is left out (V7, not a tonic chord with the seventh added).
 */
function heldAnticipation(
  position: AnalysisPosition,
  plain: Reading,
  melody: Melody,
  nextOnset: number | undefined,
  key: Key,
): Named | undefined {
  if (plain.unexplained === 0 || nextOnset === undefined) return undefined;
  const early = position.notes.slice(1).filter((note) => {
    const next = melody.get(note)?.next;
    return (
      note.onset < position.onset - 1e-6 &&
      Math.abs(note.end - nextOnset) < 1e-6 &&
      next !== undefined &&
      next.midi === note.midi &&
      Math.abs(next.onset - nextOnset) < 1e-6
    );
  });
  if (early.length !== 1) return undefined;
  const rest = position.notes.filter((note) => !early.includes(note));
  if (rest.length < 3) return undefined;
  const named = nameChord({ ...position, notes: rest }, key);
  return named?.reading && named.reading.unexplained === 0 && named.reading.complete ? named : undefined;
}

/**
 * A sixth rising to the seventh over a held bass within the beat (6–7 over the dominant): the six
 * chord on the beat (`iii6`) is the dominant seventh with an accented passing note, named `V7`.
 */
function risingToSeventh(
  position: AnalysisPosition,
  plain: Reading,
  melody: Melody,
  nextOnset: number | undefined,
  resolved: (subset: SpelledNote[]) => Named | undefined,
): Named | undefined {
  if (!position.onBeat || nextOnset === undefined || nextOnset - position.onset >= 1 - 1e-6) return undefined;
  if (plain.type.seventh || plain.inversion !== 1 || plain.unexplained > 0) return undefined;
  const bass = position.notes[0];
  if (!bass || bass.end < nextOnset + 1e-6) return undefined;
  const movers = position.notes.slice(1).filter((note) => note.end <= nextOnset + 1e-6);
  const mover = movers[0];
  const to = mover ? melody.get(mover)?.next : undefined;
  if (movers.length !== 1 || !mover || !to || !isStep(mover, to) || to.midi < mover.midi || Math.abs(to.onset - nextOnset) > 1e-6)
    return undefined;
  const named = resolved([mover]);
  const reading = named?.reading;
  if (reading?.type.name !== 'dominant-seventh' || !reading.complete || reading.unexplained > 0) return undefined;
  return semitone(reading.root) === bass.midi % 12 ? named : undefined;
}

/**
 * A prepared note falling by step that is the seventh of a whole dominant seventh (its third
 * sounding, every note explained) is the chord's seventh resolving, not a suspension: `V42`
 * (the seventh held in the bass) or `V7`, not the chord it falls into (`iii7`, `iii6`).
 */
function wholeDominantSeventh(reading: Reading): boolean {
  return reading.type.name === 'dominant-seventh' && reading.unexplained === 0 && reading.complete;
}

/**
 * Over the dominant held in the bass, within a beat: the tonic six-four, the mediant six chord and
 * V are one cadential gesture. The mediant six chord (`iii6`) whose one moving voice falls to the
 * fifth above the bass (6–5) is named V, or rises to the tonic (7–8) the tonic six-four; a whole
 * tonic six-four whose fourth falls (4–3) while its sixth holds stays the six-four, not `iii6`.
 */
function sixFourOverDominant(
  position: AnalysisPosition,
  plainNamed: Named,
  melody: Melody,
  nextOnset: number | undefined,
  key: Key,
  resolved: (subset: SpelledNote[]) => Named | undefined,
): Named | undefined {
  const plain = plainNamed.reading;
  if (!plain || nextOnset === undefined || nextOnset - position.onset >= 1 - 1e-6 || plain.unexplained > 0 || !plain.complete)
    return undefined;
  const bass = position.notes[0];
  const dominant = semitone(scaleStep(key, 5));
  const tonic = semitone(key.tonic);
  if (!bass || bass.midi % 12 !== dominant || bass.end < nextOnset + 1e-6) return undefined;
  const root = semitone(plain.root);
  const triad = !plain.type.seventh && plain.type.name !== 'diminished';
  if (triad && plain.inversion === 2 && root === tonic) return plainNamed;
  const mediant = semitone(scaleStep(key, 3));
  if (plain.type.name === 'diminished' || plain.inversion !== 1 || root !== mediant) return undefined;
  const movers = position.notes.slice(1).filter((note) => note.end <= nextOnset + 1e-6);
  const steps = (note: SpelledNote) => {
    const to = melody.get(note)?.next;
    return to !== undefined && isStep(note, to) && Math.abs(to.onset - nextOnset) < 1e-6;
  };
  if (movers.length === 0 || movers.length > 2 || !movers.every(steps)) return undefined;
  const named = resolved(movers);
  const reading = named?.reading;
  if (!reading || reading.unexplained > 0 || !reading.complete) return undefined;
  const toRoot = semitone(reading.root);
  const isDominant = toRoot === dominant && (reading.type.name === 'major' || reading.type.name === 'dominant-seventh');
  const isTonicSixFour = toRoot === tonic && !reading.type.seventh && reading.inversion === 2;
  return isDominant || isTonicSixFour ? named : undefined;
}

/** Dissonant chords that stand as chords when they sound whole on a beat: V7, vii°, vii°7. */
const STRUCTURAL_DISSONANCES = ['dominant-seventh', 'diminished', 'diminished-seventh'];

/**
 * An accented non-chord tone (an appoggiatura, an accented passing note, a suspension struck
 * again): on the beat, over a bass that holds, upper voices move by step to the next position
 * within the beat. When the notes they move to make a whole major or minor triad and the beat
 * itself sounds no such triad (a seventh chord, a diminished or augmented triad, or notes no
 * chord explains), the beat is named by its resolution, as analysts name it (`I6` with a 9–8
 * rather than `iii7`, `i64` with an appoggiatura rather than `III+6`). A bass struck on the beat
 * that moves by step under voices that hold is read at its resolution too, when that makes a
 * triad or a whole V7, vii° or vii°7 (`V7` over a passing bass rather than `viiø42`).
 */
function accentedResolution(
  position: AnalysisPosition,
  plain: Reading,
  melody: Melody,
  nextOnset: number | undefined,
  resolved: (subset: SpelledNote[]) => Named | undefined,
): Named | undefined {
  if (!position.onBeat || nextOnset === undefined || nextOnset - position.onset >= 1 - 1e-6) return undefined;
  const consonant = (reading: Reading) => (reading.type.name === 'major' || reading.type.name === 'minor') && reading.complete;
  // A whole major or minor triad, V7, vii° or vii°7 with every note explained: a chord in its own right.
  const standsAsChord = (reading: Reading) =>
    reading.unexplained === 0 && (consonant(reading) || (reading.complete && STRUCTURAL_DISSONANCES.includes(reading.type.name)));
  if (standsAsChord(plain)) return undefined;
  const bass = position.notes[0];
  if (!bass) return undefined;
  // An accented note in the bass: struck on the beat and moving by step while the voices above hold.
  const bassNext = melody.get(bass)?.next;
  const upperHold = position.notes.slice(1).every((note) => note.end > nextOnset + 1e-6);
  if (
    Math.abs(bass.onset - position.onset) < 1e-6 &&
    upperHold &&
    isStep(bass, bassNext) &&
    Math.abs((bassNext?.onset ?? 0) - nextOnset) < 1e-6
  ) {
    const named = resolved([bass]);
    if (named?.reading && standsAsChord(named.reading)) return named;
  }
  const movers = position.notes.slice(1).filter((note) => {
    const next = melody.get(note)?.next;
    return note.end <= nextOnset + 1e-6 && next !== undefined && isStep(note, next) && Math.abs(next.onset - nextOnset) < 1e-6;
  });
  if (movers.length === 0) return undefined;
  // A prepared suspension falling to its resolution may do so as the bass moves on (9–8 over a new bass); other notes need the bass held.
  const prepared = movers.every((note) => note.onset < position.onset - 1e-6 && (melody.get(note)?.next?.midi ?? note.midi) < note.midi);
  if (!prepared && bass.end < nextOnset + 1e-6) return undefined;
  // The fewest non-chord tones that explain the beat: one moving note, then two, then all.
  const subsets = [movers.map((note) => [note]), movers.flatMap((a, i) => movers.slice(i + 1).map((b) => [a, b])), [movers]];
  for (const size of subsets) {
    let best: Named | undefined;
    for (const subset of size) {
      const named = resolved(subset);
      if (named?.reading && named.reading.unexplained === 0 && consonant(named.reading) && (!best || named.score > best.score))
        best = named;
    }
    if (best) return best;
  }
  return undefined;
}

/** Whether the sounding notes include the chord's third. */
function hasThird(reading: Reading): boolean {
  return reading.complete;
}

/** A bass held this long (quarters) under changing chords is a pedal point. */
const PEDAL_QUARTERS = 3;

function pcOf(note: SpelledNote | undefined): { step: number; alter: number } | Record<string, never> {
  return note ? { step: note.step, alter: note.alter } : {};
}

/**
 * The chord of one position named in the key, or undefined when nothing sounds. The spelling
 * names the chord: where some reading explains every note as written, readings that respell a
 * note (G♯ as A♭: D–F–G♯ as a diminished triad on D) are left out, so D–F–G♯ is vii°7 without its third.
 */
export function nameChord(position: AnalysisPosition, key: Key): Named | undefined {
  if (position.notes.length === 0) return undefined;
  // The same spelled notes in the same key name the same chord: a long movement repeats its
  // sonorities hundreds of times (issue 36: a 200-measure movement in under a second).
  const id = `${key.tonic.step}${key.tonic.alter}${key.mode}|${position.notes.map((n) => `${n.step}${n.alter}`).join(',')}`;
  if (namedChords.has(id)) return namedChords.get(id);
  if (namedChords.size > 50_000) namedChords.clear();
  const named = nameChordOnce(position, key);
  namedChords.set(id, named);
  return named;
}

const namedChords = new Map<string, Named | undefined>();

function nameChordOnce(position: AnalysisPosition, key: Key): Named | undefined {
  const augmentedSixth = augmentedSixthOf(position, key);
  if (augmentedSixth) return { label: augmentedSixth, score: 10 };
  let best: Named | undefined;
  const all = readings(position);
  const spelled = all.some((reading) => !reading.respelled && reading.unexplained === 0);
  for (const reading of all) {
    if (spelled && reading.respelled) continue;
    const label = labelInKey(reading, key);
    const score = reading.score + label.bonus;
    if (!best || score > best.score + 1e-9) best = { label: label.label, score, reading };
  }
  return best;
}

/** Every tertian reading of the sounding notes with a sounding root, scored by how well it explains them. */
function readings(position: AnalysisPosition): Reading[] {
  const bass = position.notes[0] as AnalysisPosition['notes'][number];
  const pcs = new Map<string, PitchClass>();
  for (const note of position.notes) pcs.set(`${note.step}:${note.alter}`, { step: note.step, alter: note.alter });
  const sounding = [...pcs.values()];
  const out: Reading[] = [];
  for (const root of sounding) {
    for (const type of CHORD_TYPES) {
      const matchOf = (pc: PitchClass) => {
        const steps = (((pc.step - root.step) % 7) + 7) % 7;
        const semis = (((semitone(pc) - semitone(root)) % 12) + 12) % 12;
        const spelled = type.tones.findIndex((tone) => tone.steps === steps && tone.semitones === semis);
        if (spelled >= 0) return { index: spelled, weight: 1 };
        const enharmonic = type.tones.findIndex((tone) => tone.semitones === semis);
        return enharmonic >= 0 ? { index: enharmonic, weight: 0.6 } : undefined;
      };
      let score = 0;
      let unexplained = 0;
      let respelled = false;
      const present = new Set<number>();
      for (const pc of sounding) {
        const match = matchOf(pc);
        if (match) {
          score += match.weight;
          if (match.weight < 1) respelled = true;
          present.add(match.index);
        } else {
          unexplained += 1;
          score -= 1.1;
        }
      }
      if (type.seventh && !present.has(3)) continue;
      if (!present.has(1)) score -= 1.2;
      if (!present.has(2)) score -= type.seventh ? 0.1 : 0.25;
      const bassMatch = matchOf(bass);
      let inversion = bassMatch?.index ?? 0;
      if (!bassMatch) {
        score -= 0.6;
        // A bass that is no chord tone (a passing note): the lowest chord tone gives the figure.
        const lowest = position.notes.find((note) => matchOf(note) !== undefined);
        inversion = (lowest && matchOf(lowest)?.index) ?? 0;
      } else if (bassMatch.index === 0) {
        score += 0.1;
      }
      out.push({ root, type, inversion, score, unexplained, complete: present.has(1), respelled });
    }
  }
  return out;
}

const SCALE_MAJOR = [0, 2, 4, 5, 7, 9, 11];
// Minor: the natural minor with the raised sixth and seventh of the melodic and harmonic forms.
const SCALE_MINOR = [0, 2, 3, 5, 7, 8, 9, 10, 11];
const HARMONIC_MINOR = [0, 2, 3, 5, 7, 8, 10, 11];

/** A reading as a Roman numeral in the key, with a bonus for the usual (diatonic, applied, Neapolitan) readings. */
function labelInKey(reading: Reading, key: Key): { label: ChordLabel; bonus: number } {
  const { root, type } = reading;
  const figure = (type.seventh ? SEVENTH_FIGURES : TRIAD_FIGURES)[reading.inversion] ?? (type.seventh ? '7' : '');
  const degree = ((((root.step - key.tonic.step) % 7) + 7) % 7) + 1;
  const raw = normalize(semitone(root) - semitone(scaleStep(key, degree as Degree)));
  // In minor, vii (and vii°, viiø) is built on the raised leading tone (theory.ts, roman-numeral.ts).
  const raisedSeven = key.mode === 'minor' && degree === 7 && type.quality !== 'major' && type.quality !== 'augmented';
  const plain: ChordLabel = {
    kind: 'chord',
    accidental: raisedSeven ? raw - 1 : raw,
    degree: degree as Degree,
    quality: type.quality,
    figure,
    applied: [],
  };
  const tonic = semitone(key.tonic);
  const scale = key.mode === 'major' ? SCALE_MAJOR : SCALE_MINOR;
  const tones = type.tones.map((tone) => normalize12(semitone(root) + tone.semitones - tonic));
  if (tones.every((tone) => scale.includes(tone)) && matches(key, plain, reading)) {
    // Where a chord tone is missing, the key's own form of the chord is the likelier (iiø7 in minor, not ii7 on the raised sixth).
    const plainScale = key.mode === 'major' ? SCALE_MAJOR : HARMONIC_MINOR;
    return { label: plain, bonus: tones.every((tone) => plainScale.includes(tone)) ? 0.35 : 0.3 };
  }

  if (plain.degree === 2 && plain.accidental === -1 && type.name === 'major') return { label: plain, bonus: 0.25 };
  const applied = appliedChord(reading, key, figure);
  if (applied) return { label: applied, bonus: 0.15 };
  return { label: plain, bonus: 0 };
}

/** V/x and vii°/x: a dominant or leading-tone chord of a major or minor triad of the key (not the tonic). */
function appliedChord(reading: Reading, key: Key, figure: Figure): ChordLabel | undefined {
  const { root, type } = reading;
  const dominant = type.name === 'major' || type.name === 'dominant-seventh';
  const leading = type.name === 'diminished' || type.name === 'diminished-seventh' || type.name === 'half-diminished-seventh';
  if (!dominant && !leading) return undefined;
  const target = dominant ? above(root, 3, 5) : above(root, 1, 1);
  const degree = (((((target.step - key.tonic.step) % 7) + 7) % 7) + 1) as Degree;
  if (degree === 1 || normalize(semitone(target) - semitone(scaleStep(key, degree))) !== 0) return undefined;
  const major = key.mode === 'major' ? [4, 5] : [3, 5, 6, 7];
  const minor = key.mode === 'major' ? [2, 3, 6] : [4];
  const quality = major.includes(degree) ? 'major' : minor.includes(degree) ? 'minor' : undefined;
  if (!quality) return undefined;
  const label: ChordLabel = {
    kind: 'chord',
    accidental: 0,
    degree: dominant ? 5 : 7,
    quality: type.quality,
    figure,
    applied: [{ accidental: 0, degree, quality }],
  };
  return matches(key, label, reading) ? label : undefined;
}

/** Whether the label, spelled back in the key, is the chord that was read (by sound). */
function matches(key: Key, label: ChordLabel, reading: Reading): boolean {
  const spelled = spelledTones(key, formatRomanNumeral(label, 'II'));
  if (!spelled) return false;
  const expected = toneClasses(reading);
  return expected.length === spelled.length && expected.every((tone, i) => tone === spelled[i]);
}

/** The semitones of a label's chord in a key (remembered: the same few labels are asked for again and again). */
const spelledCache = new Map<string, number[] | null>();
function spelledTones(key: Key, label: string): number[] | undefined {
  const id = `${key.tonic.step}${key.tonic.alter}${key.mode}${label}`;
  let tones = spelledCache.get(id);
  if (tones === undefined) {
    try {
      tones = chordOf(key, label).tones.map((tone) => semitone(tone));
    } catch {
      tones = null;
    }
    if (spelledCache.size > 20_000) spelledCache.clear();
    spelledCache.set(id, tones);
  }
  return tones ?? undefined;
}

/** It+6, Fr+6 and Ger+6 on the lowered sixth degree in the bass, with the raised fourth. */
function augmentedSixthOf(position: AnalysisPosition, key: Key): 'It6' | 'Fr43' | 'Ger65' | undefined {
  const tonic = semitone(key.tonic);
  const bass = normalize12((position.notes[0]?.midi ?? 0) - tonic);
  const set = new Set(position.notes.map((note) => normalize12(note.midi - tonic)));
  if (bass !== 8 || !set.has(6) || !set.has(0)) return undefined;
  const rest = [...set].filter((pc) => pc !== 8 && pc !== 6 && pc !== 0);
  if (rest.length === 0) return 'It6';
  if (rest.length === 1 && rest[0] === 2) return 'Fr43';
  if (rest.length === 1 && rest[0] === 3) return 'Ger65';
  return undefined;
}

function normalize(semitones: number): number {
  const value = normalize12(semitones);
  return value > 6 ? value - 12 : value;
}

function normalize12(semitones: number): number {
  return ((semitones % 12) + 12) % 12;
}

/** A reading's chord tones as pitch classes (0–11), root first. */
function toneClasses(reading: Reading): number[] {
  return reading.type.tones.map((tone) => normalize12(semitone(reading.root) + tone.semitones));
}

/**
 * Two pitch classes only, the third of a major key in the bass and its fifth above (E–G in C): the
 * tonic six chord with its root left out, as analysts name it, not the mediant without its fifth.
 * In a minor key the same dyad is as often III as i6, and it is left as read. Only the suggestion
 * is named so: key areas read the notes as they sound.
 */
function bareThirdOfTonic(position: AnalysisPosition, key: Key): Named | undefined {
  const pcs = new Set(position.notes.map((note) => note.midi % 12));
  const bass = position.notes[0];
  if (!bass || pcs.size !== 2 || key.mode !== 'major') return undefined;
  const third = semitone(scaleStep(key, 3));
  if (bass.midi % 12 !== third || !pcs.has(semitone(scaleStep(key, 5)))) return undefined;
  const tonic = { ...bass, ...key.tonic, midi: bass.midi + 8 };
  return nameChord({ ...position, notes: [...position.notes, tonic].sort((a, b) => a.midi - b.midi) }, key);
}

/**
 * A harmony's seventh counted wherever in its span it sounds (issue 36): consecutive positions
 * naming the same chord (the same degree, applied chord and triad, inversions aside: `V`, `V6`
 * under an arpeggio) are one harmony; where its seventh — the dominant's (`V7`, `V7/x`), the
 * supertonic's (`ii7`, `iiø7`) or the leading-tone chord's (`vii°7`, `viiø7`) — sounds within the
 * harmony's span for an eighth or a fifth of it, every position of the harmony names the seventh
 * chord, its figure from the position's own bass (`V6` → `V65`). In piano and string textures the
 * seventh of V often comes later in the figuration than the harmony's first onset.
 */
function seventhsOverHarmony(
  positions: AnalysisPosition[],
  named: (Named | undefined)[],
  suggestions: Suggestion[],
  allNotes: SpelledNote[],
  settings: GradingSettings,
  melody: Melody,
): void {
  const chordOfLabel = (index: number): ChordLabel | undefined => {
    const label = named[index]?.label;
    return label && typeof label !== 'string' && !suggestions[index]?.embellishing ? label : undefined;
  };
  const sameHarmony = (a: ChordLabel, b: ChordLabel) =>
    a.degree === b.degree &&
    a.accidental === b.accidental &&
    JSON.stringify(a.applied) === JSON.stringify(b.applied) &&
    (a.quality === b.quality || (a.quality === 'diminished' && b.quality === 'half-diminished'));
  let start = 0;
  while (start < positions.length) {
    const first = chordOfLabel(start);
    let end = start + 1;
    if (first) {
      // Embellishing positions between the harmony's own belong to it.
      // So do off-beat positions sounding only its tones and a seventh above its root (figuration: B–D–F under V's arpeggio).
      const reading = named[start]?.reading;
      const root = reading ? semitone(reading.root) : 0;
      const tones = reading ? [...toneClasses(reading), (root + 9) % 12, (root + 10) % 12] : [];
      while (end < positions.length) {
        const label = chordOfLabel(end);
        const position = positions[end] as AnalysisPosition;
        const figuration = !position.onBeat && position.notes.every((note) => tones.includes(note.midi % 12));
        if (label ? sameHarmony(first, label) || figuration : suggestions[end]?.embellishing) end += 1;
        else break;
      }
      addSeventh(positions, named, suggestions, allNotes, settings, melody, start, end, first);
    }
    start = end;
  }
}

/** Quarters from a harmony's onset within which its seventh must first sound to be the whole harmony's. */
const SEVENTH_ENTERS_WITHIN = 1;
/**
 * A harmony must last longer than this (quarters) for its seventh to be counted over its span: a
 * chorale's one-beat harmony names its seventh where it sounds, as the analysts of the chorales do.
 */
const MIN_HARMONY_QUARTERS = 1.01;

function addSeventh(
  positions: AnalysisPosition[],
  named: (Named | undefined)[],
  suggestions: Suggestion[],
  allNotes: SpelledNote[],
  settings: GradingSettings,
  melody: Melody,
  start: number,
  end: number,
  label: ChordLabel,
): void {
  const kinds: Record<number, Quality[]> = { 5: ['major'], 2: ['minor', 'diminished'], 7: ['diminished'] };
  const isDominant = label.applied.length > 0 ? label.degree === 5 : true;
  if (!isDominant || label.accidental !== 0 || !kinds[label.degree]?.includes(label.quality)) return;
  const reading = named[start]?.reading;
  if (!reading || reading.type.seventh) return;
  const from = (positions[start] as AnalysisPosition).onset;
  const to = positions[end]?.onset ?? Math.max(...(positions[end - 1] as AnalysisPosition).notes.map((n) => n.end));
  const span = to - from;
  // A harmony of a beat or less (a chorale's) names its seventh where it sounds.
  if (span < MIN_HARMONY_QUARTERS) return;
  const root = semitone(reading.root);
  // A seventh in the bass makes its own position (V → V42), named where it sounds.
  const basses = new Set(positions.slice(start, end).map((p) => p.notes[0]));
  const candidates = label.quality === 'diminished' ? [9, 10] : [10];
  let seventh: number | undefined;
  let most = 0;
  for (const interval of candidates) {
    const pc = (root + interval) % 12;
    let sounding = 0;
    let entered = Number.POSITIVE_INFINITY;
    for (const note of notesAround(allNotes, from, to)) {
      if (note.midi % 12 !== pc || basses.has(note)) continue;
      // A seventh passing or turning by step is a melody's, not the harmony's (a chorale's 8–7).
      const around = melody.get(note);
      if (isStep(around?.previous, note) && isStep(note, around?.next)) continue;
      entered = Math.min(entered, note.onset);
      sounding += Math.max(0, Math.min(note.end, to) - Math.max(note.onset, from));
    }
    // The figuration's seventh sounds within the harmony's first beat; one entering later is named where it enters.
    if (sounding > most && entered < from + SEVENTH_ENTERS_WITHIN) {
      most = sounding;
      seventh = interval;
    }
  }
  if (seventh === undefined || most < Math.min(0.5, 0.2 * span) - 1e-9) return;
  const quality: Quality = label.quality === 'diminished' && seventh === 10 ? 'half-diminished' : label.quality;
  for (let i = start; i < end; i++) {
    const own = named[i];
    const bass = (positions[i] as AnalysisPosition).notes[0];
    if (!own || typeof own.label === 'string' || !bass || suggestions[i]?.embellishing) continue;
    const interval = (((bass.midi - root) % 12) + 12) % 12;
    const figure: Figure | undefined =
      interval === 0
        ? '7'
        : interval === 3 || interval === 4
          ? '65'
          : interval === 6 || interval === 7
            ? '43'
            : interval === seventh
              ? '42'
              : undefined;
    if (!figure) continue;
    const withSeventh: ChordLabel = { ...label, quality, figure };
    named[i] = { ...own, label: withSeventh };
    suggestions[i] = spell(withSeventh, settings);
  }
}

/** Notes by onset, remembered per list, with the longest note's length (to find what sounds in a span without reading them all). */
const byOnsetCache = new WeakMap<SpelledNote[], { sorted: SpelledNote[]; longest: number }>();
function notesAround(all: SpelledNote[], from: number, to: number): SpelledNote[] {
  let found = byOnsetCache.get(all);
  if (!found) {
    const sorted = [...all].sort((a, b) => a.onset - b.onset);
    found = { sorted, longest: Math.max(0, ...sorted.map((n) => n.end - n.onset)) };
    byOnsetCache.set(all, found);
  }
  const { sorted, longest } = found;
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((sorted[mid] as SpelledNote).onset < from - longest) low = mid + 1;
    else high = mid;
  }
  const out: SpelledNote[] = [];
  for (let i = low; i < sorted.length && (sorted[i] as SpelledNote).onset < to; i++) {
    const note = sorted[i] as SpelledNote;
    if (note.end > from) out.push(note);
  }
  return out;
}
