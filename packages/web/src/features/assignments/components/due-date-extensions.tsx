import type { AssignmentSet } from '@app/contract/assignments';
import type { Course } from '@app/contract/courses';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useCourseStudents } from '../../../lib/course-students.ts';
import { fromDateTimeInput, toDateTimeInput } from '../../../lib/date-time-input.ts';
import { notify } from '../../../lib/notifications.ts';
import { useDueDateExtensions } from '../api/get-due-date-extensions.ts';
import { useGrantDueDateExtension } from '../api/grant-due-date-extension.ts';
import { useRemoveDueDateExtension } from '../api/remove-due-date-extension.ts';
import { extensionLimits } from '../assignment-dates.ts';
import { dateTimeText } from '../assignment-text.ts';
import styles from './editor-sections.module.css';

const fullName = (person: { first_name: string; last_name: string }) => [person.last_name, person.first_name].filter(Boolean).join(', ');

export interface DueDateExtensionsProps {
  set: AssignmentSet;
  course: Pick<Course, 'id' | 'end_date'>;
  timeZone: string;
}

/** Per-student due-date extensions (spec §2, §5): pick a student and a date between the due date and course end + 6 months. */
export function DueDateExtensions({ set, course, timeZone }: DueDateExtensionsProps) {
  const { t } = useTranslation();
  const extensions = useDueDateExtensions(set.id);
  const students = useCourseStudents(course.id);
  const grant = useGrantDueDateExtension();
  const remove = useRemoveDueDateExtension();
  const limits = extensionLimits(set, course);
  const [studentId, setStudentId] = useState('');
  const [date, setDate] = useState('');
  const existing = extensions.data?.find((e) => String(e.student) === studentId);

  const choose = (id: string) => {
    setStudentId(id);
    const current = extensions.data?.find((e) => String(e.student) === id);
    // A student who has one starts from it; anyone else from a week past the due date, within the range.
    const suggested = current?.extension_due_at ?? Math.min(set.due_at + 7 * 24 * 3600, limits.max);
    setDate(id ? toDateTimeInput(suggested, timeZone) : '');
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const epoch = fromDateTimeInput(date, timeZone);
    if (!studentId || epoch === null) return;
    if (epoch < limits.min || epoch > limits.max) {
      notify({ severity: 'error', message: t('messages.assignment.extensionRange') });
      return;
    }
    grant.mutate(
      { assignmentId: set.id, studentId: Number(studentId), extensionDueAt: epoch },
      {
        onSuccess: () => {
          notify({ severity: 'success', message: t('assignments.extensions.granted') });
          choose('');
        },
      },
    );
  };

  const studentOptions = [
    { value: '', label: t('assignments.extensions.chooseStudent') },
    ...(students.data ?? [])
      .slice()
      .sort((a, b) => fullName(a).localeCompare(fullName(b)))
      .map((s) => ({ value: String(s.user_id), label: `${fullName(s)} (${s.email})` })),
  ];

  return (
    <section className={styles.section} aria-labelledby="due-date-extensions">
      <div className={styles.sectionHead}>
        <h2 id="due-date-extensions" className={styles.sectionTitle}>
          {t('assignments.extensions.title')}
        </h2>
      </div>
      <p className={styles.sectionHint}>
        {t('assignments.extensions.lead', { due: dateTimeText(set.due_at, timeZone), max: dateTimeText(limits.max, timeZone) })}
      </p>

      {extensions.data && extensions.data.length > 0 ? (
        <ul className={styles.extensionList} aria-label={t('assignments.extensions.title')}>
          {extensions.data.map((extension) => {
            const name = fullName(extension);
            return (
              <li key={extension.student} className={styles.extension}>
                <div className={styles.extensionText}>
                  <span className={styles.extensionName}>{name}</span>
                  <span className={styles.extensionDate}>
                    {t('assignments.extensions.until', { date: dateTimeText(extension.extension_due_at, timeZone) })}
                  </span>
                </div>
                <div className={styles.extensionActions}>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t('assignments.extensions.editLabel', { name })}
                    onClick={() => choose(String(extension.student))}
                  >
                    {t('assignments.extensions.edit')}
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    className={styles.danger}
                    aria-label={t('assignments.extensions.removeLabel', { name })}
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate(
                        { assignmentId: set.id, studentId: extension.student },
                        { onSuccess: () => notify({ severity: 'success', message: t('assignments.extensions.removed') }) },
                      )
                    }
                  >
                    {t('assignments.extensions.remove')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      ) : extensions.data ? (
        <p className={styles.emptyLine}>{t('assignments.extensions.empty')}</p>
      ) : null}

      {students.data && students.data.length === 0 ? (
        <p className={styles.emptyLine}>{t('assignments.extensions.noStudents')}</p>
      ) : (
        <form className={styles.extensionForm} onSubmit={onSubmit}>
          <SelectField
            className={styles.grow}
            label={t('assignments.extensions.student')}
            options={studentOptions}
            value={studentId}
            onChange={(event) => choose(event.target.value)}
          />
          <TextField
            className={styles.grow}
            label={t('assignments.extensions.date')}
            type="datetime-local"
            value={date}
            min={toDateTimeInput(limits.min, timeZone)}
            max={toDateTimeInput(limits.max, timeZone)}
            disabled={!studentId}
            onChange={(event) => setDate(event.target.value)}
          />
          <Button type="submit" className={styles.formButton} disabled={!studentId || !date} loading={grant.isPending}>
            {existing ? t('assignments.extensions.change') : t('assignments.extensions.grant')}
          </Button>
        </form>
      )}
    </section>
  );
}
