import type { PartWritingWorkspace as PartWritingView } from '@app/contract/part-writing';
import type { Finding } from '@app/contract/part-writing/check';
import { findingMessage, type Language } from '@app/contract/part-writing/messages';
import { VOICES, type Voice } from '@app/contract/part-writing/rules';
import { checkWritten, keysInForce, readAnswer, type WrittenChord } from '@app/contract/part-writing/written';
import type { StartedWorkspace, Workspace } from '@app/contract/workspace';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  alterStep,
  answerText,
  letterNote,
  nearFor,
  noteForKey,
  octaveStep,
  readChordText,
  scaleStep,
} from '../../../components/part-writing/note-entry.ts';
import { PartWritingStaff } from '../../../components/part-writing/part-writing-staff.tsx';
import { useWrittenPlayback } from '../../../components/part-writing/use-written-playback.ts';
import { VoicePicker } from '../../../components/part-writing/voice-picker.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { PlaybackControls } from '../../../components/ui/playback-controls.tsx';
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

type Cell = { chord: number; voice: Voice };
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
  const [selected, setSelected] = useState<Cell | null>(null);
  const [texts, setTexts] = useState<Record<number, string>>({});
  const [textProblem, setTextProblem] = useState<Record<number, string>>({});
  const typed = useRef(false);
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

  const setNote = (cell: Cell, note: string) => {
    setCells((current) => {
      const next = current.map((chord, i) => {
        if (i !== cell.chord) return chord;
        const copy = { ...chord };
        if (note === '') delete copy[cell.voice];
        else copy[cell.voice] = note;
        return copy;
      });
      autosave.change(entries(next));
      return next;
    });
    setTexts((current) => {
      const { [cell.chord]: _dropped, ...rest } = current;
      return rest;
    });
  };
  const noteAt = (cell: Cell) => cells[cell.chord]?.[cell.voice] ?? '';
  // Each chord's key: a letter, a step or a MIDI note is spelled in it (a key a chord names changes it from there on, decision 031).
  const keys = useMemo(() => keysInForce(view), [view]);
  const keyAt = (chord: number) => keys[chord] ?? view.key;

  // Practice: the checker runs on every change. Otherwise: the last hand-in's findings, as far as the rules show them.
  const findings: Finding[] = useMemo(() => {
    if (!rules.practice) return latest?.findings ?? [];
    return checkWritten(view, cells, language).findings;
  }, [rules.practice, latest, view, cells, language]);
  const unwritten = cells.filter((chord, i) => order.some((v) => !chord[v]) || i >= view.chords.length).length;

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

  const onCellKey = (event: KeyboardEvent<HTMLButtonElement>, cell: Cell) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      const chord = cell.chord + (event.key === 'ArrowRight' ? 1 : -1);
      if (chord >= 0 && chord < view.chords.length) {
        event.preventDefault();
        typed.current = false;
        focusCell({ chord, voice: cell.voice });
      }
      return;
    }
    if (readOnly) return;
    const result = noteForKey(
      event.key,
      { note: noteAt(cell), typed: typed.current },
      { keyText: keyAt(cell.chord), near: nearFor(cells, cell.chord, cell.voice), shift: event.shiftKey },
    );
    if (!result) return;
    event.preventDefault();
    typed.current = result.typed;
    performance.mark('part-writing-input');
    pendingInput.current = true;
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
  const defaultNote = (cell: Cell) => letterNote('C', keyAt(cell.chord), nearFor(cells, cell.chord, cell.voice));

  /** The cell after this one in writing order: the next voice to write, then the next chord's first. */
  const nextCell = (cell: Cell): Cell => {
    const at = order.indexOf(cell.voice);
    const voice = order[at + 1];
    if (voice) return { chord: cell.chord, voice };
    return cell.chord + 1 < view.chords.length ? { chord: cell.chord + 1, voice: order[0] ?? cell.voice } : cell;
  };

  // MIDI: a note-on writes the selected voice, spelled in the key, then moves on as Tab does.
  const midiNote = useRef<(key: number) => void>(() => {});
  midiNote.current = (key: number) => {
    if (!selected || readOnly || !view.write.includes(selected.voice)) return;
    performance.mark('part-writing-input');
    pendingInput.current = true;
    setNote(selected, spellMidi(key, keyAt(selected.chord)));
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
    const read = readChordText(text, view.given, view.write);
    if ('problem' in read) {
      setTextProblem((current) => ({
        ...current,
        [index]: read.problem === 'count' ? t('partWriting.text.count', { voices: order.join(' ') }) : t('partWriting.text.pitch'),
      }));
      return;
    }
    setTextProblem(({ [index]: _dropped, ...rest }) => rest);
    setCells((current) => {
      const next = current.map((chord, i) => (i === index ? read.chord : chord));
      autosave.change(entries(next));
      return next;
    });
    setTexts(({ [index]: _dropped, ...rest }) => rest);
  };

  const { handIn, confirming, setConfirming, pending } = useHandIn({
    documentId: document.id,
    answers: () => entries(cells),
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
          voices: order.map(voiceName).join(', '),
          given: view.given.map(voiceName).join(', '),
          key: keyName(view.key, t),
          meter: view.meter,
        })}
      </p>
      <details className={styles.help}>
        <summary>{t('partWriting.help.title')}</summary>
        <p>{t('partWriting.help.keyboard')}</p>
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
          onSelect={(cell) => {
            if (selected?.chord !== cell.chord || selected.voice !== cell.voice) typed.current = false;
            setSelected(cell);
          }}
          onNote={(cell, note) => {
            performance.mark('part-writing-input');
            pendingInput.current = true;
            setNote(cell, note);
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
                  <div key={`${chord.id}:${voice}`} className={styles.given} style={style}>
                    {given}
                  </div>
                );
              const cell = { chord: index, voice };
              const key = cellKey(cell);
              const note = noteAt(cell);
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
                    if (!isSelected) typed.current = false;
                    setSelected(cell);
                  }}
                  onClick={() => setSelected(cell)}
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
          <div id="pw-more-notes" className={styles.more} hidden={!toolsOpen}>
            <div className={styles.letters}>
              {['C', 'D', 'E', 'F', 'G', 'A', 'B'].map((letter) => (
                <Button
                  key={letter}
                  size="sm"
                  variant="outline"
                  disabled={!selected}
                  aria-label={t('partWriting.pointer.letter', { letter })}
                  onClick={() => apply((_note, cell) => letterNote(letter, keyAt(cell.chord), nearFor(cells, cell.chord, cell.voice)))}
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
          {findings.length === 0 ? (
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
