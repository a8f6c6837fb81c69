import fs from 'node:fs';
import { importMusicXml } from '@app/har/musicxml-import';
import { SCORE_LIMITS, scanScore } from '@app/har/score-limits';

/** The shared corpus (../shared/corpora/bach-chorales), read at run time. */
const CHORALE = new URL('../../../../shared/corpora/bach-chorales/001.mxl', import.meta.url);

/**
 * Chorale 001 (four parts) made `measures` measures long by repeating its measures, as
 * partwise MusicXML: a long real score for the limits and the CPU pool (issue 26).
 */
let chorale: string | undefined;

export function repeatedChorale(measures: number): string {
  chorale ??= importMusicXml(new Uint8Array(fs.readFileSync(CHORALE))).musicxml;
  const source = chorale;
  const parts = [...source.matchAll(/<part\s[^>]*>([\s\S]*?)<\/part>/g)];
  let out = source.slice(0, source.search(/<part\s/));
  for (const part of parts) {
    const bodies = [...(part[1] ?? '').matchAll(/<measure\b[^>]*>([\s\S]*?)<\/measure>/g)].map((m) => m[1] ?? '');
    const chunks = [/<part\s[^>]*>/.exec(part[0])?.[0] ?? '<part>', `<measure number="1">${bodies[0]}</measure>`];
    // Later repeats leave out the clef, key and time the first measure set.
    const plain = bodies.map((body) => body.replace(/<attributes>[\s\S]*?<\/attributes>/, ''));
    for (let n = 2; n <= measures; n++) chunks.push(`<measure number="${n}">${plain[(n - 1) % plain.length]}</measure>`);
    chunks.push('</part>');
    out += chunks.join('\n');
  }
  return `${out}\n</score-partwise>\n`;
}

/** The longest repeated chorale within every score limit: the largest score the product renders. */
export function largestAllowedScore(): string {
  let low = 1;
  let high = SCORE_LIMITS.maxMeasures;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    const score = repeatedChorale(mid);
    if (score.length <= SCORE_LIMITS.maxBytes && scanScore(score).passed === undefined) low = mid;
    else high = mid - 1;
  }
  return repeatedChorale(low);
}
