import { HAR_MAX_BYTES, HAR_MAX_FILES_PER_UPLOAD, type UploadedDocument } from '@app/contract/assignments';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RemovedAnalysisNotice } from '../../../components/ui/removed-analysis-notice.tsx';
import { UploadButton, UploadProgress } from '../../../components/ui/upload-button.tsx';
import { translateMessage } from '../../../i18n/index.ts';
import { notify } from '../../../lib/notifications.ts';
import { useUploadDocuments } from '../api/upload-documents.ts';
import styles from './upload-documents-button.module.css';

/** A score's own file names: an instructor who picks one here is sent to Create Exercise (QA Q10). */
const SCORE_FILE = /\.(musicxml|xml|mxl)$/i;

/** What the browser can tell before sending (spec §5: .har files, 20 MB); the server reads every file itself. */
export function uploadProblem(files: readonly File[]): 'tooMany' | 'notHar' | { score: string } | undefined {
  if (files.length > HAR_MAX_FILES_PER_UPLOAD) return 'tooMany';
  const score = files.find((file) => SCORE_FILE.test(file.name));
  if (score) return { score: score.name };
  if (files.some((file) => !file.name.toLowerCase().endsWith('.har') || file.size > HAR_MAX_BYTES)) return 'notHar';
  return undefined;
}

/** Picks one or many .har files and uploads them in one call, with a progress bar. */
export function UploadDocumentsButton({ assignmentId }: { assignmentId: number }) {
  const { t } = useTranslation();
  const upload = useUploadDocuments();
  const [progress, setProgress] = useState<{ label: string; fraction: number } | null>(null);
  // What the students' copies of the last upload leave out of their scores (issue 26).
  const [added, setAdded] = useState<UploadedDocument[]>([]);

  const onFiles = (files: File[]) => {
    const problem = uploadProblem(files);
    if (typeof problem === 'object') {
      // The server's sentence for a score sent as a .har, said before the upload.
      const reason = { code: 'har.scoreNotHar' };
      notify({
        severity: 'error',
        message: translateMessage(undefined, undefined, { code: 'har.inFile', params: { file: problem.score, reason } }),
      });
      return;
    }
    if (problem) {
      notify({
        severity: 'error',
        message: t(problem === 'tooMany' ? 'messages.assignment.tooManyFiles' : 'messages.assignment.tooLarge'),
      });
      return;
    }
    const label = files.length === 1 ? (files[0]?.name ?? '') : t('assignments.documents.files', { total: files.length });
    setProgress({ label, fraction: 0 });
    setAdded([]);
    upload.mutate(
      { assignmentId, files, onProgress: (fraction) => setProgress({ label, fraction }) },
      {
        onSuccess: (documents) => {
          setAdded(documents);
          notify({ severity: 'success', message: t('assignments.documents.uploaded') });
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <div className={styles.upload}>
      <UploadButton
        label={t('assignments.documents.upload')}
        iconSize={18}
        accept=".har"
        multiple
        disabled={upload.isPending}
        onFiles={onFiles}
      />
      {progress ? (
        <UploadProgress
          className={styles.progress}
          text={t('assignments.documents.uploading', { name: progress.label })}
          fraction={progress.fraction}
        />
      ) : null}
      {added.some((d) => d.removed_for_students.length > 0) ? (
        <div className={styles.progress}>
          <RemovedAnalysisNotice documents={added.map((d) => ({ title: d.title, removed: d.removed_for_students }))} />
        </div>
      ) : null}
    </div>
  );
}
