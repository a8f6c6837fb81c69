import type { DeepLinkResponse } from '@app/contract/lti';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { useCourseSets } from '../../../lib/course-sets.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useDeepLinkChoice } from '../api/lti-context.ts';
import styles from './link-course-page.module.css';

/**
 * /lti/deep-link/{key}?course={id} (issue 28, Deep Linking 2.0): an instructor's content selection
 * from the LMS. They pick an assignment set of the linked course, and either the whole set or one
 * exercise of it — or, where the LMS takes several items (`&multiple=1`, its `accept_multiple`,
 * issue 37), ticks several exercises, each its own link; the signed response is posted back to the
 * LMS by a form, as the specification asks (field JWT).
 */
export function DeepLinkPage() {
  const { t } = useTranslation();
  usePageTitle(t('lti.deepLink.title'));
  const key = useParams().key ?? '';
  const [params] = useSearchParams();
  const courseId = Number(params.get('course'));
  const multiple = params.get('multiple') === '1';
  const sets = useCourseSets(courseId);
  const choose = useDeepLinkChoice(key);
  const [chosen, setChosen] = useState('');
  /** '' for the whole set, else a document id of the chosen set. */
  const [item, setItem] = useState('');
  /** With `multiple`: the exercises ticked (none: the whole set). */
  const [ticked, setTicked] = useState<number[]>([]);
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
  const documentIds = documents.filter((d) => ticked.includes(d.id)).map((d) => d.id);
  const choice = multiple ? (documentIds.length > 0 ? { documentIds } : {}) : documentId ? { documentId: Number(documentId) } : {};

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
              if (setId) choose.mutate({ setId: Number(setId), ...choice }, { onSuccess: setSigned });
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
                setTicked([]);
              }}
            />
            {multiple ? (
              documents.length > 0 ? (
                <fieldset className={styles.exercises}>
                  <legend>{t('lti.deepLink.exercisesLabel')}</legend>
                  <p className={styles.hint}>{t('lti.deepLink.severalHint')}</p>
                  {documents.map((d) => (
                    <CheckboxField
                      key={d.id}
                      label={d.title}
                      checked={ticked.includes(d.id)}
                      onChange={(event) => setTicked((now) => (event.target.checked ? [...now, d.id] : now.filter((id) => id !== d.id)))}
                    />
                  ))}
                </fieldset>
              ) : null
            ) : (
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
            )}
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
