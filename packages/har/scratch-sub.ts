import { readFileSync, writeFileSync } from 'node:fs';
import { readHar } from './src/format.ts';
import { gradeSubmission } from './src/grade.ts';
import { renderSubmissionImage } from './src/submission-image.ts';

const exercise = readHar(readFileSync(process.argv[2] as string));
const wrong = ['IV', 'ii6', 'V6/5/V', '', 'N', 'garbage'];
const answers = {
  items: (exercise.key?.items ?? []).map((item, i) => ({
    id: item.id,
    answer: i % 3 === 2 ? (wrong[i % wrong.length] as string) : (item.answers[item.answers.length - 1] as string).replace('°', 'o'),
  })),
};
const submission = { manifest: { ...exercise.manifest, kind: 'submission' as const }, score: '', answers };
const result = gradeSubmission(exercise, submission, { cadential64: 'I', neapolitan6: 'II' });
console.log(
  result.items.map((i) => `${i.id} ${i.answer} ${i.expected} ${i.correct}`).join('\n'),
  result.points,
  result.max_points,
  result.percent,
  result.grade,
);
const t = performance.now();
const img = await renderSubmissionImage(exercise.score, result);
console.log(img.width, img.height, (performance.now() - t).toFixed(0));
writeFileSync('/tmp/harx/submission.png', img.png);
