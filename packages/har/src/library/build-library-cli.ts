import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildSampleLibrary } from './build-library.ts';

/**
 * `npm run library:build [-- <outDir>]`: writes the sample library as
 * <outDir>/<set-slug>/<nn>-<title-slug>.har (default outDir: data/library).
 */
const outDir = resolve(process.argv[2] ?? 'data/library');
const library = buildSampleLibrary();
let count = 0;
for (const set of library.sets) {
  const folder = join(outDir, set.slug);
  mkdirSync(folder, { recursive: true });
  set.documents.forEach((document, index) => {
    const file = join(folder, `${String(index + 1).padStart(2, '0')}-${document.slug}.har`);
    writeFileSync(file, document.har);
    count++;
  });
  console.log(`${set.title}: ${set.documents.length} documents in ${folder}`);
}
console.log(`Wrote ${count} .har files to ${outDir}.`);
