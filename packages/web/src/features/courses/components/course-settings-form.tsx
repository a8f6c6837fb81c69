import {
  COURSE_MAX_LENGTH_SECONDS,
  COURSE_MIN_LENGTH_SECONDS,
  type Course,
  enrollmentEndLimit,
  type UpdateCourseRequest,
} from '@app/contract/courses';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useRef } from 'react';
import { type FieldError, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { RadioGroupField } from '../../../components/ui/radio-group-field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { translateMessage } from '../../../i18n/index.ts';
import { fromDateTimeInput, toDateTimeInput } from '../../../lib/date-time-input.ts';
import { notify } from '../../../lib/notifications.ts';
import { useAcademicTerms } from '../api/get-academic-terms.ts';
import { useCourseProducts } from '../api/get-course-products.ts';
import { useSchools } from '../api/get-schools.ts';
import { useUpdateCourse } from '../api/update-course.ts';
import { CADENTIAL_64_LABEL, NEAPOLITAN_6_LABEL } from '../course-text.ts';
import styles from './course-settings-form.module.css';
import { type CourseSettingsValues, courseSettingsSchema, courseSettingsValues, PAID_TYPES } from './course-settings-schema.ts';

const nowSeconds = () => Math.floor(Date.now() / 1000);

export interface CourseSettingsFormProps {
  course: Course;
  /** The profile's IANA zone: the date inputs show and read wall-clock times there. */
  timeZone: string;
}

/** Every course setting of spec §2/§3 with the §5 limits; saves only what changed. */
/**
 * The Save bar sticks to the bottom over the form (issue 30: it hid the hints under the dates).
 * A focused field whose hint or error would sit under the bar scrolls up until they clear it.
 */
function revealAboveBar(field: EventTarget, bar: HTMLElement | null) {
  if (!bar || !(field instanceof HTMLElement)) return;
  const described = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  const lowest = [field, ...described.map((id) => document.getElementById(id))].reduce(
    (bottom, element) => Math.max(bottom, element?.getBoundingClientRect().bottom ?? 0),
    0,
  );
  const overlap = lowest - bar.getBoundingClientRect().top;
  if (overlap > 0) window.scrollBy({ top: overlap + 8 });
}

export function CourseSettingsForm({ course, timeZone }: CourseSettingsFormProps) {
  const { t } = useTranslation();
  const schools = useSchools();
  const terms = useAcademicTerms();
  const products = useCourseProducts();
  const update = useUpdateCourse();
  const schema = useMemo(() => courseSettingsSchema({ course, timeZone, now: nowSeconds }), [course, timeZone]);
  const {
    register,
    handleSubmit,
    control,
    getValues,
    setValue,
    reset,
    formState: { errors, isDirty, isSubmitted },
  } = useForm<CourseSettingsValues, unknown, UpdateCourseRequest>({
    resolver: zodResolver(schema),
    defaultValues: courseSettingsValues(course, timeZone),
  });

  const locked = course.status !== 'PLANNING';
  const [start, end, paymentType, productId] = useWatch({ control, name: ['start_date', 'end_date', 'payment_type', 'course_product_id'] });
  // Locked fields use the native disabled attribute (not register's option), so their values stay in the form.
  const startEpoch = fromDateTimeInput(start, timeZone);
  const endEpoch = fromDateTimeInput(end, timeZone);
  const input = (epoch: number) => toDateTimeInput(epoch, timeZone);
  const paid = (PAID_TYPES as readonly number[]).includes(Number(paymentType));

  // Spec §5: the enrollment end moves with the start, capped by its limit.
  const previousStart = useRef(start);
  const saveBar = useRef<HTMLDivElement>(null);
  const onStartChange = (next: string) => {
    const before = fromDateTimeInput(previousStart.current, timeZone);
    const after = fromDateTimeInput(next, timeZone);
    previousStart.current = next;
    const courseEnd = fromDateTimeInput(getValues('end_date'), timeZone);
    const enrollmentEnd = fromDateTimeInput(getValues('enrollment_end_date'), timeZone);
    if (before === null || after === null || courseEnd === null || enrollmentEnd === null) return;
    const moved = Math.min(Math.max(enrollmentEnd + (after - before), after), enrollmentEndLimit(after, courseEnd));
    setValue('enrollment_end_date', input(moved), { shouldDirty: true, shouldValidate: isSubmitted });
  };

  const message = (error: FieldError | undefined) => (error?.message ? translateMessage(error.message) : undefined);
  const lockHint = locked ? t('courses.settings.locked') : undefined;

  const onSubmit = handleSubmit((changes) => {
    if (Object.keys(changes).length === 0) {
      reset(getValues());
      return;
    }
    void update
      .mutateAsync({ courseId: course.id, changes })
      .then((saved) => {
        reset(courseSettingsValues(saved, timeZone));
        previousStart.current = toDateTimeInput(saved.start_date, timeZone);
        notify({ severity: 'success', message: t('courses.settings.saved') });
      })
      .catch(() => undefined);
  });

  const optional = (placeholder: string, list: { id: number; name: string }[] | undefined) => [
    { value: '', label: placeholder },
    ...(list ?? []).map((item) => ({ value: String(item.id), label: item.name })),
  ];
  const productOptions = optional(t('courses.settings.chooseProduct'), products.data);
  const selectedProduct = products.data?.find((product) => String(product.id) === productId);

  // Selects can only show a saved choice once their options exist: wait for the lists before mounting the inputs.
  if (schools.isPending || terms.isPending || products.isPending) return <LoadingScreen />;

  return (
    <form
      className={styles.form}
      onSubmit={(event) => void onSubmit(event)}
      onFocus={(event) => revealAboveBar(event.target, saveBar.current)}
      noValidate
    >
      {locked ? <Notice severity="info">{t('courses.settings.lockedNotice')}</Notice> : null}

      <fieldset className={styles.section}>
        <legend className={styles.legend}>{t('courses.settings.general')}</legend>
        <TextField label={t('courses.settings.courseTitle')} maxLength={200} error={message(errors.title)} {...register('title')} />
        <div className={styles.columns}>
          <SelectField
            label={t('courses.settings.school')}
            options={optional(
              t('courses.settings.chooseSchool'),
              schools.data?.map((school) => ({ id: school.id, name: school.school })),
            )}
            hint={lockHint}
            error={message(errors.school_id)}
            {...register('school_id')}
            disabled={locked}
          />
          <SelectField
            label={t('courses.settings.academicTerm')}
            options={optional(
              t('courses.settings.chooseTerm'),
              terms.data?.map((term) => ({ id: term.id, name: term.academic_term })),
            )}
            hint={lockHint}
            error={message(errors.academic_term_id)}
            {...register('academic_term_id')}
            disabled={locked}
          />
          <TextField
            label={t('courses.settings.year')}
            type="number"
            inputMode="numeric"
            min={2000}
            max={2100}
            error={message(errors.year)}
            {...register('year')}
          />
        </div>
      </fieldset>

      <fieldset className={styles.section}>
        <legend className={styles.legend}>{t('courses.settings.dates')}</legend>
        <p className={styles.sectionHint}>{t('courses.settings.timeZoneHint', { timeZone })}</p>
        <div className={styles.columns}>
          <TextField
            label={t('courses.settings.startDate')}
            type="datetime-local"
            min={locked ? undefined : input(Math.ceil(nowSeconds() / 60) * 60)}
            hint={lockHint}
            error={message(errors.start_date)}
            {...register('start_date', { onChange: (event: { target: { value: string } }) => onStartChange(event.target.value) })}
            disabled={locked}
          />
          <TextField
            label={t('courses.settings.endDate')}
            type="datetime-local"
            min={startEpoch === null ? undefined : input(startEpoch + COURSE_MIN_LENGTH_SECONDS)}
            max={startEpoch === null ? undefined : input(startEpoch + COURSE_MAX_LENGTH_SECONDS)}
            hint={lockHint}
            error={message(errors.end_date)}
            {...register('end_date')}
            disabled={locked}
          />
          <TextField
            label={t('courses.settings.enrollmentEndDate')}
            type="datetime-local"
            min={startEpoch === null ? undefined : input(startEpoch)}
            max={startEpoch === null || endEpoch === null ? undefined : input(enrollmentEndLimit(startEpoch, endEpoch))}
            hint={t('courses.settings.enrollmentHint')}
            error={message(errors.enrollment_end_date)}
            {...register('enrollment_end_date')}
          />
        </div>
      </fieldset>

      <fieldset className={styles.section}>
        <legend className={styles.legend}>{t('courses.settings.fee')}</legend>
        <RadioGroupField
          legend={t('courses.settings.feePaidBy')}
          options={(['0', '1', '2', '3'] as const).map((value) => ({ value, label: t(`courses.settings.paymentTypes.${value}`) }))}
          disabled={locked}
          hint={locked ? t('courses.settings.paymentTypeLocked') : undefined}
          {...register('payment_type', {
            onChange: (event: { target: { value: string } }) => {
              if (!(PAID_TYPES as readonly number[]).includes(Number(event.target.value)))
                setValue('course_product_id', '', { shouldDirty: true });
            },
          })}
        />
        {paid ? (
          <SelectField
            label={t('courses.settings.product')}
            options={productOptions}
            hint={selectedProduct ? t('courses.fee.price', { price: selectedProduct.price, product: selectedProduct.name }) : undefined}
            error={message(errors.course_product_id)}
            {...register('course_product_id')}
          />
        ) : null}
        {paymentType === '3' ? (
          <div className={styles.billing}>
            <Notice severity="warning" title={t('courses.settings.billingTitle')}>
              <p>{t('courses.settings.billingNotice')}</p>
            </Notice>
            <CheckboxField label={t('courses.settings.billingAgreement')} disabled={locked} {...register('billing_agreement')} />
            {errors.billing_agreement ? <p className={styles.error}>{message(errors.billing_agreement)}</p> : null}
          </div>
        ) : null}
      </fieldset>

      <fieldset className={styles.section}>
        <legend className={styles.legend}>{t('courses.settings.notation')}</legend>
        <div className={styles.columns}>
          <RadioGroupField
            legend={t('courses.settings.cadential64')}
            inline
            options={[
              { value: 'V', label: CADENTIAL_64_LABEL.V },
              { value: 'I', label: CADENTIAL_64_LABEL.I },
            ]}
            {...register('cadential_64')}
          />
          <RadioGroupField
            legend={t('courses.settings.neapolitan6')}
            inline
            options={[
              { value: 'N', label: NEAPOLITAN_6_LABEL.N },
              { value: 'II', label: NEAPOLITAN_6_LABEL.II },
            ]}
            {...register('neapolitan_6')}
          />
        </div>
      </fieldset>

      <fieldset className={styles.section}>
        <legend className={styles.legend}>{t('courses.settings.integrations')}</legend>
        <SelectField
          label={t('courses.settings.lms')}
          options={[
            { value: '', label: t('courses.settings.lmsNone') },
            { value: 'GOOGLE_CLASSROOM', label: t('courses.settings.lmsGoogle') },
          ]}
          {...register('lms_type')}
        />
      </fieldset>

      <div ref={saveBar} className={styles.footer} data-sticky-actions>
        <p className={styles.status} aria-live="polite">
          {isDirty ? t('courses.settings.unsaved') : ''}
        </p>
        <Button type="submit" loading={update.isPending} disabled={!isDirty}>
          {t('courses.settings.save')}
        </Button>
      </div>
    </form>
  );
}
