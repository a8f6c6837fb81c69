import type { PartWritingWorkspace as PartWritingView } from '@app/contract/part-writing';
import { type Finding, harmonicEvents, type PartWritingChordInput } from '@app/contract/part-writing/check';
import { beatsValue } from '@app/contract/part-writing/line';
import { findingMessage, type Language, listOf } from '@app/contract/part-writing/messages';
import { VOICES, type Voice } from '@app/contract/part-writing/rules';
import { midi as midiOf, parsePitch, pitchName } from '@app/contract/part-writing/theory';
import { checkWritten, keysInForce, readAnswer, type WrittenChord } from '@app/contract/part-writing/written';
import type { StartedWorkspace, Workspace } from '@app/contract/workspace';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { complete, eventIndexAt, lineLabel, readEvents, starts } from '../../../components/part-writing/line-edit.ts';
import {
  alterStep,
  answerText,
  letterNote,
  nearFor,
  noteForKey,
  noteValueForKey,
  octaveStep,
  readChordText,
  scaleStep,
  type Typed,
} from '../../../components/part-writing/note-entry.ts';
import { NoteValuePalette } from '../../../components/part-writing/note-value-palette.tsx';
import { PartWritingStaff } from '../../../components/part-writing/part-writing-staff.tsx';
import {
  changeNote,
  eventsIn,
  findingPlaces,
  lengthenNote,
  nextPlace,
  noteAt as noteAtPlace,
  type Palette,
  type PaletteValue,
  paletteLength,
  previousPlace,
  removeNote,
  tieNote,
  writeNote,
} from '../../../components/part-writing/rhythm-entry.ts';
import { useWrittenPlayback } from '../../../components/part-writing/use-written-playback.ts';
import { VoicePicker } from '../../../components/part-writing/voice-picker.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { PlaybackControls } from '../../../components/ui/playback-controls.tsx';
import { PointsOffSummary } from '../../../components/ui/points-off-summary.tsx';
import { keyName } from '../../../lib/keys.ts';
import { NARROW_QUERY, type Viewer } from '../components/exercise-workspace.tsx';
import { SaveIndicator } from '../components/save-indicator.tsx';
import { SubmissionResult } from '../components/submission-result.tsx';
import { TimeLeft } from '../components/time-left.tsx';
import { WorkspaceHeader } from '../components/workspace-header.tsx';
import { readLocalDraft, startingAnswers } from '../local-draft.ts';
import { refusalText } from '../refusal-text.ts';
import { useAutosave } from '../use-autosave.ts';
import { useSecondsLeft } from '../use-countdown.ts';
import { useHandIn } from '../use-hand-in.ts';
import { listenToMidi, type MidiAccessLike, midiSupported, spellMidi } from './midi-input.ts';
import styles from './part-writing-workspace.module.css';

export interface PartWritingWorkspaceProps {
  workspace: (Workspace | StartedWorkspace) & { part_writing: PartWritingView };
  receivedAt: number;
  viewer: Viewer;
  courseTitle: string;
  assignmentsPath: string;
  submissionPath: (submissionId: number) => string;
}

/** A chord and voice; `at`: where in the chord (quarter notes) the note meant begins (issue 35). */
type Cell = { chord: number; voice: Voice; at?: number };
/** What a feedback mark says on the grid: the findings touching a chord and voice. */
type Mark = { chord: number; voice: Voice; index: number };

const cellKey = (cell: Cell) => `${cell.chord}:${cell.voice}`;
const languageOf = (language: string): Language => (['en', 'zh-hans', 'zh-hant', 'ko'].includes(language) ? (language as Language) : 'en');

/**
 * The part-writing workspace (issue 27): the chords × voices of the exercise, the given voice(s)
 * printed and the voices to write as cells. Notes go in by keyboard (letters, octave by arrows or
 * digits, accidentals, Tab to the next voice and chord), by pointer (the note buttons and step
 * controls act on the selected cell) or as text per chord. Practice documents are checked in the
 * browser as the student writes (the contract's checker, the same the grade uses); others show
 * the findings of a hand-in as the rules allow. Above the grid the same chords on a grand staff
 * (`PartWritingStaff`): tap to write, drag to change a note; a MIDI keyboard writes where the
 * browser offers Web MIDI; Play sounds what is written. Grid, text form and staff share one state.
 */
export function PartWritingWorkspace({
  workspace,
  receivedAt,
  viewer,
  courseTitle,
  assignmentsPath,
  submissionPath,
}: PartWritingWorkspaceProps) {
  const { t } = useTranslation();
  const view = workspace.part_writing;
  const { rules, document } = workspace;
  const language = languageOf(viewer.language);
  const voices = VOICES.filter((v) => view.given.includes(v) || view.write.includes(v));
  const order = VOICES.filter((v) => view.write.includes(v));
  const [clockOffset] = useState(() => workspace.now - receivedAt / 1000);
  const latest = workspace.submissions[0];

  const [start] = useState(() =>
    startingAnswers(
      readLocalDraft(viewer.id, document.id),
      workspace.draft,
      latest?.items.map((item) => ({ id: item.id, answer: item.answer })),
    ),
  );
  const [cells, setCells] = useState<WrittenChord[]>(() => {
    const byId = new Map(start.answers.map((entry) => [entry.id, entry.answer]));
    return view.chords.map((chord) => {
      const read = readAnswer(byId.get(chord.id) ?? '', view.write);
      return 'chord' in read ? read.chord : {};
    });
  });
  const [selected, setSelectedState] = useState<Cell | null>(null);
  // The selection as last set (a cell focused right after being selected keeps the place in its chord).
  const selectedNow = useRef<Cell | null>(null);
  const setSelected = (cell: Cell | null) => {
    selectedNow.current = cell;
    setSelectedState(cell);
  };
  const [texts, setTexts] = useState<Record<number, string>>({});
  const [textProblem, setTextProblem] = useState<Record<number, string>>({});
  const typed = useRef<Typed>(false);
  // The note-value palette (issue 35): none picked, a note lasts what it replaces or the rest of its chord.
  const [palette, setPalette] = useState<Palette>({ value: null, dots: 0 });
  // A note just written with a picked value: the next letter goes after it (as notation programs enter notes).
  const advance = useRef(false);
  // Undo: the states before each change (the last 100).
  const history = useRef<WrittenChord[][]>([]);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const pendingInput = useRef(false);
  // The note toolbar is one row on a phone; the letters, octaves and Clear fold out below it.
  const [toolsOpen, setToolsOpen] = useState(() => !globalThis.matchMedia?.(NARROW_QUERY).matches);
  const toolbar = useRef<HTMLDivElement>(null);
  const submitBar = useRef<HTMLDivElement>(null);
  const staffArea = useRef<HTMLElement>(null);
  const pressing = useRef(false);
  const [midi, setMidi] = useState<{ state: 'off' | 'connecting' | 'on' | 'failed'; inputs: number }>({ state: 'off', inputs: 0 });

  const secondsLeft = useSecondsLeft(rules.deadline_at, clockOffset);
  const readOnly = !rules.can_submit || secondsLeft === 0;
  const autosave = useAutosave({
    userId: viewer.id,
    documentId: document.id,
    clockOffset,
    enabled: !readOnly,
    base: start.base,
    initial: start.answers,
    // Another copy's chords (decision 046), shown at once (the hook says so when they came from the server).
    onMerged: (merged) => {
      const byId = new Map(merged.map((entry) => [entry.id, entry.answer]));
      setCells(
        view.chords.map((chord) => {
          const read = readAnswer(byId.get(chord.id) ?? '', view.write);
          return 'chord' in read ? read.chord : {};
        }),
      );
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for a local copy the server never got
  useEffect(() => {
    if (start.pending && !readOnly) autosave.change(start.answers);
  }, []);

  const entries = (next: WrittenChord[]) =>
    view.chords.map((chord, i) => ({ id: chord.id, answer: answerText(next[i] ?? {}, view.write) }));

  const beatsOf = (chord: number) => view.chords[chord]?.beats || 1;
  /** Every change of what is written goes here: saved, undoable, and the text form's edits for the chord dropped. */
  const changeCells = (change: (current: WrittenChord[]) => WrittenChord[], chord?: number) => {
    setCells((current) => {
      const next = change(current);
      if (next === current) return current;
      history.current = [...history.current.slice(-99), current];
      autosave.change(entries(next));
      return next;
    });
    if (chord !== undefined)
      setTexts((current) => {
        const { [chord]: _dropped, ...rest } = current;
        return rest;
      });
  };
  const undo = () => {
    const previous = history.current[history.current.length - 1];
    if (!previous || readOnly) return;
    history.current = history.current.slice(0, -1);
    advance.current = false;
    setCells(previous);
    autosave.change(entries(previous));
    setTexts({});
  };
  const placeOfCell = (cell: Cell) => ({ chord: cell.chord, voice: cell.voice, at: cell.at ?? 0 });
  /** A note written at a place (a letter, a tap, MIDI) with the palette's value; the selection goes to it. */
  const writeAt = (cell: Cell, note: string) => {
    let place = placeOfCell(cell);
    changeCells((current) => {
      const written = writeNote(current, beatsOf, place, note, paletteLength(palette));
      place = written.place;
      return written.cells;
    }, cell.chord);
    setSelected(place);
    return place;
  };
  /** The note at a cell's place given a new pitch (an accidental, an octave, a step, a drag). */
  const setNote = (cell: Cell, note: string) => {
    const place = placeOfCell(cell);
    if (note === '') {
      let after = place;
      changeCells((current) => {
        const removed = removeNote(current, beatsOf, place);
        after = removed.place;
        return removed.cells;
      }, cell.chord);
      setSelected(after);
      return;
    }
    const pitch = parsePitch(note);
    if (!pitch) return;
    if (noteAtPlace(cells, beatsOf, place) === '') {
      writeAt(cell, note);
      return;
    }
    changeCells((current) => changeNote(current, beatsOf, place, () => pitch), cell.chord);
  };
  const noteAt = (cell: Cell) => noteAtPlace(cells, beatsOf, placeOfCell(cell));
  /** Where a letter lands at a place (MIDI number): near the voice's note before it, in the chord or an earlier one. */
  const nearAt = (cell: Cell) => {
    const events = eventsIn(cells, beatsOf, cell.chord, cell.voice);
    const from = starts(events);
    const before = events.filter((e, i) => e.pitch && (from[i] as number) < (cell.at ?? 0) - 1e-9);
    const pitch = before[before.length - 1]?.pitch;
    return pitch ? midiOf(pitch) : nearFor(pitchesBefore, cell.chord, cell.voice);
  };
  // Each chord's voices as their last notes: where a letter typed next lands (the octave nearest).
  const pitchesBefore: WrittenChord[] = useMemo(
    () =>
      cells.map((chord, i) =>
        Object.fromEntries(
          VOICES.flatMap((v) => {
            const events = readEvents(chord[v] ?? view.chords[i]?.[v], view.chords[i]?.beats || 1).filter((e) => e.pitch);
            const last = events[events.length - 1]?.pitch;
            return last ? [[v, pitchName(last)]] : [];
          }),
        ),
      ),
    [cells, view.chords],
  );
  /** A chord's voice as the grid and the toolbar show it: its notes by name. */
  const lineAt = (chord: number, voice: Voice) => lineLabel(cells[chord]?.[voice], beatsOf(chord));
  /** A note value picked (palette or digit): the palette's, and the selected note's length unless a note was just entered with the last value. */
  const pickValue = (value: PaletteValue | null, dots: 0 | 1 = 0) => {
    setPalette({ value, dots });
    if (value === null || !selected || readOnly || advance.current) return;
    const place = placeOfCell(selected);
    if (noteAtPlace(cells, beatsOf, place) === '') return;
    const length = (4 / value) * (dots ? 1.5 : 1);
    changeCells((current) => lengthenNote(current, beatsOf, place, length), place.chord);
  };
  /** The dot: on the palette's value, or (none picked) on the selected note's own value. */
  const toggleDot = () => {
    if (palette.value !== null) {
      pickValue(palette.value, palette.dots ? 0 : 1);
      return;
    }
    if (!selected) return;
    const place = placeOfCell(selected);
    const events = eventsIn(cells, beatsOf, place.chord, place.voice);
    const own = beatsValue(events[eventIndexAt(events, place.at)]?.beats ?? 0);
    if (own && (own.value === 1 || own.value === 2 || own.value === 4 || own.value === 8 || own.value === 16))
      pickValue(own.value, own.dots ? 0 : 1);
  };
  /** The tie key: ties the selected note to the voice's next note (which takes its pitch), or unties it. */
  const tie = (cell: Cell) => {
    const place = placeOfCell(cell);
    const tied = tieNote(cells, beatsOf, place, paletteLength(palette));
    if (!tied) return;
    changeCells(() => tied.cells, cell.chord);
    if (tied.place.chord !== place.chord) setTexts({});
    setSelected(tied.place);
    advance.current = false;
    if (tied.place.chord !== cell.chord) buttons.current.get(cellKey(tied.place))?.focus({ preventScroll: true });
  };
  // Each chord's key: a letter, a step or a MIDI note is spelled in it (a key a chord names changes it from there on, decision 031).
  const keys = useMemo(() => keysInForce(view), [view]);
  const keyAt = (chord: number) => keys[chord] ?? view.key;

  // Practice: the checker runs on every change. Otherwise: the last hand-in's findings, as far as the rules show them.
  const findings: Finding[] = useMemo(() => {
    if (!rules.practice) return latest?.findings ?? [];
    return checkWritten(view, cells, language).findings;
  }, [rules.practice, latest, view, cells, language]);
  // A voice's line still short of its chord (a split half written) leaves the chord unfinished.
  const finished = (chord: WrittenChord, i: number) =>
    i < view.chords.length && order.every((v) => complete(readEvents(chord[v], view.chords[i]?.beats || 1), view.chords[i]?.beats || 1));
  const unwritten = cells.filter((chord, i) => !finished(chord, i)).length;

  // A finding's notes on the staff: the harmonic note of each of its voices in each chord, a non-chord tone the note it names.
  const findingNotes = useMemo(() => {
    const lineOf = (chord: number, voice: Voice) =>
      readEvents(view.chords[chord]?.[voice] ?? cells[chord]?.[voice], view.chords[chord]?.beats || 1);
    const beats = (chord: number) => view.chords[chord]?.beats || 1;
    const sung = VOICES.filter((v) => view.given.includes(v) || view.write.includes(v));
    const whole = (chord: number) =>
      chord >= 0 && chord < view.chords.length && sung.every((v) => complete(lineOf(chord, v), beats(chord)));
    /** The checker's harmonic notes over the finding's chords (and the chord before, which a tie may come from). */
    const harmonicOf = (finding: Finding) => {
      const first = Math.min(...finding.chords);
      const last = Math.max(...finding.chords);
      const from = whole(first - 1) ? first - 1 : first;
      const span = Array.from({ length: last - from + 1 }, (_, k) => from + k);
      if (!span.every(whole)) return undefined;
      const read = harmonicEvents({
        key: keys[from] ?? view.key,
        meter: view.meter,
        chords: span.map((i) => {
          const chord = view.chords[i];
          const input: PartWritingChordInput = { beats: beats(i) };
          if (chord?.numeral !== undefined) input.numeral = chord.numeral;
          if (chord?.figures !== undefined) input.figures = chord.figures;
          if (chord?.phrase_end) input.phrase_end = true;
          for (const v of sung) input[v] = chord?.[v] ?? cells[i]?.[v];
          return input;
        }),
      });
      return (chord: number, voice: Voice) => read[chord - from]?.[voice];
    };
    const cache = new Map<Finding, string[]>();
    return (finding: Finding) => {
      let places = cache.get(finding);
      if (!places) {
        places = findingPlaces(finding, lineOf, harmonicOf(finding));
        cache.set(finding, places);
      }
      return places;
    };
  }, [view, cells, keys]);

  const marks = useMemo(() => {
    const map = new Map<string, Mark[]>();
    findings.forEach((finding, index) => {
      for (const chord of finding.chords)
        for (const voice of finding.voices) {
          const key = cellKey({ chord, voice });
          map.set(key, [...(map.get(key) ?? []), { chord, voice, index }]);
        }
    });
    return map;
  }, [findings]);

  // The time from a key to its feedback on screen (practice), for measuring: a performance measure per entry.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the findings have been drawn anew
  useEffect(() => {
    if (!pendingInput.current) return;
    pendingInput.current = false;
    requestAnimationFrame(() => {
      try {
        performance.measure('part-writing-feedback', 'part-writing-input');
      } catch {
        // No mark (a change that came from elsewhere).
      }
    });
  }, [findings]);

  const focusCell = (cell: Cell) => {
    setSelected(cell);
    buttons.current.get(cellKey(cell))?.focus();
  };

  const onCellKey = (event: KeyboardEvent<HTMLButtonElement>, at: Cell) => {
    // The place in the chord the selection holds (the note meant), when the selection is this cell.
    const cell: Cell = selected?.chord === at.chord && selected.voice === at.voice ? { ...at, at: selected.at ?? 0 } : { ...at, at: 0 };
    if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'z') {
      event.preventDefault();
      undo();
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      // From note to note: within the chord, then into the chord before or after.
      const place = (event.key === 'ArrowRight' ? nextPlace : previousPlace)(cells, beatsOf, placeOfCell(cell));
      if (place.chord !== cell.chord || place.at !== cell.at) {
        event.preventDefault();
        typed.current = false;
        advance.current = false;
        focusCell(place);
      }
      return;
    }
    if (readOnly) return;
    const value = noteValueForKey(event.key, typed.current, palette.value !== null);
    if (value !== undefined) {
      event.preventDefault();
      pickValue(value, 0);
      typed.current = false;
      return;
    }
    if (event.key === '.') {
      event.preventDefault();
      toggleDot();
      return;
    }
    if (event.key === 't' || event.key === 'T') {
      event.preventDefault();
      tie(cell);
      return;
    }
    // A letter after a note entered with a picked value goes after it, into the next chord past the end of this one.
    const isLetter = /^[a-gA-G]$/.test(event.key) && !(event.key === 'b' && typed.current && noteAt(cell) !== '' && !event.shiftKey);
    const target = isLetter && advance.current ? nextPlace(cells, beatsOf, placeOfCell(cell)) : cell;
    const result = noteForKey(
      event.key,
      { note: isLetter ? noteAt(target) : noteAt(cell), typed: typed.current },
      { keyText: keyAt(target.chord), near: nearAt(target), shift: event.shiftKey },
    );
    if (!result) return;
    event.preventDefault();
    typed.current = result.typed;
    performance.mark('part-writing-input');
    pendingInput.current = true;
    if (result.letter) {
      const place = writeAt(target, result.note);
      advance.current = palette.value !== null;
      if (place.chord !== cell.chord) buttons.current.get(cellKey(place))?.focus({ preventScroll: true });
      return;
    }
    if (result.note === '') advance.current = false;
    setNote(cell, result.note);
  };

  /** Pointer entry: the toolbar acts on the selected cell. */
  const apply = (change: (note: string, cell: Cell) => string) => {
    if (!selected || readOnly) return;
    performance.mark('part-writing-input');
    pendingInput.current = true;
    setNote(selected, change(noteAt(selected), selected));
    buttons.current.get(cellKey(selected))?.focus({ preventScroll: true });
  };
  const defaultNote = (cell: Cell) => letterNote('C', keyAt(cell.chord), nearAt(cell));

  /** The cell after this one in writing order: the next voice to write, then the next chord's first. */
  const nextCell = (cell: Cell): Cell => {
    const at = order.indexOf(cell.voice);
    const voice = order[at + 1];
    if (voice) return { chord: cell.chord, voice, at: 0 };
    return cell.chord + 1 < view.chords.length ? { chord: cell.chord + 1, voice: order[0] ?? cell.voice, at: 0 } : cell;
  };

  // MIDI: a note-on writes the selected voice, spelled in the key, then moves on as Tab does.
  const midiNote = useRef<(key: number) => void>(() => {});
  midiNote.current = (key: number) => {
    if (!selected || readOnly || !view.write.includes(selected.voice)) return;
    performance.mark('part-writing-input');
    pendingInput.current = true;
    // With a note value picked, notes follow one another as typed letters do; otherwise each fills its chord's voice and Tab's next cell follows.
    if (palette.value !== null) {
      const target = advance.current ? nextPlace(cells, beatsOf, placeOfCell(selected)) : selected;
      const place = writeAt(target, spellMidi(key, keyAt(target.chord)));
      advance.current = true;
      typed.current = false;
      buttons.current.get(cellKey(place))?.focus({ preventScroll: true });
      return;
    }
    writeAt(selected, spellMidi(key, keyAt(selected.chord)));
    typed.current = false;
    const next = nextCell(selected);
    setSelected(next);
    buttons.current.get(cellKey(next))?.focus({ preventScroll: true });
  };
  const stopMidi = useRef<(() => void) | null>(null);
  useEffect(() => () => stopMidi.current?.(), []);
  const connectMidi = async () => {
    setMidi({ state: 'connecting', inputs: 0 });
    try {
      const access = (await navigator.requestMIDIAccess()) as unknown as MidiAccessLike;
      stopMidi.current?.();
      stopMidi.current = listenToMidi(
        access,
        (key) => midiNote.current(key),
        (inputs) => setMidi({ state: 'on', inputs }),
      );
      if (!selected && order[0]) setSelected({ chord: 0, voice: order[0] });
    } catch {
      setMidi({ state: 'failed', inputs: 0 });
    }
  };

  // Playback: what is written, every voice, through the score's synthesiser; the chord sounding is marked on the staff.
  const { playback, playing, lastChord } = useWrittenPlayback(view.chords, cells, view.meter);

  const commitText = (index: number) => {
    const text = texts[index];
    if (text === undefined) return;
    const read = readChordText(text, view.given, view.write, beatsOf(index));
    if ('problem' in read) {
      setTextProblem((current) => ({
        ...current,
        [index]:
          read.problem === 'count'
            ? t('partWriting.text.count', { voices: order.join(' ') })
            : read.problem === 'line'
              ? t('partWriting.text.line', { beats: beatsOf(index) })
              : t('partWriting.text.pitch'),
      }));
      return;
    }
    setTextProblem(({ [index]: _dropped, ...rest }) => rest);
    changeCells((current) => current.map((chord, i) => (i === index ? read.chord : chord)), index);
  };

  const { handIn, confirming, setConfirming, pending } = useHandIn({
    documentId: document.id,
    // A line still short of its chord is handed in as not written (the chord counts as unfinished, as the confirmation says); the draft keeps it.
    answers: () =>
      entries(
        cells.map((chord, i) =>
          Object.fromEntries(
            Object.entries(chord).filter(
              ([v, text]) =>
                complete(readEvents(text, view.chords[i]?.beats || 1), view.chords[i]?.beats || 1) || !order.includes(v as Voice),
            ),
          ),
        ),
      ),
    base: autosave.base,
    rebase: (draft) => autosave.rebase(draft, false),
    outOfTime: secondsLeft === 0,
    autoSubmit: rules.timed_seconds !== null && rules.can_submit,
  });

  // The selected chord's column on the staff stays in sight, clear of the sticky header above and
  // the note toolbar and submit bar below (not while a pointer is pressed on the staff: it moves with it).
  const selectedRef = useRef(selected);
  selectedRef.current = selected;
  const revealSelected = () => {
    const chord = selectedRef.current?.chord;
    const column = chord === undefined ? null : staffArea.current?.querySelector(`[data-column="${chord + 1}"]`);
    if (!column) return;
    const box = column.getBoundingClientRect();
    if (box.height === 0) return;
    const top = (globalThis.document.querySelector('header')?.getBoundingClientRect().bottom ?? 0) + 8;
    // Where the sticky bars begin when stuck to the bottom of the window (the toolbar sits above the submit bar).
    const bar = toolbar.current ?? submitBar.current;
    const lift = bar ? Number.parseFloat(getComputedStyle(bar).bottom) || 0 : 0;
    const bottom = globalThis.innerHeight - lift - (bar?.offsetHeight ?? 0) - 8;
    let by = 0;
    if (box.bottom > bottom) by = Math.min(box.bottom - bottom, box.top - top);
    else if (box.top < top) by = box.top - top;
    if (by !== 0) globalThis.scrollBy?.({ top: by });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: when the selected chord changes
  useEffect(() => {
    // Not while the student types in the grid (the browser keeps the focused cell in view there).
    if (!pressing.current && !globalThis.document.activeElement?.matches('[data-cell]:focus-visible')) revealSelected();
  }, [selected?.chord]);

  const voiceName = (voice: Voice) => t(`partWriting.voice.${voice}`);
  const findingText = (finding: Finding) => findingMessage(finding.rule, finding.params, language);
  const selectedName = selected
    ? t('partWriting.cell', {
        chord: selected.chord + 1,
        voice: voiceName(selected.voice),
        note: noteAt(selected) || t('partWriting.empty'),
      })
    : t('partWriting.pointer.none');

  return (
    <div className={styles.workspace}>
      <WorkspaceHeader
        workspace={workspace}
        courseTitle={courseTitle}
        assignmentsPath={assignmentsPath}
        viewer={viewer}
        status={readOnly ? null : <SaveIndicator status={autosave.status} />}
      />
      {rules.refusal ? <Notice severity="info">{refusalText(rules.refusal)}</Notice> : null}
      <p className={styles.task}>
        {t('partWriting.task', {
          voices: listOf(order.map(voiceName), language),
          given: listOf(view.given.map(voiceName), language),
          key: keyName(view.key, t),
          meter: view.meter,
        })}
      </p>
      <details className={styles.help}>
        <summary>{t('partWriting.help.title')}</summary>
        <p>{t('partWriting.help.keyboard')}</p>
        <p>{t('partWriting.help.rhythm')}</p>
        <p>{t('partWriting.help.pointer')}</p>
        <p>{t('partWriting.help.staff')}</p>
        {midiSupported() ? <p>{t('partWriting.help.midi')}</p> : null}
      </details>

      <section
        ref={staffArea}
        className={styles.staffArea}
        aria-labelledby="pw-staff-title"
        onPointerDownCapture={() => {
          pressing.current = true;
        }}
        onPointerUp={() => {
          pressing.current = false;
          requestAnimationFrame(revealSelected);
        }}
        onPointerCancel={() => {
          pressing.current = false;
        }}
      >
        <div className={styles.staffBar}>
          <h2 id="pw-staff-title" className={styles.heading}>
            {t('partWriting.staff.title')}
          </h2>
          {readOnly ? null : (
            <VoicePicker
              voices={order}
              selected={selected?.voice}
              onPick={(voice) => setSelected({ chord: selected?.chord ?? 0, voice })}
            />
          )}
          <PlaybackControls playback={playback} lastChord={lastChord(selected?.chord)} />
          {midiSupported() && !readOnly ? (
            midi.state === 'on' ? (
              <span className={styles.midiState} role="status">
                {t('partWriting.midi.connected', { count: midi.inputs })}
              </span>
            ) : (
              <Button size="sm" variant="outline" onClick={connectMidi} loading={midi.state === 'connecting'}>
                {t('partWriting.midi.connect')}
              </Button>
            )
          ) : null}
        </div>
        {midi.state === 'failed' ? <p className={styles.problem}>{t('partWriting.midi.failed')}</p> : null}
        <PartWritingStaff
          view={view}
          cells={cells}
          selected={selected}
          readOnly={readOnly}
          findings={findings}
          playing={playing}
          label={t('partWriting.staff.label')}
          findingNotes={findingNotes}
          onSelect={(cell) => {
            if (selected?.chord !== cell.chord || selected.voice !== cell.voice || selected.at !== cell.at) {
              typed.current = false;
              advance.current = false;
            }
            setSelected(cell);
          }}
          onNote={(cell, note, dragging) => {
            performance.mark('part-writing-input');
            pendingInput.current = true;
            // A tap writes a note of the palette's value there; a drag moves the note it holds.
            if (dragging) setNote(cell, note);
            else writeAt(cell, note);
          }}
        />
        <p className={styles.legend}>{t('partWriting.staff.legend')}</p>
      </section>

      <div className={styles.scroller}>
        {/* biome-ignore lint/a11y/useSemanticElements: a CSS grid of cells; a fieldset cannot be one */}
        <div
          className={styles.grid}
          role="group"
          aria-label={t('partWriting.grid', { title: document.title })}
          style={{ gridTemplateColumns: `auto repeat(${view.chords.length}, minmax(3.5rem, 1fr))` }}
        >
          <div className={styles.corner} aria-hidden="true" />
          {view.chords.map((chord, index) => (
            <div key={chord.id} className={styles.chordHead} style={{ gridColumn: index + 2, gridRow: 1 }}>
              <span className={styles.chordNumber}>{index + 1}</span>
              <span className={styles.label}>{chord.numeral ?? (chord.figures === undefined ? '' : chord.figures || '5 3')}</span>
            </div>
          ))}
          {voices.map((voice, row) => (
            <div key={voice} className={styles.voiceName} style={{ gridColumn: 1, gridRow: row + 2 }}>
              {voice}
            </div>
          ))}
          {view.chords.map((chord, index) =>
            voices.map((voice, row) => {
              const style = { gridColumn: index + 2, gridRow: row + 2 };
              const given = chord[voice];
              if (given !== undefined)
                return (
                  <div
                    key={`${chord.id}:${voice}`}
                    className={styles.given}
                    style={style}
                    data-given={`${index + 1}${voice}`}
                    data-line={given}
                  >
                    {lineLabel(given, chord.beats || 1)}
                  </div>
                );
              const cell = { chord: index, voice };
              const key = cellKey(cell);
              const note = lineAt(index, voice);
              const cellMarks = marks.get(key) ?? [];
              const isSelected = selected?.chord === index && selected.voice === voice;
              return (
                <button
                  key={key}
                  type="button"
                  ref={(element) => {
                    if (element) buttons.current.set(key, element);
                    else buttons.current.delete(key);
                  }}
                  className={styles.cell}
                  style={style}
                  data-cell={`${index + 1}${voice}`}
                  data-selected={isSelected || undefined}
                  data-marked={cellMarks.length > 0 || undefined}
                  aria-pressed={isSelected}
                  aria-label={t('partWriting.cell', { chord: index + 1, voice: voiceName(voice), note: note || t('partWriting.empty') })}
                  aria-describedby={cellMarks.map((m) => `pw-finding-${m.index}`).join(' ') || undefined}
                  onFocus={() => {
                    const now = selectedNow.current;
                    if (now?.chord !== index || now.voice !== voice) {
                      typed.current = false;
                      advance.current = false;
                      setSelected({ ...cell, at: 0 });
                    }
                  }}
                  onClick={() => {
                    const now = selectedNow.current;
                    if (now?.chord !== index || now.voice !== voice) setSelected({ ...cell, at: 0 });
                  }}
                  onKeyDown={(event) => onCellKey(event, cell)}
                >
                  {note || '—'}
                </button>
              );
            }),
          )}
        </div>
      </div>

      {readOnly ? null : (
        <div
          ref={toolbar}
          className={styles.pointer}
          role="toolbar"
          aria-label={t('partWriting.pointer.label')}
          data-open={toolsOpen || undefined}
        >
          <span className="visually-hidden" aria-live="polite">
            {selectedName}
          </span>
          {/* Short on a phone: chord, voice and note (the full sentence is read out above). */}
          <span className={styles.selected} aria-hidden="true" data-testid="pointer-selected">
            {selected ? `${selected.chord + 1} ${selected.voice}: ${noteAt(selected) || '—'}` : t('partWriting.pointer.none')}
          </span>
          <div className={styles.steps}>
            <Button
              size="sm"
              variant="outline"
              disabled={!selected}
              aria-label={t('partWriting.pointer.up')}
              onClick={() => apply((note, cell) => (note ? scaleStep(note, keyAt(cell.chord), 1) : defaultNote(cell)))}
            >
              ▲
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={!selected}
              aria-label={t('partWriting.pointer.down')}
              onClick={() => apply((note, cell) => (note ? scaleStep(note, keyAt(cell.chord), -1) : defaultNote(cell)))}
            >
              ▼
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={!selected}
              aria-label={t('partWriting.pointer.sharp')}
              onClick={() => apply((note) => (note ? alterStep(note, 1) : note))}
              className={styles.symbol}
            >
              ♯
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={!selected}
              aria-label={t('partWriting.pointer.flat')}
              onClick={() => apply((note) => (note ? alterStep(note, -1) : note))}
              className={styles.symbol}
            >
              ♭
            </Button>
            <Button
              size="sm"
              variant="ghost"
              aria-expanded={toolsOpen}
              aria-controls="pw-more-notes"
              aria-label={t('partWriting.pointer.more')}
              title={t('partWriting.pointer.more')}
              onClick={() => setToolsOpen((open) => !open)}
            >
              {toolsOpen ? '▾' : '⋯'}
            </Button>
          </div>
          {/* The note values stay in the sticky bar, by the staff wherever it is scrolled (issue 35). */}
          <NoteValuePalette
            className={styles.palette}
            palette={palette}
            onValue={(value) => {
              pickValue(value, 0);
              if (selected) buttons.current.get(cellKey(selected))?.focus({ preventScroll: true });
            }}
            onDot={() => {
              toggleDot();
              if (selected) buttons.current.get(cellKey(selected))?.focus({ preventScroll: true });
            }}
            onTie={() => {
              if (selected) {
                tie(selected);
                // The note tied to is selected now (perhaps in the next chord): its cell takes the focus.
                const now = selectedNow.current ?? selected;
                buttons.current.get(cellKey(now))?.focus({ preventScroll: true });
              }
            }}
            onUndo={undo}
            canTie={!!selected && noteAt(selected) !== ''}
            canUndo={history.current.length > 0}
          />
          <div id="pw-more-notes" className={styles.more} hidden={!toolsOpen}>
            <div className={styles.letters}>
              {['C', 'D', 'E', 'F', 'G', 'A', 'B'].map((letter) => (
                <Button
                  key={letter}
                  size="sm"
                  variant="outline"
                  disabled={!selected}
                  aria-label={t('partWriting.pointer.letter', { letter })}
                  onClick={() => {
                    if (!selected || readOnly) return;
                    const target = advance.current ? nextPlace(cells, beatsOf, placeOfCell(selected)) : selected;
                    writeAt(target, letterNote(letter, keyAt(target.chord), nearAt(target)));
                    advance.current = palette.value !== null;
                    typed.current = 'letter';
                  }}
                >
                  {letter}
                </Button>
              ))}
            </div>
            <div className={styles.letters}>
              <Button
                size="sm"
                variant="outline"
                disabled={!selected}
                aria-label={`8va: ${t('partWriting.pointer.octaveUp')}`}
                onClick={() => apply((note) => (note ? octaveStep(note, 1) : note))}
              >
                8va
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={!selected}
                aria-label={`8vb: ${t('partWriting.pointer.octaveDown')}`}
                onClick={() => apply((note) => (note ? octaveStep(note, -1) : note))}
              >
                8vb
              </Button>
              <Button size="sm" variant="outline" disabled={!selected} onClick={() => apply(() => '')}>
                {t('partWriting.pointer.clear')}
              </Button>
            </div>
          </div>
        </div>
      )}

      <section className={styles.feedback} aria-labelledby="pw-feedback-title">
        <h2 id="pw-feedback-title" className={styles.heading}>
          {rules.practice ? t('partWriting.feedback.live') : t('partWriting.feedback.handIn')}
        </h2>
        <div aria-live="polite" data-testid="part-writing-findings">
          {findings.length === 0 && !rules.practice && latest?.points_off ? (
            // A formal grade before its findings are shown: what they cost and when they show, never which (issue 35).
            <PointsOffSummary pointsOff={latest.points_off} shownAt={latest.findings_shown_at ?? null} timeZone={viewer.timeZone} />
          ) : findings.length === 0 ? (
            <p className={styles.muted}>
              {rules.practice
                ? t('partWriting.feedback.none')
                : latest
                  ? t('partWriting.feedback.hidden')
                  : t('partWriting.feedback.later')}
            </p>
          ) : (
            <ul className={styles.findings}>
              {findings.map((finding, index) => (
                <li key={`${finding.rule}:${finding.chords.join('-')}:${finding.voices.join('')}`} id={`pw-finding-${index}`}>
                  <button
                    type="button"
                    className={styles.finding}
                    data-rule={finding.rule}
                    onClick={() => {
                      const voice = finding.voices.find((v) => view.write.includes(v)) ?? order[0];
                      if (voice !== undefined) focusCell({ chord: finding.chords[0] ?? 0, voice });
                    }}
                  >
                    <span className={styles.findingNumber} aria-hidden="true">
                      {index + 1}
                    </span>
                    {findingText(finding)}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>

      <details className={styles.textForm}>
        <summary>{t('partWriting.text.title', { voices: order.join(' ') })}</summary>
        <ol className={styles.textList}>
          {view.chords.map((chord, index) => {
            const label = t('partWriting.text.chord', {
              chord: index + 1,
              given: view.given.map((v) => `${v} ${chord[v] ?? ''}`).join(', '),
            });
            return (
              <li key={chord.id}>
                <label className={styles.textRow}>
                  <span>{label}</span>
                  <input
                    value={texts[index] ?? answerText(cells[index] ?? {}, view.write)}
                    readOnly={readOnly}
                    spellCheck={false}
                    autoCapitalize="off"
                    placeholder={order.map(() => 'C4').join(' ')}
                    aria-invalid={textProblem[index] ? true : undefined}
                    onChange={(event) => setTexts((current) => ({ ...current, [index]: event.target.value }))}
                    onBlur={() => commitText(index)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') commitText(index);
                    }}
                  />
                </label>
                {textProblem[index] ? <span className={styles.problem}>{textProblem[index]}</span> : null}
              </li>
            );
          })}
        </ol>
      </details>

      <div ref={submitBar} className={styles.submitBar}>
        {secondsLeft !== null ? <TimeLeft seconds={secondsLeft} warning={secondsLeft > 0 && secondsLeft <= 60} /> : null}
        <span>{t('partWriting.written', { count: view.chords.length - unwritten, total: view.chords.length })}</span>
        {rules.gradable ? (
          <Button onClick={() => (unwritten > 0 ? setConfirming(true) : handIn())} loading={pending} disabled={readOnly}>
            {latest && rules.can_submit ? t('workspace.submit.again') : t('workspace.submit.submit')}
          </Button>
        ) : null}
      </div>

      {latest ? (
        <SubmissionResult
          submission={latest}
          showGradeOn={rules.show_grade_on_date}
          language={viewer.language}
          timeZone={viewer.timeZone}
          viewPath={submissionPath(latest.id)}
        />
      ) : null}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('workspace.submit.confirmTitle')}
        message={t('partWriting.confirmUnfinished', { count: unwritten })}
        confirmLabel={t('workspace.submit.confirm')}
        onConfirm={() => handIn()}
        loading={pending}
      />
    </div>
  );
}
