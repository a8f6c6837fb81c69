import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useLinkLtiContext, useLtiContext } from '../api/lti-context.ts';
import { deepLinkAddress, openDeepLinkPicker } from '../deep-link-address.ts';
import styles from './link-course-page.module.css';

/**
 * /lti/link-course/{id} (issue 28): where an LMS instructor's first launch of an LMS course that
 * is not linked yet lands. They link it to one of the courses they instruct, or create a course
 * named after it; then the course opens — or, when the launch was a deep-linking request
 * (`?deep_link={key}`, issue 37), the content selection it was launched for.
 */
export function LinkCoursePage() {
  const { t } = useTranslation();
  usePageTitle(t('lti.link.title'));
  const navigate = useNavigate();
  const id = Number(useParams().contextId);
  const [params] = useSearchParams();
  const deepLink = params.get('deep_link');
  const pickerAddress = (courseId: number) => (deepLink ? deepLinkAddress(deepLink, courseId, params.get('multiple') === '1') : undefined);
  const context = useLtiContext(id);
  const user = useCurrentUser();
  const link = useLinkLtiContext(id);
  const courses = user.data?.course_instructors ?? [];
  const [chosen, setChosen] = useState('');
  const courseId = chosen || (courses[0] ? String(courses[0].id) : '');

  if (context.isError || !Number.isInteger(id)) {
    return (
      <section className={styles.page}>
        <div className={styles.card}>
          <h1 className={styles.title}>{t('lti.link.title')}</h1>
          <p role="alert">{t('lti.link.notFound')}</p>
          <ButtonLink to="/" variant="outline">
            {t('lti.link.toDashboard')}
          </ButtonLink>
        </div>
      </section>
    );
  }
  if (!context.data || !user.data) return <LoadingScreen label={t('lti.link.loading')} />;

  const { title, course_id: linkedTo, role } = context.data;
  const failed = link.isError
    ? t(link.error instanceof ApiError && link.error.status === 409 ? 'lti.link.alreadyLinked' : 'lti.link.failed')
    : undefined;
  const choose = (choice: { courseId: number } | 'create') =>
    link.mutate(choice, {
      onSuccess: (done) => {
        if (done.course_id === null) return;
        const picker = pickerAddress(done.course_id);
        if (picker) openDeepLinkPicker(picker);
        else void navigate(`/course/${done.course_id}`);
      },
    });
  const picker = linkedTo !== null ? pickerAddress(linkedTo) : undefined;

  return (
    <section className={styles.page}>
      <div className={styles.card}>
        <h1 className={styles.title}>{t('lti.link.title')}</h1>
        {linkedTo !== null ? (
          <>
            <p>{t('lti.link.linked', { title })}</p>
            {picker && role !== 'student' ? (
              // The picker's page loads as a document, with its own Content-Security-Policy (deep-link-address.ts).
              <ButtonLink to={picker} reloadDocument>
                {t('lti.link.toDeepLink')}
              </ButtonLink>
            ) : null}
            <ButtonLink to={role === 'student' ? `/student/course/${linkedTo}/assignments` : `/course/${linkedTo}`}>
              {t('lti.link.openCourse')}
            </ButtonLink>
          </>
        ) : role !== 'instructor' ? (
          <p role="alert">{t('lti.link.onlyInstructors', { title })}</p>
        ) : (
          <>
            <p>{t('lti.link.intro', { title })}</p>
            {courses.length > 0 ? (
              <form
                className={styles.choice}
                onSubmit={(event) => {
                  event.preventDefault();
                  if (courseId) choose({ courseId: Number(courseId) });
                }}
              >
                <SelectField
                  className={styles.select}
                  label={t('lti.link.courseLabel')}
                  options={courses.map((c) => ({ value: String(c.id), label: c.title }))}
                  value={courseId}
                  onChange={(event) => setChosen(event.target.value)}
                />
                <Button type="submit" loading={link.isPending} disabled={link.isPending}>
                  {t('lti.link.linkButton')}
                </Button>
              </form>
            ) : (
              <p>{t('lti.link.noCourses')}</p>
            )}
            <div className={styles.choice}>
              <Button variant="outline" loading={link.isPending} disabled={link.isPending} onClick={() => choose('create')}>
                {t('lti.link.createButton', { title })}
              </Button>
            </div>
            {failed ? <p role="alert">{failed}</p> : null}
          </>
        )}
      </div>
    </section>
  );
}
