import {
  DEFAULT_EXERCISE_POINTS,
  PART_WRITING_METER,
  type PartWritingAuthoredChord,
  type PartWritingDraft,
  type PartWritingVoiceChoice,
  type ScoreVoice,
} from '@app/contract/part-writing';
import { type Language, listOf } from '@app/contract/part-writing/messages';
import { VOICES, type Voice } from '@app/contract/part-writing/rules';
import { beatOf } from '@app/contract/part-writing/typed';
import { ruleSettings, type WrittenChord } from '@app/contract/part-writing/written';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { exercisePointsBad, PartWritingRuleSettings } from '../../../components/ui/part-writing-rule-settings.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { apiErrorMessages } from '../../../lib/api-errors.ts';
import { keyName } from '../../../lib/keys.ts';
import { notify } from '../../../lib/notifications.ts';
import { useCreatePartWritingDraft, useSavePartWriting } from './api.ts';
import styles from './part-writing-authoring.module.css';
import { PartWritingEntry } from './part-writing-entry.tsx';

export interface PartWritingAuthoringProps {
  courseId: number;
  /** The set the exercise goes into; without one (the content library page) it goes into the author's own library only. */
  assignmentId?: number | undefined;
  onSaved: () => void;
  onCancel: () => void;
  /** Told whether there is work not yet saved (an uploaded score, or anything typed), so the dialog asks before throwing it away. */
  onDirtyChange?: (dirty: boolean) => void;
}

type Rules = PartWritingDraft['rules'];

/** What the instructor types: a bass with figures, a bass with numerals, or a soprano with numerals. */
export type TypedKind = 'figured-bass' | 'bass-numerals' | 'soprano-numerals';
const TYPED_KINDS: TypedKind[] = ['figured-bass', 'bass-numerals', 'soprano-numerals'];
/** Keys offered, as decision 031's tokens (upper case major, lower case minor). */
const KEYS = [
  ...['C', 'G', 'D', 'A', 'E', 'B', 'F#', 'C#', 'F', 'Bb', 'Eb', 'Ab', 'Db', 'Gb', 'Cb'],
  ...['a', 'e', 'b', 'f#', 'c#', 'g#', 'd#', 'a#', 'd', 'g', 'c', 'f', 'bb', 'eb', 'ab'],
];
const METERS = ['4/4', '3/4', '2/4', '2/2', '3/2', '6/8', '9/8', '3/8'];
/** At most this many chords typed at once (the document takes 200; a longer one is better uploaded). */
export const TYPED_MAX_CHORDS = 64;

/** A typed exercise's start: empty chords of one beat each (a length is typed after the label), the given voice to type, every rule at its default. */
export function typedDraft(kind: TypedKind, key: string, meter: string, count: number): PartWritingDraft {
  const given: Voice[] = kind === 'soprano-numerals' ? ['S'] : ['B'];
  const beats = beatOf(meter);
  const chords: PartWritingAuthoredChord[] = Array.from({ length: count }, () =>
    kind === 'figured-bass' ? { figures: '', beats } : { numeral: '', beats },
  );
  return {
    title: '',
    key,
    meter,
    style: 'free',
    given,
    write: VOICES.filter((v) => !given.includes(v)),
    chords,
    rules: ruleSettings({ rules: {}, style: 'free' }),
    points: DEFAULT_EXERCISE_POINTS,
  };
}

/** Whether a typed start has anything written into it: a title, a given note, a label, a length other than one beat, a model note. */
function hasTypedWork(draft: PartWritingDraft, title: string, model: readonly WrittenChord[]): boolean {
  const beats = beatOf(draft.meter);
  return (
    title.trim() !== '' ||
    draft.chords.some(
      (chord) =>
        VOICES.some((v) => chord[v]) || (chord.figures ?? '').trim() !== '' || (chord.numeral ?? '').trim() !== '' || chord.beats !== beats,
    ) ||
    model.some((chord) => Object.keys(chord).length > 0)
  );
}

/** What goes under an uploaded score's given voice that had nothing under it: nothing (harmonise it), figures or numerals typed here. */
type LabelKind = 'none' | 'figures' | 'numeral';
const LABEL_KINDS: LabelKind[] = ['none', 'figures', 'numeral'];

/** A chord with an empty label of the kind (figures '' read as 5 3), or none. */
function withLabelKind(
  { figures: _figures, numeral: _numeral, ...chord }: PartWritingAuthoredChord,
  kind: LabelKind,
): PartWritingAuthoredChord {
  if (kind === 'figures') return { ...chord, figures: '' };
  if (kind === 'numeral') return { ...chord, numeral: '' };
  return chord;
}

/** The voices a draft may leave to the student: all the others (four parts), or the other outer voice (two voices). */
function writeChoices(given: readonly Voice[]): { id: 'four' | 'outer'; write: Voice[] }[] {
  const four = { id: 'four' as const, write: VOICES.filter((v) => !given.includes(v)) };
  const outer =
    given.length === 1 && (given[0] === 'S' || given[0] === 'B')
      ? [{ id: 'outer' as const, write: [given[0] === 'S' ? 'B' : 'S'] as Voice[] }]
      : [];
  return [four, ...outer];
}

/**
 * Create Exercise, part writing (issue 27): upload a MusicXML holding the given voice with
 * `<figured-bass>` or numerals; choose the voices to write, each rule on or off and the points an
 * error costs (textbook defaults), the style and the exercise's points; save into the set and/or the
 * author's own library section ("My exercises"), as an analysis exercise is saved.
 */
export function PartWritingAuthoring({ courseId, assignmentId, onSaved, onCancel, onDirtyChange }: PartWritingAuthoringProps) {
  const { t, i18n } = useTranslation();
  const createDraft = useCreatePartWritingDraft();
  const save = useSavePartWriting();
  const [draft, setDraft] = useState<PartWritingDraft | null>(null);
  const [title, setTitle] = useState('');
  const [choice, setChoice] = useState<'four' | 'outer'>('four');
  const [rules, setRules] = useState<Rules | null>(null);
  const [points, setPoints] = useState('20');
  const [style, setStyle] = useState<'free' | 'strict'>('free');
  const [error, setError] = useState<string | null>(null);
  const [toLibrary, setToLibrary] = useState(false);
  const libraryOnly = assignmentId === undefined;
  // Typing the given voice instead of uploading it: the kind, key, meter and number of chords to start from.
  const [source, setSource] = useState<'upload' | 'type'>('upload');
  const [kind, setKind] = useState<TypedKind>('figured-bass');
  const [keyToken, setKeyToken] = useState('C');
  const [meter, setMeter] = useState('4/4');
  const [count, setCount] = useState('4');
  const [typing, setTyping] = useState(false);
  const [model, setModel] = useState<WrittenChord[]>([]);
  // A whole score (a chorale): its voices to choose the given ones from, the file to send again with them (QA Q5).
  const [choosing, setChoosing] = useState<PartWritingVoiceChoice | null>(null);
  const [chosen, setChosen] = useState<Voice[]>([]);
  // A score with more lines than voices (five sung parts, instruments): the voice each line is sung as, '' left out (issue 35).
  const [lineVoices, setLineVoices] = useState<(Voice | '')[]>([]);
  const [upload, setUpload] = useState<File | null>(null);
  // An uploaded score with nothing under its given voice (a chorale): what the instructor writes under it, if anything.
  const [labelKind, setLabelKind] = useState<LabelKind>('none');
  const [unlabelled, setUnlabelled] = useState(false);
  // A typed chord's field that cannot be read yet (a length that is not one) or a chord over a barline: nothing is saved until it is fixed.
  const [typingProblem, setTypingProblem] = useState(false);
  const countValue = Number(count);
  const countBad = !Number.isInteger(countValue) || countValue < 1 || countValue > TYPED_MAX_CHORDS;

  // Work not yet saved: an uploaded score as read, or a typed start with anything written into it (a title, a note, a label, a length).
  const dirty = choosing !== null || (draft !== null && (!typing || hasTypedWork(draft, title, model)));
  // biome-ignore lint/correctness/useExhaustiveDependencies: tells the dialog only when the answer changes
  useEffect(() => onDirtyChange?.(dirty), [dirty]);
  // Gone (the dialog closed or the kind switched): nothing of it is left to lose.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on leaving
  useEffect(() => () => onDirtyChange?.(false), []);

  const startTyping = () => {
    if (countBad || !PART_WRITING_METER.test(meter)) return;
    const made = typedDraft(kind, keyToken, meter, countValue);
    setError(null);
    setTyping(true);
    setDraft(made);
    setTitle('');
    setRules(made.rules);
    setPoints(String(made.points));
    setStyle(made.style);
    setModel(made.chords.map(() => ({})));
  };

  const onFile = (file: File | undefined, given?: Voice[], parts?: number[]) => {
    if (!file) return;
    setError(null);
    createDraft.mutate(
      { courseId, file, ...(given ? { given } : {}), ...(parts ? { parts } : {}) },
      {
        onSuccess: (made) => {
          if ('choose' in made) {
            // A whole score: its voices to choose from, the bass given to start with (a figured bass or a bass to harmonise).
            setUpload(file);
            setChoosing(made);
            setLineVoices((made.lines ?? []).map((line) => line.voice ?? ''));
            setChosen(made.choose.some((v) => v.voice === 'B') ? ['B'] : made.choose.slice(0, 1).map((v) => v.voice));
            return;
          }
          setChoosing(null);
          setUpload(made.voices ? file : null);
          setTyping(false);
          // A whole score's own notes of the voices to write are the model solution to start from.
          setModel(made.chords.map((_, i) => ({ ...(made.model?.chords[i] ?? {}) })));
          setUnlabelled(made.chords.every((chord) => chord.figures === undefined && chord.numeral === undefined));
          setLabelKind('none');
          setDraft(made);
          setTitle(made.title);
          setRules(made.rules);
          setPoints(String(made.points));
          setStyle(made.style);
        },
        onError: (failure) => setError(failure instanceof ApiError ? apiErrorMessages(failure).join(' ') : t('authoring.uploadFailed')),
      },
    );
  };

  // The voice in the reader's language and the part's own name, once where they are the same word ('Bass', not 'Bass (Bass)').
  const scoreVoiceName = (v: ScoreVoice) => {
    const voice = t(`partWriting.voice.${v.voice}`);
    const part = v.part.trim();
    if (part === '' || (v.staff_voice === undefined && part.toLocaleLowerCase() === voice.toLocaleLowerCase())) return voice;
    return t(v.staff_voice === undefined ? 'partWriting.authoring.scoreVoice' : 'partWriting.authoring.scoreVoiceShared', {
      voice,
      part,
      number: v.staff_voice,
    });
  };

  if (choosing && upload) {
    // Which voices the score's lines are sung as: the server's reading, or the instructor's choice of lines.
    const lines = choosing.lines ?? [];
    const mapped = VOICES.filter((v) => lineVoices.includes(v));
    const linesBad =
      lines.length > 0 &&
      (VOICES.some((v) => lineVoices.filter((x) => x === v).length > 1) || (mapped.join('') !== 'SATB' && mapped.join('') !== 'SB'));
    const voicesShown =
      lines.length > 0
        ? mapped.map((voice) => {
            const line = lines[lineVoices.indexOf(voice)] as (typeof lines)[number];
            return { voice, part: line.part, ...(line.staff_voice !== undefined ? { staff_voice: line.staff_voice } : {}) };
          })
        : choosing.choose;
    const given = chosen.filter((v) => voicesShown.some((shown) => shown.voice === v));
    const chooseBad = linesBad || given.length === 0 || given.length === voicesShown.length;
    const parts = lines.length > 0 && !linesBad ? mapped.map((v) => lineVoices.indexOf(v)) : undefined;
    const common = (
      [
        ['presetB', ['B']],
        ['presetS', ['S']],
        ['presetSB', ['S', 'B']],
      ] as const
    ).filter(([, voices]) => voices.every((v) => voicesShown.some((shown) => shown.voice === v)));
    return (
      <div className={styles.upload}>
        {lines.length > 0 ? (
          <fieldset className={styles.fieldset}>
            <legend>{t('partWriting.authoring.linesTitle')}</legend>
            <p className={styles.hint}>{t('partWriting.authoring.linesHint', { count: lines.length })}</p>
            {lines.map((line, index) => (
              <SelectField
                // biome-ignore lint/suspicious/noArrayIndexKey: the score's lines keep their order
                key={index}
                label={
                  line.staff_voice === undefined
                    ? t('partWriting.authoring.lineLabel', { number: index + 1, part: line.part })
                    : t('partWriting.authoring.lineLabelShared', { number: index + 1, part: line.part, voice: line.staff_voice })
                }
                options={[
                  { value: '', label: t('partWriting.authoring.lineLeftOut') },
                  ...VOICES.map((v) => ({ value: v, label: t(`partWriting.voice.${v}`) })),
                ]}
                value={lineVoices[index] ?? ''}
                onChange={(e) => setLineVoices((current) => current.map((v, i) => (i === index ? (e.target.value as Voice | '') : v)))}
              />
            ))}
            {linesBad ? <p className={styles.hint}>{t('partWriting.authoring.linesBad')}</p> : null}
          </fieldset>
        ) : null}
        <fieldset className={styles.fieldset}>
          <legend>{t('partWriting.authoring.chooseTitle')}</legend>
          <p className={styles.hint}>{t('partWriting.authoring.chooseHint', { count: voicesShown.length })}</p>
          {common.length > 0 ? (
            <div className={styles.actions}>
              {common.map(([id, voices]) => (
                <Button key={id} variant="outline" aria-pressed={given.join('') === voices.join('')} onClick={() => setChosen([...voices])}>
                  {t(`partWriting.authoring.${id}`)}
                </Button>
              ))}
            </div>
          ) : null}
          {voicesShown.map((v) => (
            <label key={v.voice} className={styles.radio}>
              <input
                type="checkbox"
                name="pw-given"
                checked={given.includes(v.voice)}
                onChange={(e) =>
                  setChosen((current) =>
                    e.target.checked ? VOICES.filter((x) => x === v.voice || current.includes(x)) : current.filter((x) => x !== v.voice),
                  )
                }
              />
              {scoreVoiceName(v)}
            </label>
          ))}
        </fieldset>
        {chooseBad ? <p className={styles.hint}>{t('partWriting.authoring.chooseBad')}</p> : null}
        {createDraft.isPending ? <p role="status">{t('authoring.reading')}</p> : null}
        {error ? <Notice severity="error">{error}</Notice> : null}
        <div className={styles.actions}>
          <Button
            variant="outline"
            onClick={() => {
              setChoosing(null);
              setUpload(null);
              setError(null);
            }}
          >
            {t('partWriting.authoring.otherFile')}
          </Button>
          <Button onClick={() => onFile(upload, given, parts)} disabled={chooseBad} loading={createDraft.isPending}>
            {t('partWriting.authoring.makeExercise')}
          </Button>
        </div>
      </div>
    );
  }

  if (!draft || !rules) {
    return (
      <div className={styles.upload}>
        <fieldset className={styles.source}>
          <legend>{t('partWriting.authoring.source')}</legend>
          <label className={styles.radio}>
            <input type="radio" name="pw-source" checked={source === 'upload'} onChange={() => setSource('upload')} />
            {t('partWriting.authoring.sourceUpload')}
          </label>
          <label className={styles.radio}>
            <input
              type="radio"
              name="pw-source"
              checked={source === 'type'}
              onChange={() => {
                // An upload's refusal is not about typing (issue 38).
                setSource('type');
                setError(null);
              }}
            />
            {t('partWriting.authoring.sourceType')}
          </label>
        </fieldset>
        {source === 'upload' ? (
          <>
            <p>
              {t('partWriting.authoring.uploadHint')} {t('partWriting.authoring.uploadWholeHint')}
            </p>
            <label className={styles.file}>
              <span>{t('authoring.scoreFile')}</span>
              <input
                type="file"
                accept=".musicxml,.xml,.mxl"
                disabled={createDraft.isPending}
                onChange={(e) => onFile(e.target.files?.[0])}
              />
            </label>
            {createDraft.isPending ? <p role="status">{t('authoring.reading')}</p> : null}
          </>
        ) : (
          <>
            <p>{t('partWriting.authoring.typeStartHint')}</p>
            <fieldset className={styles.fieldset}>
              <legend>{t('partWriting.authoring.typedKind')}</legend>
              {TYPED_KINDS.map((k) => (
                <label key={k} className={styles.radio}>
                  <input type="radio" name="pw-typed-kind" checked={kind === k} onChange={() => setKind(k)} />
                  {t(`partWriting.authoring.typed.${k}`)}
                </label>
              ))}
            </fieldset>
            <div className={styles.start}>
              <SelectField
                label={t('partWriting.authoring.keyLabel')}
                options={KEYS.map((token) => ({ value: token, label: keyName(token, t) }))}
                value={keyToken}
                onChange={(e) => setKeyToken(e.target.value)}
              />
              <SelectField
                label={t('partWriting.authoring.meterLabel')}
                options={METERS.map((m) => ({ value: m, label: m }))}
                value={meter}
                onChange={(e) => setMeter(e.target.value)}
              />
              <TextField
                label={t('partWriting.authoring.countLabel')}
                type="number"
                inputMode="numeric"
                min={1}
                max={TYPED_MAX_CHORDS}
                value={count}
                error={countBad ? t('partWriting.authoring.countBad', { max: TYPED_MAX_CHORDS }) : undefined}
                onChange={(e) => setCount(e.target.value)}
              />
            </div>
            <div className={styles.actions}>
              <Button variant="outline" onClick={onCancel}>
                {t('common.cancel')}
              </Button>
              <Button onClick={startTyping} disabled={countBad}>
                {t('partWriting.authoring.startTyping')}
              </Button>
            </div>
          </>
        )}
        {error ? <Notice severity="error">{error}</Notice> : null}
      </div>
    );
  }

  const choices = writeChoices(draft.given);
  const write = choices.find((c) => c.id === choice)?.write ?? choices[0]?.write ?? [];
  // '女高音、女低音' in Chinese (issue 38).
  const voiceList = (voices: readonly Voice[]) =>
    listOf(
      voices.map((v) => t(`partWriting.voice.${v}`)),
      i18n.language as Language,
    );
  const pointsValue = Number(points);
  const pointsBad = exercisePointsBad(points);

  // The model solution goes with the exercise when any note of it is written (the voices the students write only).
  const modelWritten = model.some((chord) => write.some((v) => chord[v]));
  const modelToSave = modelWritten
    ? {
        chords: draft.chords.map((_, i) => Object.fromEntries(write.flatMap((v) => (model[i]?.[v] ? [[v, model[i]?.[v]]] : [])))),
      }
    : undefined;

  const onSave = () => {
    if (title.trim() === '' || pointsBad || typingProblem) return;
    setError(null);
    save.mutate(
      {
        title: title.trim(),
        ...(assignmentId === undefined ? {} : { assignment_set_id: assignmentId }),
        add_to_library: libraryOnly || toLibrary,
        key: draft.key,
        meter: draft.meter,
        style,
        given: draft.given,
        write,
        chords: draft.chords.map(({ numeral, ...chord }) =>
          numeral === undefined || numeral.trim() === '' ? chord : { ...chord, numeral: numeral.trim() },
        ),
        rules,
        points: pointsValue,
        ...(draft.pickup !== undefined ? { pickup: draft.pickup } : {}),
        ...(draft.first_measure !== undefined ? { first_measure: draft.first_measure } : {}),
        ...(modelToSave ? { model: modelToSave } : {}),
      },
      {
        onSuccess: () => {
          notify({ severity: 'success', message: t('authoring.saved') });
          onSaved();
        },
        onError: (failure) => setError(failure instanceof ApiError ? apiErrorMessages(failure).join(' ') : t('authoring.uploadFailed')),
      },
    );
  };

  return (
    <div className={styles.editor}>
      <TextField label={t('authoring.titleLabel')} value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} />
      <p>
        {t(typing ? 'partWriting.authoring.typedRead' : 'partWriting.authoring.read', {
          key: keyName(draft.key, t),
          meter: draft.meter,
          count: draft.chords.length,
          given: voiceList(draft.given),
        })}
      </p>
      {!typing ? (
        // The key found in the music (the analyser's, issue 35), which the instructor may change before saving.
        <div className={styles.start}>
          <SelectField
            label={t('partWriting.authoring.keyFoundLabel')}
            options={(KEYS.includes(draft.key) ? KEYS : [draft.key, ...KEYS]).map((token) => ({ value: token, label: keyName(token, t) }))}
            value={draft.key}
            onChange={(e) => setDraft({ ...draft, key: e.target.value })}
          />
          <p className={styles.hint}>
            {draft.signature_key !== undefined
              ? t('partWriting.authoring.keyFoundSignature', { signature: keyName(draft.signature_key, t) })
              : t('partWriting.authoring.keyFound')}
          </p>
        </div>
      ) : null}
      {draft.voices && upload ? (
        <div className={styles.fromScore}>
          {draft.model ? <p className={styles.hint}>{t('partWriting.authoring.fromScore', { voices: voiceList(write) })}</p> : null}
          <Button
            variant="outline"
            onClick={() => {
              setDraft(null);
              setChoosing({
                title: draft.title,
                choose: draft.voices ?? [],
                ...(draft.lines ? { lines: draft.lines, unclear: draft.parts !== undefined } : {}),
              });
              // The lines as the instructor chose them, or as the score was read.
              const chosenLines = draft.parts;
              setLineVoices(
                (draft.lines ?? []).map((line, index) =>
                  chosenLines ? (VOICES.find((v) => chosenLines[v] === index) ?? '') : (line.voice ?? ''),
                ),
              );
              setChosen([...draft.given]);
            }}
          >
            {t('partWriting.authoring.chooseAgain')}
          </Button>
        </div>
      ) : null}
      {unlabelled && !typing ? (
        <fieldset className={styles.fieldset}>
          <legend>{t('partWriting.authoring.labelKind')}</legend>
          {LABEL_KINDS.filter((k) => k !== 'figures' || draft.given.includes('B')).map((k) => (
            <label key={k} className={styles.radio}>
              <input
                type="radio"
                name="pw-label-kind"
                checked={labelKind === k}
                onChange={() => {
                  setLabelKind(k);
                  setDraft({ ...draft, chords: draft.chords.map((chord) => withLabelKind(chord, k)) });
                }}
              />
              {t(`partWriting.authoring.labelKinds.${k}`)}
            </label>
          ))}
        </fieldset>
      ) : null}
      <fieldset className={styles.fieldset}>
        <legend>{t('partWriting.authoring.write')}</legend>
        {choices.map((c) => (
          <label key={c.id} className={styles.radio}>
            <input type="radio" name="pw-write" checked={choice === c.id} onChange={() => setChoice(c.id)} />
            {t(`partWriting.authoring.${c.id}`, { voices: voiceList(c.write) })}
          </label>
        ))}
      </fieldset>
      <PartWritingEntry
        keyText={draft.key}
        meter={draft.meter}
        pickup={draft.pickup}
        firstMeasure={draft.first_measure}
        style={style}
        given={draft.given}
        write={write}
        chords={draft.chords}
        key={labelKind}
        typing={typing}
        labelsEditable={unlabelled && labelKind !== 'none'}
        label={draft.chords.some((chord) => chord.figures !== undefined) ? 'figures' : 'numeral'}
        onChords={(chords) => setDraft({ ...draft, chords })}
        model={model}
        onModel={setModel}
        rules={rules}
        language={i18n.language}
        onTypingProblem={setTypingProblem}
      />
      <PartWritingRuleSettings rules={rules} style={style} points={points} onRules={setRules} onStyle={setStyle} onPoints={setPoints} />
      {libraryOnly ? (
        <p>{t('authoring.savesToLibrary')}</p>
      ) : (
        <CheckboxField label={t('authoring.addToLibrary')} checked={toLibrary} onChange={(e) => setToLibrary(e.target.checked)} />
      )}
      {error ? <Notice severity="error">{error}</Notice> : null}
      <div className={styles.actions}>
        <Button variant="outline" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button onClick={onSave} loading={save.isPending} disabled={title.trim() === '' || pointsBad || typingProblem}>
          {t('authoring.save')}
        </Button>
      </div>
    </div>
  );
}
