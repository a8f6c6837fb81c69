import type { ExerciseDraft } from '@app/contract/exercise-authoring';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { useProblemsText } from '../../../components/ui/chord-key-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { OpeningKeyField, openingKeyProblem } from '../../../components/ui/opening-key-field.tsx';
import { RemovedAnalysisNotice } from '../../../components/ui/removed-analysis-notice.tsx';
import { ScoreWithFields } from '../../../components/ui/score-with-fields.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes.tsx';
import { type AnswerField, fieldProblem, focusFirstProblem, initialFields, itemsOf } from '../../../lib/answer-fields.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { apiErrorMessages } from '../../../lib/api-errors.ts';
import { keyName, keyTokenOf } from '../../../lib/keys.ts';
import { notify } from '../../../lib/notifications.ts';
import { useCreateExerciseDraft } from '../api/create-exercise-draft.ts';
import { useSaveExercise } from '../api/save-exercise.ts';
import { PartWritingAuthoring } from '../part-writing/part-writing-authoring.tsx';
import styles from './create-exercise-dialog.module.css';

export interface CreateExerciseDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The course whose spelling rules (V64/I64, N6/bII6) the suggestions follow. */
  courseId: number;
  /** The set the exercise goes into; without one (the content library page) it goes into the author's own library only. */
  assignmentId?: number;
  /** The courses the author teaches, to choose the spelling rules from (the content library page). */
  courseOptions?: readonly { id: number; title: string }[];
  /** Called once the exercise is saved, so the screen refreshes its set and the library. */
  onSaved: () => void;
}

/**
 * 'Create Exercise' (issue 14): upload a MusicXML score, see it with a field under each chord,
 * each filled with the suggestion and marked 'Suggested' until the author changes it; edit answers
 * (alternatives separated by commas), points, skip chords, title; save into the set and/or the
 * author's own library section.
 */
export function CreateExerciseDialog({ open, onOpenChange, courseId, assignmentId, courseOptions, onSaved }: CreateExerciseDialogProps) {
  const { t } = useTranslation();
  const problemsText = useProblemsText();
  const createDraft = useCreateExerciseDraft();
  const save = useSaveExercise();
  const [draft, setDraft] = useState<ExerciseDraft | null>(null);
  const [fields, setFields] = useState<Record<string, AnswerField>>({});
  const [title, setTitle] = useState('');
  // The opening key (decision 031), from the key the analysis found where the music starts; empty for one unnamed key.
  const [openingKey, setOpeningKey] = useState('');
  const [toLibrary, setToLibrary] = useState(false);
  const [showProblems, setShowProblems] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [chosenCourseId, setChosenCourseId] = useState(courseId);
  // Part writing (issue 27) has its own form, saved into the set and/or the own library as analysis is.
  const [kind, setKind] = useState<'analysis' | 'part-writing'>('analysis');
  // Whether the part-writing form holds work not yet saved (an uploaded score, anything typed).
  const [partWritingDirty, setPartWritingDirty] = useState(false);
  const libraryOnly = assignmentId === undefined;

  const reset = () => {
    setDraft(null);
    setFields({});
    setTitle('');
    setOpeningKey('');
    setToLibrary(false);
    setShowProblems(false);
    setUploadError(null);
  };
  // An uploaded score not yet saved is work (a chorale's review), and so is a part-writing upload or anything typed:
  // Cancel, Escape, ×, switching to the other kind and leaving the page ask first.
  const { confirmLeave, guard } = useUnsavedChanges(draft !== null || (kind === 'part-writing' && partWritingDirty));
  const leave = () => {
    reset();
    onOpenChange(false);
  };
  const close = (next: boolean) => {
    if (next) onOpenChange(true);
    else confirmLeave(leave);
  };

  const onFile = (file: File | undefined) => {
    if (!file) return;
    setUploadError(null);
    createDraft.mutate(
      { courseId: chosenCourseId, file },
      {
        onSuccess: (made) => {
          setDraft(made);
          setFields(initialFields(made.positions));
          setTitle(made.title);
          // The first key area's key (where the music starts), else the piece's.
          setOpeningKey(made.opening_key?.token || keyTokenOf(made.key.tonic, made.key.mode));
        },
        // The server's sentences in the reader's language (by their message codes), as toasts show them.
        onError: (error) => setUploadError(error instanceof ApiError ? apiErrorMessages(error).join(' ') : t('authoring.uploadFailed')),
      },
    );
  };

  const change = (id: string, patch: Partial<AnswerField>) =>
    setFields((current) => ({ ...current, [id]: { ...(current[id] as AnswerField), ...patch, touched: true } }));

  const problems = draft ? draft.positions.filter((p) => fields[p.id] && fieldProblem(fields[p.id] as AnswerField)) : [];
  const kept = draft ? itemsOf(draft.positions, fields) : [];

  const onSave = () => {
    if (!draft) return;
    setShowProblems(true);
    focusFirstProblem(problems);
    if (problems.length > 0 || kept.length === 0 || title.trim() === '' || openingKeyProblem(openingKey)) return;
    save.mutate(
      {
        draftId: draft.id,
        body: {
          title: title.trim(),
          items: kept,
          ...(openingKey.trim() === '' ? {} : { key: openingKey.trim() }),
          assignment_set_id: assignmentId,
          add_to_library: libraryOnly || toLibrary,
        },
      },
      {
        onSuccess: () => {
          notify({ severity: 'success', message: t('authoring.saved') });
          onSaved();
          leave();
        },
      },
    );
  };

  return (
    <>
      {guard}
      <Modal
        open={open}
        onOpenChange={close}
        size="lg"
        title={t('authoring.title')}
        footer={
          draft ? (
            <>
              <Button variant="outline" onClick={() => close(false)}>
                {t('common.cancel')}
              </Button>
              <Button onClick={onSave} loading={save.isPending}>
                {t('authoring.save')}
              </Button>
            </>
          ) : undefined
        }
      >
        {draft ? (
          <div className={styles.editor}>
            <TextField label={t('authoring.titleLabel')} value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} />
            <p className={styles.keyLine}>
              {t('authoring.key', { key: keyName(keyTokenOf(draft.key.tonic, draft.key.mode) || draft.key.name, t) })}{' '}
              <span className={styles.hint}>
                {t(draft.key.source === 'signature' ? 'authoring.keyFromSignature' : 'authoring.keyFromMusic')}
              </span>
            </p>
            <OpeningKeyField value={openingKey} onChange={setOpeningKey} showProblem={showProblems} />
            <Notice severity="info">{t('authoring.suggestionsNote')}</Notice>
            <RemovedAnalysisNotice documents={[{ removed: draft.removed_for_students }]} />
            {showProblems && (problems.length > 0 || kept.length === 0) ? (
              <Notice severity="error">{kept.length === 0 ? t('authoring.noItems') : problemsText(problems)}</Notice>
            ) : null}
            <ScoreWithFields
              title={draft.title}
              score={draft.score}
              positions={draft.positions}
              fields={fields}
              showProblems={showProblems}
              onChange={change}
              skippable
              openingKey={openingKey}
            />
            {libraryOnly ? (
              <p className={styles.hint}>{t('authoring.savesToLibrary')}</p>
            ) : (
              <CheckboxField label={t('authoring.addToLibrary')} checked={toLibrary} onChange={(e) => setToLibrary(e.target.checked)} />
            )}
          </div>
        ) : (
          <div className={styles.upload}>
            <fieldset className={styles.kind}>
              <legend>{t('partWriting.authoring.kind')}</legend>
              <label>
                <input
                  type="radio"
                  name="exercise-kind"
                  checked={kind === 'analysis'}
                  onChange={() => confirmLeave(() => setKind('analysis'))}
                />
                {t('partWriting.authoring.analysis')}
              </label>
              <label>
                <input type="radio" name="exercise-kind" checked={kind === 'part-writing'} onChange={() => setKind('part-writing')} />
                {t('partWriting.authoring.partWriting')}
              </label>
            </fieldset>
            {kind === 'part-writing' ? (
              <PartWritingAuthoring
                courseId={chosenCourseId}
                assignmentId={assignmentId}
                onSaved={() => {
                  onSaved();
                  leave();
                }}
                onCancel={() => close(false)}
                onDirtyChange={setPartWritingDirty}
              />
            ) : (
              <>
                <p>{t('authoring.uploadHint')}</p>
                {courseOptions && courseOptions.length > 1 ? (
                  <SelectField
                    label={t('authoring.course')}
                    hint={t('authoring.courseHint')}
                    options={courseOptions.map((course) => ({ value: String(course.id), label: course.title }))}
                    value={String(chosenCourseId)}
                    disabled={createDraft.isPending}
                    onChange={(e) => setChosenCourseId(Number(e.target.value))}
                  />
                ) : null}
                <label className={styles.fileLabel}>
                  <span>{t('authoring.scoreFile')}</span>
                  <input
                    type="file"
                    accept=".musicxml,.xml,.mxl,application/vnd.recordare.musicxml+xml,application/vnd.recordare.musicxml"
                    disabled={createDraft.isPending}
                    onChange={(e) => onFile(e.target.files?.[0])}
                  />
                </label>
                {createDraft.isPending ? <p role="status">{t('authoring.reading')}</p> : null}
                {uploadError ? <Notice severity="error">{uploadError}</Notice> : null}
              </>
            )}
          </div>
        )}
      </Modal>
    </>
  );
}
