import { readFileSync, writeFileSync } from 'node:fs';
import { readHar } from './src/format.ts';
import { renderPreview } from './src/preview.ts';

for (const file of process.argv.slice(2)) {
  const doc = readHar(readFileSync(file));
  const t = performance.now();
  const r = await renderPreview(doc.score);
  const name = file.split('/').pop()?.replace('.har', '') ?? 'x';
  writeFileSync(`/tmp/harx/${name}.png`, r.png);
  writeFileSync(`/tmp/harx/${name}.musicxml`, doc.score);
  console.log(name, r.width, r.height, (performance.now() - t).toFixed(0), 'ms', JSON.stringify(doc.key?.items.map((i) => i.answers[0])));
}
