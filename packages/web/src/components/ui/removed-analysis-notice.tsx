import type { RemovedAnalysis } from '@app/contract/assignments';
import { useTranslation } from 'react-i18next';
import { Notice } from './notice.tsx';

const KIND_KEYS = {
  lyric: 'authoring.removedLyric',
  harmony: 'authoring.removedHarmony',
  'figured-bass': 'authoring.removedFiguredBass',
  words: 'authoring.removedWords',
} as const satisfies Record<RemovedAnalysis['kind'], string>;

/**
 * What the students' copy of a score leaves out (analysis written into it: lyrics, chord symbols,
 * figured bass, words under the bass; issue 26), for the instructor who uploaded it: one line per
 * kind with a few of the texts. Nothing when nothing was left out. `documents` lists several
 * uploaded files at once, each under its title.
 */
export function RemovedAnalysisNotice({ documents }: { documents: { title?: string; removed: RemovedAnalysis[] }[] }) {
  const { t } = useTranslation();
  const shown = documents.filter((d) => d.removed.length > 0);
  if (shown.length === 0) return null;
  // Lyrics are not analysis: a score with nothing else left out is not said to have analysis (issue 38).
  const onlyLyrics = shown.every((d) => d.removed.every((r) => r.kind === 'lyric'));
  const lines = (removed: RemovedAnalysis[]) => (
    <ul key="removed">
      {removed.map((r) => {
        const what = t(KIND_KEYS[r.kind], { count: r.count });
        const examples = r.examples.filter((e) => e !== '').map((e) => `“${e}”`);
        return <li key={r.kind}>{examples.length > 0 ? t('authoring.removedExamples', { what, examples: examples.join(', ') }) : what}</li>;
      })}
    </ul>
  );
  return (
    <Notice severity="warning" title={t('authoring.removedTitle')}>
      <p>{t(onlyLyrics ? 'authoring.removedIntroLyrics' : 'authoring.removedIntro')}</p>
      {shown.map((d) =>
        d.title === undefined ? (
          lines(d.removed)
        ) : (
          <div key={d.title}>
            <p>{t('authoring.removedInDocument', { title: d.title })}</p>
            {lines(d.removed)}
          </div>
        ),
      )}
    </Notice>
  );
}
