import { courseCopyTitle, DUPLICATE_DEFAULT_START_SECONDS } from '@app/contract/course-constants';
import type { Course } from '@app/contract/courses';
import type { LanguageCode } from '@app/contract/users';
import { type FormEvent, type RefObject, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { fromDateTimeInput, toDateTimeInput } from '../../../lib/date-time-input.ts';
import { DateFormat, formatDate } from '../../../lib/format-date.ts';
import styles from './duplicate-course-dialog.module.css';

const HOUR = 3600;
const nowSeconds = () => Math.floor(Date.now() / 1000);

export interface DuplicateCourseDialogProps {
  course: Course;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The profile's IANA zone: the start date is a wall-clock time there. */
  timeZone: string;
  language: LanguageCode;
  /** The copy is being made: the button spins and the dialog stays. */
  loading: boolean;
  onDuplicate: (input: { title: string; start_date: number }) => void;
  /** See Modal's returnFocusTo. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * Asks for the copy's title ("{title} (copy)" in the UI language) and its new start date (a week
 * from now, on the hour, unless changed); shows where the course period lands, since every
 * set's dates move with the start.
 */
export function DuplicateCourseDialog({
  course,
  open,
  onOpenChange,
  timeZone,
  language,
  loading,
  onDuplicate,
  returnFocusTo,
}: DuplicateCourseDialogProps) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(() => courseCopyTitle(course.title, language));
  const [start, setStart] = useState(() =>
    toDateTimeInput(Math.ceil((nowSeconds() + DUPLICATE_DEFAULT_START_SECONDS) / HOUR) * HOUR, timeZone),
  );
  const [submitted, setSubmitted] = useState(false);

  const startEpoch = fromDateTimeInput(start, timeZone);
  const titleError = title.trim() === '' ? t('messages.schema.courseTitleRequired') : undefined;
  const startError =
    startEpoch === null ? t('courses.duplicate.startRequired') : startEpoch < nowSeconds() ? t('messages.course.startInPast') : undefined;
  const day = (epoch: number) => formatDate(epoch, DateFormat.date, language, timeZone);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (titleError || startError || startEpoch === null) return;
    onDuplicate({ title: title.trim(), start_date: startEpoch });
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!loading) onOpenChange(next);
      }}
      title={t('courses.duplicate.title')}
      description={t('courses.duplicate.message', { title: course.title })}
      returnFocusTo={returnFocusTo}
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField
          label={t('courses.duplicate.courseTitle')}
          value={title}
          maxLength={200}
          onChange={(event) => setTitle(event.target.value)}
          error={submitted ? titleError : undefined}
        />
        <TextField
          type="datetime-local"
          label={t('courses.duplicate.startDate')}
          value={start}
          min={toDateTimeInput(nowSeconds(), timeZone)}
          onChange={(event) => setStart(event.target.value)}
          hint={t('courses.settings.timeZoneHint', { timeZone })}
          error={submitted || startEpoch !== null ? startError : undefined}
        />
        {startEpoch !== null ? (
          <p className={styles.period} data-testid="duplicate-period">
            {t('courses.duplicate.period', {
              start: day(startEpoch),
              end: day(course.end_date + startEpoch - course.start_date),
            })}
          </p>
        ) : null}
        <p className={styles.hint}>{t('courses.duplicate.shiftHint')}</p>
        <div className={styles.footer}>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={loading}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={loading}>
            {t('courses.duplicate.confirm')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
