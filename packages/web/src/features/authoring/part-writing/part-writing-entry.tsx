import type {
  PartWritingAuthoredChord,
  PartWritingCheckRequest,
  PartWritingWorkspace as PartWritingView,
} from '@app/contract/part-writing';
import type { Finding } from '@app/contract/part-writing/check';
import { chordPlaces, mergeChords, type RhythmChange, splitChord, splitPoints } from '@app/contract/part-writing/harmonic-rhythm';
import { findingMessage, type Language } from '@app/contract/part-writing/messages';
import { VOICES, type Voice } from '@app/contract/part-writing/rules';
import { parsePitch } from '@app/contract/part-writing/theory';
import { beatOf, crossesBarline, readTypedLabel, typedLabelText } from '@app/contract/part-writing/typed';
import { keysInForce, type RuleSettings, type WrittenChord } from '@app/contract/part-writing/written';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nearFor, noteForKey, type Typed } from '../../../components/part-writing/note-entry.ts';
import { PartWritingStaff, type StaffCell } from '../../../components/part-writing/part-writing-staff.tsx';
import { changeNote, noteAt, removeNote, writeNote } from '../../../components/part-writing/rhythm-entry.ts';
import { useWrittenPlayback } from '../../../components/part-writing/use-written-playback.ts';
import { VoicePicker } from '../../../components/part-writing/voice-picker.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { PlaybackControls } from '../../../components/ui/playback-controls.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { apiErrorMessages } from '../../../lib/api-errors.ts';
import { useCheckPartWriting } from './api.ts';
import styles from './part-writing-authoring.module.css';

export interface PartWritingEntryProps {
  keyText: string;
  meter: string;
  /** Quarter notes of an opening pickup measure (an uploaded chorale's), drawn as a measure of its own. */
  pickup?: number | undefined;
  /** The score's number of its first measure, when not 1 (the staff numbers its systems so). */
  firstMeasure?: number | undefined;
  style: 'free' | 'strict';
  given: readonly Voice[];
  write: readonly Voice[];
  chords: readonly PartWritingAuthoredChord[];
  /** The given voice is typed here (Create Exercise without an upload); otherwise it is as read. */
  typing: boolean;
  /** Each chord's label: figures (figured bass) or a numeral; typed here when `typing`. */
  label: 'figures' | 'numeral';
  /** The labels are typed here though the given voice is as read (an uploaded chorale's bass given its figures); lengths stay as read. */
  labelsEditable?: boolean;
  onChords: (chords: PartWritingAuthoredChord[]) => void;
  model: readonly WrittenChord[];
  onModel: (model: WrittenChord[]) => void;
  rules: RuleSettings;
  language: string;
  /** While typing: whether a chord's field cannot be read (a length that is not one) or a chord crosses a barline, so the exercise cannot be saved yet. */
  onTypingProblem?: (problem: boolean) => void;
}

const languageOf = (language: string): Language => (['en', 'zh-hans', 'zh-hant', 'ko'].includes(language) ? (language as Language) : 'en');

/**
 * Create Exercise's chords (issue 27): the given voice typed with the students' own note entry
 * (the staff of `PartWritingStaff` to tap and drag, a grid of cells taking the keyboard entry of
 * `note-entry.ts`), the figures or numeral of each chord, and a model solution written the same
 * way, checked by `POST /api/part-writing/check` with its findings numbered and marked on the staff.
 */
export function PartWritingEntry({
  keyText,
  meter,
  pickup,
  firstMeasure,
  style,
  given,
  write,
  chords,
  typing,
  label,
  labelsEditable = false,
  onChords,
  model,
  onModel,
  rules,
  language,
  onTypingProblem,
}: PartWritingEntryProps) {
  const { t } = useTranslation();
  const check = useCheckPartWriting();
  const [selected, setSelected] = useState<StaffCell | null>(null);
  const [findings, setFindings] = useState<Finding[] | null>(null);
  const [checkError, setCheckError] = useState<string | null>(null);
  const typed = useRef<Typed>(false);
  const voices = VOICES.filter((v) => given.includes(v) || write.includes(v));
  const editable = VOICES.filter((v) => (typing && given.includes(v)) || write.includes(v));

  // Every voice's note, given and model, chord by chord: what the staff, the grid and the check read.
  const cells: WrittenChord[] = useMemo(
    () =>
      chords.map((chord, i) => {
        const cell: WrittenChord = {};
        for (const v of voices) {
          const note = given.includes(v) ? chord[v] : model[i]?.[v];
          if (note) cell[v] = note;
        }
        return cell;
      }),
    [chords, model, voices, given],
  );
  const view: PartWritingView = useMemo(
    () => ({
      key: keyText,
      meter,
      style,
      // While typing, the given voice is written on the staff like the model's voices.
      given: typing ? [] : [...given],
      write: typing ? voices : [...write],
      chords: chords.map((chord, i) => {
        const shown: PartWritingView['chords'][number] = { id: `chord-${i + 1}`, beats: chord.beats };
        if (chord.numeral !== undefined) shown.numeral = chord.numeral;
        if (chord.figures !== undefined) shown.figures = chord.figures;
        if (!typing) for (const v of given) if (chord[v]) shown[v] = chord[v];
        return shown;
      }),
      rules,
      points: 0,
      ...(pickup !== undefined ? { pickup } : {}),
      ...(firstMeasure !== undefined ? { first_measure: firstMeasure } : {}),
    }),
    [keyText, meter, pickup, firstMeasure, style, typing, given, write, voices, chords, rules],
  );

  const setNote = (cell: StaffCell, note: string) => {
    setFindings(null);
    if (given.includes(cell.voice)) {
      onChords(
        chords.map((chord, i) => {
          if (i !== cell.chord) return chord;
          const copy = { ...chord };
          if (note === '') delete copy[cell.voice];
          else copy[cell.voice] = note;
          return copy;
        }),
      );
      return;
    }
    // The model's voices are lines with rhythm (a chorale's, issue 35): the note at the place tapped, dragged or typed
    // changes, a tap into an empty voice fills its chord, Delete takes that note out (rhythm-entry.ts, as the workspace).
    const texts = chords.map((_, i) => ({ ...(model[i] ?? {}) }));
    const beatsOf = (i: number) => chords[i]?.beats || 1;
    const place = { chord: cell.chord, voice: cell.voice, at: cell.at ?? 0 };
    const pitch = parsePitch(note);
    if (note === '') onModel(removeNote(texts, beatsOf, place).cells);
    else if (pitch && noteAt(texts, beatsOf, place) !== '') onModel(changeNote(texts, beatsOf, place, () => pitch));
    else onModel(writeNote(texts, beatsOf, place, note, 'keep').cells);
  };
  // While typing, each chord's field is its label and, in brackets, its length (typed.ts): the text as typed
  // stays in the field, the chord takes what it reads, and a length that is not one is said under the grid.
  const beat = beatOf(meter);
  const [labelTexts, setLabelTexts] = useState<Record<number, string>>({});
  const [badDurations, setBadDurations] = useState<Record<number, string>>({});
  const setLabel = (index: number, text: string) => {
    setFindings(null);
    setLabelTexts((current) => ({ ...current, [index]: text }));
    if (!typing) {
      // An uploaded score's chords keep their lengths: the field is the label alone.
      onChords(chords.map((chord, i) => (i === index ? { ...chord, [label]: text.trim() } : chord)));
      return;
    }
    const read = readTypedLabel(text, beat);
    if ('problem' in read) {
      setBadDurations((current) => ({ ...current, [index]: read.duration }));
      return;
    }
    setBadDurations(({ [index]: _dropped, ...rest }) => rest);
    onChords(chords.map((chord, i) => (i === index ? { ...chord, [label]: read.label, beats: read.beats } : chord)));
  };
  const crossing = typing ? crossesBarline(chords, meter, pickup) : undefined;
  const typingProblem = typing && (Object.keys(badDurations).length > 0 || crossing !== undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: tells the editor only when the answer changes
  useEffect(() => onTypingProblem?.(typingProblem), [typingProblem]);

  // Each chord's key (a key typed before its figures or numeral changes it from there on): what spells a letter typed.
  const keys = useMemo(() => keysInForce({ key: keyText, chords }), [keyText, chords]);
  const onCellKey = (event: KeyboardEvent<HTMLButtonElement>, cell: StaffCell) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const result = noteForKey(
      event.key,
      { note: cells[cell.chord]?.[cell.voice] ?? '', typed: typed.current },
      { keyText: keys[cell.chord] ?? keyText, near: nearFor(cells, cell.chord, cell.voice), shift: event.shiftKey },
    );
    if (!result) return;
    event.preventDefault();
    typed.current = result.typed;
    setNote(cell, result.note);
  };

  const { playback, playing, lastChord } = useWrittenPlayback(view.chords, cells, meter);

  const complete = cells.every((cell) => voices.every((v) => cell[v]));
  const runCheck = () => {
    setCheckError(null);
    if (!complete) {
      setFindings(null);
      setCheckError(t('partWriting.authoring.checkIncomplete'));
      return;
    }
    const body: PartWritingCheckRequest = {
      key: keyText,
      meter,
      style,
      chords: chords.map((chord, i) => {
        const sent: PartWritingCheckRequest['chords'][number] = { ...cells[i] };
        if (chord.numeral) sent.numeral = chord.numeral;
        if (chord.figures !== undefined) sent.figures = chord.figures;
        return sent;
      }),
      off: Object.entries(rules)
        .filter(([, setting]) => !setting.on)
        .map(([rule]) => rule as NonNullable<PartWritingCheckRequest['off']>[number]),
      // The sentences name the score's measures and beats (issue 38): a chorale's pickup is measure 0.
      ...(pickup !== undefined ? { pickup } : {}),
      ...(firstMeasure !== undefined ? { first_measure: firstMeasure } : {}),
    };
    check.mutate(body, {
      onSuccess: (result) => setFindings(result.findings as Finding[]),
      // The server's sentences in the reader's language (by their message codes), as the upload's refusals are said.
      onError: (failure) =>
        setCheckError(failure instanceof ApiError ? apiErrorMessages(failure).join(' ') : t('partWriting.authoring.checkFailed')),
    });
  };

  const voiceName = (voice: Voice) => t(`partWriting.voice.${voice}`);
  const lang = languageOf(language);

  // The harmonic rhythm (issue 35): an uploaded score's chords merged or split by the instructor, given and model lines following.
  const [splitAt, setSplitAt] = useState<number | null>(null);
  const [rhythmError, setRhythmError] = useState<string | null>(null);
  const rhythmExercise = { meter, pickup, chords };
  const places = useMemo(() => chordPlaces({ meter, pickup, chords }), [meter, pickup, chords]);
  const at = selected && !typing ? selected.chord : undefined;
  const place = at === undefined ? undefined : places?.[at];
  const points = useMemo(
    () => (at === undefined ? [] : splitPoints({ meter, pickup, chords }, at, model)),
    [at, meter, pickup, chords, model],
  );
  // The beat as the workspace and the checker's sentences count it: from 1, in the unit of the meter (6/8's second dotted quarter is beat 4).
  const beatText = (chordAt: number, offset: number) => {
    const p = places?.[chordAt];
    const unit = Number(p?.meter.split('/')[1]) || 4;
    return p ? String(Number((1 + ((p.start + offset) * unit) / 4).toFixed(3))) : '';
  };
  const mergeTry = at === undefined ? undefined : mergeChords(rhythmExercise, at, model, { acrossPhraseEnd: true });
  const mergeRefused = mergeTry && 'refused' in mergeTry ? mergeTry.refused : undefined;
  const applyRhythm = (change: RhythmChange<PartWritingAuthoredChord>, chord: number) => {
    if ('refused' in change) {
      setRhythmError(t('partWriting.authoring.rhythm.line', { chord: chord + 1, voice: change.voice ? voiceName(change.voice) : '' }));
      return;
    }
    setRhythmError(null);
    setFindings(null);
    setLabelTexts({});
    setBadDurations({});
    setSplitAt(null);
    onChords(change.chords);
    onModel(change.model);
  };

  return (
    <section className={styles.entry} aria-labelledby="pw-entry-title">
      <h3 id="pw-entry-title" className={styles.entryTitle}>
        {typing ? t('partWriting.authoring.typeTitle', { given: given.map(voiceName).join(', ') }) : t('partWriting.authoring.modelTitle')}
      </h3>
      <p className={styles.hint}>
        {typing ? t('partWriting.authoring.typeHint') : null}{' '}
        {t('partWriting.authoring.modelHint', { voices: write.map(voiceName).join(', ') })}
      </p>
      {typing ? (
        <p className={styles.hint}>
          {t('partWriting.authoring.lengthHint')} {t('partWriting.authoring.keyHint')}
        </p>
      ) : null}
      <div className={styles.staffBar}>
        <VoicePicker voices={editable} selected={selected?.voice} onPick={(voice) => setSelected({ chord: selected?.chord ?? 0, voice })} />
        <PlaybackControls playback={playback} lastChord={lastChord(selected?.chord)} />
      </div>
      <PartWritingStaff
        view={view}
        cells={cells}
        selected={selected}
        readOnly={false}
        findings={findings ?? []}
        playing={playing}
        label={t('partWriting.staff.label')}
        onSelect={(cell) => {
          if (selected?.chord !== cell.chord || selected.voice !== cell.voice) typed.current = false;
          setSelected(cell);
        }}
        onNote={setNote}
      />

      {!typing ? (
        // biome-ignore lint/a11y/useSemanticElements: a group of controls for the selected chord, not a form's fieldset
        <div className={styles.rhythm} role="group" aria-labelledby="pw-rhythm-title">
          <h4 id="pw-rhythm-title" className={styles.rhythmTitle}>
            {t('partWriting.authoring.rhythm.title')}
          </h4>
          <p className={styles.hint} aria-live="polite">
            {at === undefined || !place
              ? t('partWriting.authoring.rhythm.hint')
              : t('partWriting.authoring.rhythm.where', {
                  chord: at + 1,
                  measure: place.measure + (firstMeasure ?? 1),
                  beat: beatText(at, 0),
                  length: Number((chords[at]?.beats ?? 0).toFixed(4)),
                })}
          </p>
          {at !== undefined ? (
            <div className={styles.rhythmBar}>
              <Button
                variant="outline"
                data-rhythm="merge"
                disabled={mergeRefused !== undefined}
                onClick={() => applyRhythm(mergeChords(rhythmExercise, at, model, { acrossPhraseEnd: true }), at)}
              >
                {t(chords[at]?.phrase_end ? 'partWriting.authoring.rhythm.mergePhrase' : 'partWriting.authoring.rhythm.merge')}
              </Button>
              {points.length > 0 ? (
                <>
                  <SelectField
                    label={t('partWriting.authoring.rhythm.splitAt')}
                    data-rhythm="split-at"
                    options={points.map((point) => ({
                      value: String(point),
                      label: t('partWriting.authoring.rhythm.beat', { beat: beatText(at, point) }),
                    }))}
                    value={String(splitAt !== null && points.includes(splitAt) ? splitAt : points[0])}
                    onChange={(e) => setSplitAt(Number(e.target.value))}
                  />
                  <Button
                    variant="outline"
                    data-rhythm="split"
                    onClick={() =>
                      applyRhythm(
                        splitChord(
                          rhythmExercise,
                          at,
                          splitAt !== null && points.includes(splitAt) ? splitAt : (points[0] as number),
                          model,
                        ),
                        at,
                      )
                    }
                  >
                    {t('partWriting.authoring.rhythm.split')}
                  </Button>
                </>
              ) : null}
            </div>
          ) : null}
          {at !== undefined ? (
            <p className={styles.hint}>
              {mergeRefused === 'barline'
                ? t('partWriting.authoring.rhythm.mergeBarline')
                : mergeRefused === 'last'
                  ? t('partWriting.authoring.rhythm.mergeLast')
                  : chords[at]?.phrase_end
                    ? t('partWriting.authoring.rhythm.mergePhraseHint')
                    : null}{' '}
              {points.length === 0 ? t('partWriting.authoring.rhythm.noSplit') : null}
            </p>
          ) : null}
          {rhythmError ? <Notice severity="error">{rhythmError}</Notice> : null}
        </div>
      ) : null}

      <div className={styles.scroller}>
        {/* biome-ignore lint/a11y/useSemanticElements: a CSS grid of cells; a fieldset cannot be one */}
        <div
          className={styles.grid}
          role="group"
          aria-label={t('partWriting.authoring.gridLabel')}
          style={{ gridTemplateColumns: `auto repeat(${chords.length}, minmax(4.25rem, 1fr))` }}
        >
          <div className={styles.corner} aria-hidden="true" />
          {chords.map((_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: chords in order, never reordered
            <div key={`n${index}`} className={styles.chordNumber} style={{ gridColumn: index + 2, gridRow: 1 }}>
              {index + 1}
            </div>
          ))}
          {voices.map((voice, row) => (
            <div key={voice} className={styles.voiceName} style={{ gridColumn: 1, gridRow: row + 2 }}>
              {voice}
            </div>
          ))}
          <div className={styles.voiceName} style={{ gridColumn: 1, gridRow: voices.length + 2 }}>
            {t(label === 'figures' ? 'partWriting.authoring.figuresRow' : 'partWriting.authoring.numeralRow')}
          </div>
          {chords.map((chord, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: chords in order, never reordered
            <div key={index} className={styles.column}>
              {voices.map((voice, row) => {
                const gridStyle = { gridColumn: index + 2, gridRow: row + 2 };
                const note = cells[index]?.[voice] ?? '';
                if (!editable.includes(voice))
                  return (
                    <div key={voice} className={styles.givenCell} style={gridStyle}>
                      {note}
                    </div>
                  );
                const isSelected = selected?.chord === index && selected.voice === voice;
                const cell = { chord: index, voice };
                const marked = findings?.some((f) => f.chords.includes(index) && f.voices.includes(voice));
                return (
                  <button
                    key={voice}
                    type="button"
                    className={styles.cell}
                    style={gridStyle}
                    data-cell={`${index + 1}${voice}`}
                    data-given={given.includes(voice) || undefined}
                    data-selected={isSelected || undefined}
                    data-marked={marked || undefined}
                    aria-pressed={isSelected}
                    aria-label={t('partWriting.cell', { chord: index + 1, voice: voiceName(voice), note: note || t('partWriting.empty') })}
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
              })}
              <input
                className={styles.labelInput}
                style={{ gridColumn: index + 2, gridRow: voices.length + 2 }}
                value={
                  typing
                    ? (labelTexts[index] ?? typedLabelText((label === 'figures' ? chord.figures : chord.numeral) ?? '', chord.beats, beat))
                    : (labelTexts[index] ?? (label === 'figures' ? chord.figures : chord.numeral) ?? '')
                }
                readOnly={!typing && !labelsEditable}
                size={6}
                maxLength={label === 'figures' ? 48 : 72}
                aria-invalid={badDurations[index] !== undefined || crossing === index || undefined}
                aria-label={t(label === 'figures' ? 'partWriting.authoring.figuresOf' : 'partWriting.authoring.numeralOf', {
                  chord: index + 1,
                })}
                data-label={index + 1}
                onChange={(e) => setLabel(index, e.target.value)}
                spellCheck={false}
                autoCapitalize="off"
                autoComplete="off"
              />
            </div>
          ))}
        </div>
      </div>

      {typingProblem ? (
        <Notice severity="error">
          {Object.entries(badDurations).map(([index, duration]) => (
            <span key={index} className={styles.problemLine}>
              {t('partWriting.authoring.badDuration', { chord: Number(index) + 1, duration })}
            </span>
          ))}
          {crossing === undefined ? null : (
            <span className={styles.problemLine}>{t('messages.partWriting.crossesBarline', { chord: crossing + 1 })}</span>
          )}
        </Notice>
      ) : null}
      <div className={styles.checkBar}>
        <Button variant="outline" onClick={runCheck} loading={check.isPending}>
          {t('partWriting.authoring.check')}
        </Button>
        {model.some((chord) => Object.keys(chord).length > 0) ? (
          <Button
            variant="ghost"
            onClick={() => {
              setFindings(null);
              onModel(chords.map(() => ({})));
            }}
          >
            {t('partWriting.authoring.clearModel')}
          </Button>
        ) : null}
      </div>
      {checkError ? <Notice severity="error">{checkError}</Notice> : null}
      {findings ? (
        findings.length === 0 ? (
          <p role="status" className={styles.checked}>
            {t('partWriting.authoring.checkedNone')}
          </p>
        ) : (
          <ol className={styles.findings} aria-label={t('partWriting.authoring.findings', { count: findings.length })}>
            {findings.map((finding, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one check's findings, in order
              <li key={index} data-rule={finding.rule}>
                {findingMessage(finding.rule, finding.params, lang)}
              </li>
            ))}
          </ol>
        )
      ) : null}
    </section>
  );
}
