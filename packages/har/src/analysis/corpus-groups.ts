import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CorpusPiece } from './corpus-measure.ts';

/**
 * The shared corpora the analysis is measured on (issue 36), read at run time from ../shared
 * beside the repository, never copied into it: the Bach chorales (`chorales`) and the groups of
 * When-in-Rome's repertoire (`textbooks`, `sonatas`, `lieder`, `quartets`, `keyboard`,
 * `variations`), each piece a score with its expert RomanText analysis. For the bench and the
 * floor tests only.
 */

export const CORPUS_GROUPS = ['textbooks', 'sonatas', 'lieder', 'quartets', 'keyboard', 'variations', 'chorales'] as const;
export type CorpusGroup = (typeof CORPUS_GROUPS)[number];

const SHARED = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../shared/corpora');
export const CHORALES_DIR = path.join(SHARED, 'bach-chorales');
export const WHEN_IN_ROME_DIR = path.join(SHARED, 'when-in-rome');

/** Whether the group's corpus is present on this machine. */
export function groupPresent(group: CorpusGroup): boolean {
  return existsSync(path.join(group === 'chorales' ? CHORALES_DIR : WHEN_IN_ROME_DIR, 'manifest.json'));
}

/**
 * The group's pieces in the manifest's order, each with the half it belongs to (1 or 3 for the
 * chorales: Riemenschneider number mod 4; otherwise every other piece of the manifest), so that
 * a change can be seen to help both halves, not one.
 */
export function readGroup(group: CorpusGroup, dir?: string): (CorpusPiece & { half: number })[] {
  if (group === 'chorales') {
    const root = dir ?? CHORALES_DIR;
    const manifest = JSON.parse(readFileSync(path.join(root, 'manifest.json'), 'utf8')) as {
      chorales: { score_file: string; analysis_file: string }[];
    };
    return manifest.chorales.map((c) => {
      const name = c.score_file.replace(/\.mxl$/, '');
      return {
        name,
        half: Number.parseInt(name, 10) % 4,
        score: new Uint8Array(readFileSync(path.join(root, c.score_file))),
        analysis: readFileSync(path.join(root, c.analysis_file), 'utf8'),
      };
    });
  }
  const root = dir ?? WHEN_IN_ROME_DIR;
  const manifest = JSON.parse(readFileSync(path.join(root, 'manifest.json'), 'utf8')) as {
    groups: Record<string, { folder: string; score: string; analysis: string }[]>;
  };
  return (manifest.groups[group] ?? []).map((entry, index) => ({
    name: entry.folder.replace(/^[^/]*\//, ''),
    half: index % 2 === 0 ? 1 : 3,
    score: new Uint8Array(readFileSync(path.join(root, entry.folder, entry.score))),
    analysis: readFileSync(path.join(root, entry.folder, entry.analysis), 'utf8'),
  }));
}
