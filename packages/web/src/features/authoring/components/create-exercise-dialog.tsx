import type { ExerciseDraft } from '@app/contract/exercise-authoring';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notifications.ts';
import { useCreateExerciseDraft } from '../api/create-exercise-draft.ts';
import { useSaveExercise } from '../api/save-exercise.ts';
import { type AnswerField, fieldProblem, initialFields, itemsOf } from './answer-fields.ts';
import styles from './create-exercise-dialog.module.css';

export interface CreateExerciseDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  courseId: number;
  /** The set the exercise goes into. */
  assignmentId: number;
  /** Called once the exercise is saved, so the screen refreshes its set and the library. */
  onSaved: () => void;
}

/** The width each position's field needs under the score, in CSS pixels. */
const FIELD_WIDTH = 104;
const ROW_HEIGHT = 128;
const SCORE_HEIGHT = 180;
const MAX_SCORE_HEIGHT = 340;

/**
 * 'Create Exercise' (issue 14): upload a MusicXML score, see it with a field under each chord,
 * each filled with the suggestion and marked 'Suggested' until the author changes it; edit answers
 * (alternatives separated by commas), points, skip chords, title; save into the set and/or the
 * author's own library section.
 */
export function CreateExerciseDialog({ open, onOpenChange, courseId, assignmentId, onSaved }: CreateExerciseDialogProps) {
  const { t } = useTranslation();
  const createDraft = useCreateExerciseDraft();
  const save = useSaveExercise();
  const [draft, setDraft] = useState<ExerciseDraft | null>(null);
  const [fields, setFields] = useState<Record<string, AnswerField>>({});
  const [title, setTitle] = useState('');
  const [toLibrary, setToLibrary] = useState(false);
  const [showProblems, setShowProblems] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);

  const reset = () => {
    setDraft(null);
    setFields({});
    setTitle('');
    setToLibrary(false);
    setShowProblems(false);
    setUploadError(null);
  };
  const close = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };

  const onFile = (file: File | undefined) => {
    if (!file) return;
    setUploadError(null);
    createDraft.mutate(
      { courseId, file },
      {
        onSuccess: (made) => {
          setDraft(made);
          setFields(initialFields(made.positions));
          setTitle(made.title);
        },
        onError: (error) => setUploadError(error instanceof ApiError ? error.message : t('authoring.uploadFailed')),
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
    if (problems.length > 0 || kept.length === 0 || title.trim() === '') return;
    save.mutate(
      { draftId: draft.id, body: { title: title.trim(), items: kept, assignment_set_id: assignmentId, add_to_library: toLibrary } },
      {
        onSuccess: () => {
          notify({ severity: 'success', message: t('authoring.saved') });
          onSaved();
          close(false);
        },
      },
    );
  };

  return (
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
            {t('authoring.key', { key: draft.key.name })}{' '}
            <span className={styles.hint}>
              {t(draft.key.source === 'signature' ? 'authoring.keyFromSignature' : 'authoring.keyFromMusic')}
            </span>
          </p>
          <Notice severity="info">{t('authoring.suggestionsNote')}</Notice>
          {showProblems && (problems.length > 0 || kept.length === 0) ? (
            <Notice severity="error">
              {kept.length === 0 ? t('authoring.noItems') : t('authoring.fixFields', { count: problems.length })}
            </Notice>
          ) : null}
          <ScoreWithFields draft={draft} fields={fields} showProblems={showProblems} onChange={change} />
          <CheckboxField label={t('authoring.addToLibrary')} checked={toLibrary} onChange={(e) => setToLibrary(e.target.checked)} />
        </div>
      ) : (
        <div className={styles.upload}>
          <p>{t('authoring.uploadHint')}</p>
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
        </div>
      )}
    </Modal>
  );
}

function ScoreWithFields({
  draft,
  fields,
  showProblems,
  onChange,
}: {
  draft: ExerciseDraft;
  fields: Record<string, AnswerField>;
  showProblems: boolean;
  onChange: (id: string, patch: Partial<AnswerField>) => void;
}) {
  const { t } = useTranslation();
  // The score at a readable height; fields that would overlap a neighbour go to the next row.
  // Scaled up until a typical chord has a field's width of room (at most to a taller score).
  const aspect = draft.score.width / Math.max(1, draft.score.height);
  const xs = draft.positions.map((p) => p.x).filter((x): x is number => x !== null);
  const gaps = xs
    .slice(1)
    .map((x, i) => x - (xs[i] as number))
    .sort((a, b) => a - b);
  const typical = gaps[Math.floor(gaps.length / 2)] ?? 1;
  const width = Math.round(
    Math.max(480, SCORE_HEIGHT * aspect, Math.min((FIELD_WIDTH + 8) / Math.max(typical, 0.001), MAX_SCORE_HEIGHT * aspect)),
  );
  const height = Math.round(width / aspect);
  const rows = useMemo(() => {
    const ends: number[] = [];
    return draft.positions.map((p, i) => {
      const left = (p.x ?? (i + 0.5) / draft.positions.length) * width - FIELD_WIDTH / 2;
      let row = ends.findIndex((end) => left >= end + 4);
      if (row < 0) row = ends.length;
      ends[row] = left + FIELD_WIDTH;
      return row;
    });
  }, [draft, width]);
  const rowCount = Math.max(1, ...rows.map((r) => r + 1));
  return (
    <div className={styles.scroller}>
      <div className={styles.canvas} style={{ width: width + FIELD_WIDTH, paddingBottom: rowCount * ROW_HEIGHT + 8 }}>
        <div
          className={styles.score}
          // Half a field of room on each side, so the first and last fields fit.
          role="img"
          aria-label={t('authoring.scoreImage', { title: draft.title })}
          style={{ width, height, marginLeft: FIELD_WIDTH / 2 }}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's Verovio SVG of the uploaded score (no scripts; CSP forbids inline script)
          dangerouslySetInnerHTML={{ __html: draft.score.svg }}
        />
        <ol className={styles.fields} style={{ top: height + 8, width, height: rowCount * ROW_HEIGHT }} aria-label={t('authoring.chords')}>
          {draft.positions.map((p, i) => {
            const field = fields[p.id] as AnswerField;
            const problem = showProblems ? fieldProblem(field) : undefined;
            const left = p.x === null ? (i + 0.5) / draft.positions.length : p.x;
            return (
              <li
                key={p.id}
                className={`${styles.field} ${field.skipped ? styles.skipped : ''}`}
                style={{ left: left * width, top: (rows[i] ?? 0) * ROW_HEIGHT, width: FIELD_WIDTH }}
              >
                <input
                  className={styles.answer}
                  aria-label={t('authoring.answerFor', { n: p.number })}
                  aria-invalid={problem ? true : undefined}
                  value={field.answers}
                  disabled={field.skipped}
                  onChange={(e) => onChange(p.id, { answers: e.target.value })}
                />
                {!field.touched && p.suggestion !== null && !field.skipped ? <Badge tone="info">{t('authoring.suggested')}</Badge> : null}
                <input
                  className={styles.points}
                  type="number"
                  min={0}
                  max={1000}
                  step="any"
                  aria-label={t('authoring.pointsFor', { n: p.number })}
                  value={field.points}
                  disabled={field.skipped}
                  onChange={(e) => onChange(p.id, { points: e.target.value })}
                />
                <label className={styles.skip}>
                  <input type="checkbox" checked={field.skipped} onChange={(e) => onChange(p.id, { skipped: e.target.checked })} />
                  {t('authoring.skip')}
                  <span className={styles.visuallyHidden}>{t('authoring.chordNumber', { n: p.number })}</span>
                </label>
                {problem ? <span className={styles.problem}>{t(`authoring.problems.${problem}`)}</span> : null}
              </li>
            );
          })}
        </ol>
      </div>
    </div>
  );
}
