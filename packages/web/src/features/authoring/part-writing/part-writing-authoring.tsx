import type { PartWritingDraft } from '@app/contract/part-writing';
import { VOICES, type Voice } from '@app/contract/part-writing/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { exercisePointsBad, PartWritingRuleSettings } from '../../../components/ui/part-writing-rule-settings.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { keyName } from '../../../lib/keys.ts';
import { notify } from '../../../lib/notifications.ts';
import { useCreatePartWritingDraft, useSavePartWriting } from './api.ts';
import styles from './part-writing-authoring.module.css';

export interface PartWritingAuthoringProps {
  courseId: number;
  /** The set the exercise goes into; without one (the content library page) it goes into the author's own library only. */
  assignmentId?: number | undefined;
  onSaved: () => void;
  onCancel: () => void;
}

type Rules = PartWritingDraft['rules'];

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
export function PartWritingAuthoring({ courseId, assignmentId, onSaved, onCancel }: PartWritingAuthoringProps) {
  const { t } = useTranslation();
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

  const onFile = (file: File | undefined) => {
    if (!file) return;
    setError(null);
    createDraft.mutate(
      { courseId, file },
      {
        onSuccess: (made) => {
          setDraft(made);
          setTitle(made.title);
          setRules(made.rules);
          setPoints(String(made.points));
          setStyle(made.style);
        },
        onError: (failure) => setError(failure instanceof ApiError ? failure.message : t('authoring.uploadFailed')),
      },
    );
  };

  if (!draft || !rules) {
    return (
      <div className={styles.upload}>
        <p>{t('partWriting.authoring.uploadHint')}</p>
        <label className={styles.file}>
          <span>{t('authoring.scoreFile')}</span>
          <input type="file" accept=".musicxml,.xml,.mxl" disabled={createDraft.isPending} onChange={(e) => onFile(e.target.files?.[0])} />
        </label>
        {createDraft.isPending ? <p role="status">{t('authoring.reading')}</p> : null}
        {error ? <Notice severity="error">{error}</Notice> : null}
      </div>
    );
  }

  const choices = writeChoices(draft.given);
  const write = choices.find((c) => c.id === choice)?.write ?? choices[0]?.write ?? [];
  const voiceList = (voices: readonly Voice[]) => voices.map((v) => t(`partWriting.voice.${v}`)).join(', ');
  const pointsValue = Number(points);
  const pointsBad = exercisePointsBad(points);

  const onSave = () => {
    if (title.trim() === '' || pointsBad) return;
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
        chords: draft.chords,
        rules,
        points: pointsValue,
      },
      {
        onSuccess: () => {
          notify({ severity: 'success', message: t('authoring.saved') });
          onSaved();
        },
        onError: (failure) => setError(failure instanceof ApiError ? failure.message : t('authoring.uploadFailed')),
      },
    );
  };

  return (
    <div className={styles.editor}>
      <TextField label={t('authoring.titleLabel')} value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} />
      <p>
        {t('partWriting.authoring.read', {
          key: keyName(draft.key, t),
          meter: draft.meter,
          count: draft.chords.length,
          given: voiceList(draft.given),
        })}
      </p>
      <ol className={styles.chords} aria-label={t('partWriting.authoring.chords')}>
        {draft.chords.map((chord, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the chords of one upload, in order, never reordered
          <li key={index}>
            {draft.given.map((v) => chord[v]).join(' ')}
            {chord.numeral ? ` ${chord.numeral}` : chord.figures !== undefined ? ` (${chord.figures || '5 3'})` : ''}
          </li>
        ))}
      </ol>
      <fieldset className={styles.fieldset}>
        <legend>{t('partWriting.authoring.write')}</legend>
        {choices.map((c) => (
          <label key={c.id} className={styles.radio}>
            <input type="radio" name="pw-write" checked={choice === c.id} onChange={() => setChoice(c.id)} />
            {t(`partWriting.authoring.${c.id}`, { voices: voiceList(c.write) })}
          </label>
        ))}
      </fieldset>
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
        <Button onClick={onSave} loading={save.isPending} disabled={title.trim() === '' || pointsBad}>
          {t('authoring.save')}
        </Button>
      </div>
    </div>
  );
}
