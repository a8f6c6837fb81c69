import { reportInLanguage } from '@app/contract/grade-report';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { currentLanguage } from '../../../i18n/index.ts';
import { useGradeReport } from '../api/get-grade-report.ts';
import styles from './grade-report-modal.module.css';

export interface GradeReportModalProps {
  submissionId: number;
  /** The signed link of the report (null while it is being made, or withheld). */
  url: string | null;
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * 'View Grade Report' (spec §2): the report the server wrote — each item, the answer, the expected
 * label and the points — in an iframe with every sandbox restriction on (no scripts, no forms,
 * a unique origin), fed by srcdoc. The report holds every language; the one chosen in the header
 * shows, as on every other screen (QA2-5), not only the account's profile language.
 */
export function GradeReportModal({ submissionId, url, title, open, onOpenChange }: GradeReportModalProps) {
  const { t } = useTranslation();
  const report = useGradeReport(submissionId, url, open);
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={t('submissions.report.title')}
      footer={
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          {t('common.close')}
        </Button>
      }
    >
      {report.isError ? (
        <Notice severity="error">
          <p>{t('submissions.report.failed')}</p>
          <Button variant="outline" size="sm" onClick={() => void report.refetch()}>
            {t('preview.reload')}
          </Button>
        </Notice>
      ) : report.data === undefined ? (
        <div className={styles.loading} aria-busy="true">
          <span className={styles.spinner} aria-hidden="true" />
          <span>{t('app.loading')}</span>
        </div>
      ) : (
        <iframe
          className={styles.frame}
          sandbox=""
          srcDoc={reportInLanguage(report.data, currentLanguage())}
          title={t('submissions.report.frameTitle', { title })}
        />
      )}
    </Modal>
  );
}
