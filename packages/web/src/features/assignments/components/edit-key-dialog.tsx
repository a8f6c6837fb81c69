import { isPartWritingRulesKey } from '@app/contract/answer-keys';
import type { CourseDocument } from '@app/contract/assignments';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { useProblemsText } from '../../../components/ui/chord-key-field.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { OpeningKeyField, openingKeyProblem } from '../../../components/ui/opening-key-field.tsx';
import { ScoreWithFields } from '../../../components/ui/score-with-fields.tsx';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes.tsx';
import { type AnswerField, fieldProblem, focusFirstProblem, itemsOf, keyFields } from '../../../lib/answer-fields.ts';
import { apiErrorMessages } from '../../../lib/api-errors.ts';
import { notify } from '../../../lib/notifications.ts';
import { useDocumentKey } from '../api/get-document-key.ts';
import { useUpdateDocumentKey } from '../api/update-document-key.ts';
import styles from './edit-key-dialog.module.css';
import { PartWritingRulesDialog } from './part-writing-rules-dialog.tsx';
import { RegradeSection } from './regrade-section.tsx';

export interface EditKeyDialogProps {
  /** The document whose key is open, or null when closed. */
  document: CourseDocument | null;
  onClose: () => void;
  timeZone: string;
}

/**
 * 'Edit Answers' (issue 14; once 'Edit Key'): the exercise's score with its answers under each chord, as in 'Create
 * Exercise'; saving makes a new version of the document without touching grades already given,
 * and below it 'Regrade' and the audit list of grades regrades changed.
 */
export function EditKeyDialog({ document: doc, onClose, timeZone }: EditKeyDialogProps) {
  const { t } = useTranslation();
  const problemsText = useProblemsText();
  const answered = useDocumentKey(doc?.id ?? null);
  // A part-writing document (issue 27) answers its rule settings: those open in their own dialog.
  const rulesKey = answered.data && isPartWritingRulesKey(answered.data) ? answered.data : null;
  const key = { error: answered.error, data: answered.data && !isPartWritingRulesKey(answered.data) ? answered.data : undefined };
  const save = useUpdateDocumentKey();
  const [fields, setFields] = useState<Record<string, AnswerField>>({});
  const [showProblems, setShowProblems] = useState(false);
  // The opening key (decision 031) as stored; emptying it makes a one-key exercise without a named key.
  const [openingKey, setOpeningKey] = useState('');

  // The fields follow the key as stored (on opening, and after a save makes the next version).
  useEffect(() => {
    if (key.data) {
      setFields(keyFields(key.data.items));
      setOpeningKey(key.data.key ?? '');
      setShowProblems(false);
    }
  }, [key.data]);

  const items = key.data?.items ?? [];
  const ready = key.data !== undefined && items.every((item) => fields[item.id] !== undefined);
  const problems = ready ? items.filter((item) => fieldProblem(fields[item.id] as AnswerField)) : [];
  const changed = ready && (items.some((item) => fields[item.id]?.touched) || openingKey.trim() !== (key.data?.key ?? ''));

  // Changed answers not yet saved: Close, Escape, × and leaving the page ask first.
  const { confirmLeave, guard } = useUnsavedChanges(changed);
  const close = () => confirmLeave(onClose);

  const change = (id: string, patch: Partial<AnswerField>) =>
    setFields((current) => ({ ...current, [id]: { ...(current[id] as AnswerField), ...patch, touched: true } }));

  const onSave = () => {
    if (!doc || !key.data) return;
    setShowProblems(true);
    focusFirstProblem(problems);
    if (problems.length > 0 || openingKeyProblem(openingKey)) return;
    save.mutate(
      { documentId: doc.id, body: { key: openingKey.trim() === '' ? null : openingKey.trim(), items: itemsOf(items, fields) } },
      { onSuccess: (state) => notify({ severity: 'success', message: t('answerKeys.saved', { version: state.key_version }) }) },
    );
  };

  if (doc && rulesKey) return <PartWritingRulesDialog document={doc} stored={rulesKey} onClose={onClose} timeZone={timeZone} />;

  return (
    <>
      {guard}
      <Modal
        open={doc !== null}
        onOpenChange={(open) => {
          if (!open) close();
        }}
        size="lg"
        title={t('answerKeys.title', { title: doc?.title ?? '' })}
        footer={
          <>
            <Button variant="outline" onClick={close}>
              {t('common.close')}
            </Button>
            <Button onClick={onSave} loading={save.isPending} disabled={!changed}>
              {t('answerKeys.save')}
            </Button>
          </>
        }
      >
        {doc === null ? null : key.error ? (
          <Notice severity="error">
            {apiErrorMessages(key.error).map((message) => (
              <p key={message}>{message}</p>
            ))}
          </Notice>
        ) : !key.data || !ready ? (
          <LoadingScreen label={t('answerKeys.loading')} />
        ) : (
          <div className={styles.editor}>
            <p className={styles.version}>{t('answerKeys.version', { version: key.data.version })}</p>
            <Notice severity="info">{t('answerKeys.versionNote')}</Notice>
            <OpeningKeyField value={openingKey} onChange={setOpeningKey} showProblem={showProblems} />
            {showProblems && problems.length > 0 ? <Notice severity="error">{problemsText(problems)}</Notice> : null}
            <ScoreWithFields
              title={key.data.title}
              score={key.data.score}
              positions={items}
              fields={fields}
              showProblems={showProblems}
              onChange={change}
              openingKey={openingKey}
            />
            <RegradeSection documentId={doc.id} timeZone={timeZone} />
          </div>
        )}
      </Modal>
    </>
  );
}
