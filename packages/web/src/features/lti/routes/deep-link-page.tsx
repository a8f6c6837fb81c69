import type { DeepLinkResponse } from '@app/contract/lti';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { useCourseSets } from '../../../lib/course-sets.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useDeepLinkChoice } from '../api/lti-context.ts';
import styles from './link-course-page.module.css';

/**
 * /lti/deep-link/{key}?course={id} (issue 28, Deep Linking 2.0): an instructor's content selection
 * from the LMS. They pick an assignment set of the linked course, and either the whole set or one
 * exercise of it; the signed response is posted back to the LMS by a form, as the specification
 * asks (field JWT).
 */
export function DeepLinkPage() {
  const { t } = useTranslation();
  usePageTitle(t('lti.deepLink.title'));
  const key = useParams().key ?? '';
  const courseId = Number(useSearchParams()[0].get('course'));
  const sets = useCourseSets(courseId);
  const choose = useDeepLinkChoice(key);
  const [chosen, setChosen] = useState('');
  /** '' for the whole set, else a document id of the chosen set. */
  const [item, setItem] = useState('');
  const [signed, setSigned] = useState<DeepLinkResponse | undefined>();
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (signed) form.current?.submit();
  }, [signed]);

  if (sets.isError || !Number.isInteger(courseId) || courseId <= 0) {
    return (
      <section className={styles.page}>
        <div className={styles.card}>
          <h1 className={styles.title}>{t('lti.deepLink.title')}</h1>
          <p role="alert">{t('lti.deepLink.gone')}</p>
        </div>
      </section>
    );
  }
  if (!sets.data) return <LoadingScreen label={t('lti.deepLink.loading')} />;
  const setId = chosen || (sets.data[0] ? String(sets.data[0].id) : '');
  const documents = sets.data.find((s) => String(s.id) === setId)?.documents ?? [];
  const documentId = documents.some((d) => String(d.id) === item) ? item : '';

  return (
    <section className={styles.page}>
      <div className={styles.card}>
        <h1 className={styles.title}>{t('lti.deepLink.title')}</h1>
        {sets.data.length === 0 ? (
          <p>{t('lti.deepLink.noSets')}</p>
        ) : (
          <form
            className={styles.choice}
            onSubmit={(event) => {
              event.preventDefault();
              if (setId)
                choose.mutate(
                  { setId: Number(setId), ...(documentId ? { documentId: Number(documentId) } : {}) },
                  { onSuccess: setSigned },
                );
            }}
          >
            <SelectField
              className={styles.select}
              label={t('lti.deepLink.setLabel')}
              options={sets.data.map((s) => ({ value: String(s.id), label: s.title }))}
              value={setId}
              onChange={(event) => {
                setChosen(event.target.value);
                setItem('');
              }}
            />
            <SelectField
              className={styles.select}
              label={t('lti.deepLink.itemLabel')}
              options={[
                { value: '', label: t('lti.deepLink.wholeSet') },
                ...documents.map((d) => ({ value: String(d.id), label: t('lti.deepLink.oneExercise', { title: d.title }) })),
              ]}
              value={documentId}
              onChange={(event) => setItem(event.target.value)}
            />
            <Button type="submit" loading={choose.isPending || signed !== undefined} disabled={choose.isPending || signed !== undefined}>
              {t('lti.deepLink.addButton')}
            </Button>
          </form>
        )}
        {choose.isError ? <p role="alert">{t('lti.deepLink.gone')}</p> : null}
        {signed ? (
          <form ref={form} method="post" action={signed.return_url}>
            <input type="hidden" name="JWT" value={signed.jwt} />
          </form>
        ) : null}
      </div>
    </section>
  );
}
