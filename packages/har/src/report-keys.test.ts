import { describe, expect, it } from 'vitest';
import { type HarDocument, readHar } from './format.ts';
import { gradeSubmission } from './grade.ts';
import { buildSampleLibrary } from './library/build-library.ts';
import { gradeReportHtml } from './report.ts';
import { renderSubmissionImage } from './submission-image.ts';

// The sample 'Major Phrase 1 (C major)': I IV V I | vi ii V | I, keyed here with a pivot into G and back.
const sample = readHar(buildSampleLibrary().sets[0]?.documents[0]?.har as Uint8Array);
const ANSWERS: Record<string, string[]> = {
  m1b1: ['I'],
  m1b2: ['IV'],
  m1b3: ['V'],
  m1b4: ['I = G: IV'],
  m2b1: ['V', 'C: V/V'],
  m2b2: ['I'],
  m2b3: ['C: V'],
  m3b1: ['I'],
};
const exercise: HarDocument = {
  ...sample,
  key: { key: 'C', items: (sample.key?.items ?? []).map((item) => ({ ...item, answers: ANSWERS[item.id] ?? item.answers })) },
};
const grade = (answers: Record<string, string>) =>
  gradeSubmission(
    exercise,
    {
      manifest: { ...exercise.manifest, kind: 'submission' },
      score: '',
      answers: { items: Object.entries(answers).map(([id, answer]) => ({ id, answer })) },
    },
    { cadential64: 'V', neapolitan6: 'N' },
  );
const right = { m1b1: 'I', m1b2: 'IV', m1b3: 'V', m1b4: 'I = G: IV', m2b1: 'V', m2b2: 'I', m2b3: 'C: V', m3b1: 'I' };

describe('the grade report and submission image with keys that change (decision 031)', () => {
  it('names the opening key, and shows the keys a label names in bold', () => {
    const result = grade(right);
    expect(result).toMatchObject({ key: 'C', points: 8, max_points: 8 });
    const html = gradeReportHtml({ title: 'Modulating', studentName: 'Ann', submittedAt: 0, result });
    expect(html).toContain('<dt>Key</dt><dd>C major</dd>');
    expect(html).toContain('I = <span class="key">G:</span> IV');
    expect(html).toContain('<span class="key">C:</span> V');
    expect(gradeReportHtml({ title: 'x', studentName: 'y', submittedAt: 0, result, language: 'ko' })).toContain(
      '<dt>조성</dt><dd>C 장조</dd>',
    );
    expect(gradeReportHtml({ title: 'x', studentName: 'y', submittedAt: 0, result, language: 'zh-hans' })).toContain('C 大调');
    expect(gradeReportHtml({ title: 'x', studentName: 'y', submittedAt: 0, result, language: 'zh-hant' })).toContain('C 大調');
  });

  it('escapes what it does not read as a label, and shows no key line for a one-key exercise', () => {
    const result = grade({ ...right, m1b1: '<b>E:</b> V' });
    const html = gradeReportHtml({ title: 'x', studentName: 'y', submittedAt: 0, result });
    expect(html).toContain('&lt;b&gt;E:&lt;/b&gt; V');
    const plain = gradeSubmission(
      sample,
      { manifest: { ...sample.manifest, kind: 'submission' }, score: '', answers: { items: [{ id: 'm1b1', answer: 'I' }] } },
      { cadential64: 'V', neapolitan6: 'N' },
    );
    expect(plain).not.toHaveProperty('key');
    expect(gradeReportHtml({ title: 'x', studentName: 'y', submittedAt: 0, result: plain })).not.toContain('<dt>Key</dt>');
  });

  it('draws the key the labels start in and the key changes the student wrote', async () => {
    const image = await renderSubmissionImage(exercise.score, grade(right));
    const text = image.svg.replace(/<[^>]+>/g, '');
    expect(text).toContain('C: I');
    expect(text).toContain('G: IV');
    // A first label that names its key is left as written.
    const named = await renderSubmissionImage(exercise.score, grade({ ...right, m1b1: 'C: I' }));
    expect(named.svg.replace(/<[^>]+>/g, '')).not.toContain('C: C: I');
  });
});
