import { HAR_MAX_BYTES, HAR_MAX_FILES_PER_UPLOAD } from '@app/contract/assignments';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadIcon } from '../../../components/ui/icons.tsx';
import { notify } from '../../../lib/notifications.ts';
import { useUploadDocuments } from '../api/upload-documents.ts';
import styles from './upload-documents-button.module.css';

/** What the browser can tell before sending (spec §5: .har files, 20 MB); the server reads every file itself. */
export function uploadProblem(files: readonly File[]): 'tooMany' | 'notHar' | undefined {
  if (files.length > HAR_MAX_FILES_PER_UPLOAD) return 'tooMany';
  if (files.some((file) => !file.name.toLowerCase().endsWith('.har') || file.size > HAR_MAX_BYTES)) return 'notHar';
  return undefined;
}

/** Picks one or many .har files and uploads them in one call, with a progress bar. */
export function UploadDocumentsButton({ assignmentId }: { assignmentId: number }) {
  const { t, i18n } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadDocuments();
  const [progress, setProgress] = useState<{ label: string; fraction: number } | null>(null);

  const onFiles = (list: FileList | null) => {
    const files = list ? Array.from(list) : [];
    if (input.current) input.current.value = '';
    if (files.length === 0) return;
    const problem = uploadProblem(files);
    if (problem) {
      notify({ severity: 'error', message: t(problem === 'tooMany' ? 'errors.harTooMany' : 'messages.assignment.tooLarge') });
      return;
    }
    const label = files.length === 1 ? (files[0]?.name ?? '') : t('assignments.documents.files', { total: files.length });
    setProgress({ label, fraction: 0 });
    upload.mutate(
      { assignmentId, files, onProgress: (fraction) => setProgress({ label, fraction }) },
      {
        onSuccess: () => notify({ severity: 'success', message: t('assignments.documents.uploaded') }),
        onSettled: () => setProgress(null),
      },
    );
  };

  const percent = progress ? Math.round(progress.fraction * 100) : 0;
  return (
    <div className={styles.upload}>
      <label className={`${styles.button} ${upload.isPending ? styles.disabled : ''}`}>
        <UploadIcon width="18" height="18" />
        <span>{t('assignments.documents.upload')}</span>
        <input
          ref={input}
          type="file"
          accept=".har"
          multiple
          className="visually-hidden"
          disabled={upload.isPending}
          onChange={(event) => onFiles(event.target.files)}
        />
      </label>
      {progress ? (
        <div className={styles.progress}>
          <div className={styles.progressLabel}>
            <span className={styles.progressName}>{t('assignments.documents.uploading', { name: progress.label })}</span>
            <span>{new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(percent / 100)}</span>
          </div>
          <div
            className={styles.track}
            role="progressbar"
            aria-label={t('assignments.documents.uploading', { name: progress.label })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <div className={styles.bar} style={{ width: `${percent}%` }} />
          </div>
        </div>
      ) : null}
    </div>
  );
}
