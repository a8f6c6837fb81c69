import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkPartWriting } from './check.ts';
import { VOICES } from './rules.ts';
import { STUDENT_FAULTS, TEXTBOOK_PROGRESSIONS, type TextbookProgression } from './textbook-progressions.ts';

/**
 * docs/part-writing-textbook-progressions.md (issue 27's closing note): the checker's findings on
 * ten textbook progressions and three student faults, beside what a teacher marks. The document's
 * tables are this test's output: it fails when the checker's findings and the document part ways.
 * `UPDATE_DOC=1 npx vitest run <this file>` writes the document again.
 */

const DOC = fileURLToPath(new URL('../../../../docs/part-writing-textbook-progressions.md', import.meta.url));

function chordsOf(p: TextbookProgression): string {
  return p.input.chords
    .map((chord) => {
      const label = chord.numeral ?? (chord.figures === undefined ? '' : chord.figures === '' ? '(5 3)' : `(${chord.figures})`);
      const notes = VOICES.map((v) => chord[v])
        .filter((n) => n !== undefined)
        .join(' ');
      return `${label} ${notes}`;
    })
    .join(' · ');
}

function section(title: string, list: TextbookProgression[]): string[] {
  const lines = [`## ${title}`, '', '| Progression | Chords (S A T B) | The checker found | A teacher marks |', '|---|---|---|---|'];
  for (const p of list) {
    const result = checkPartWriting(p.input);
    if (!result.ok) throw new Error(`${p.name}: ${result.problems.map((x) => x.message).join('; ')}`);
    const found =
      result.findings.length === 0
        ? 'nothing'
        : result.findings
            .map(
              (f) => `\`${f.rule}\` (${f.chords.length === 1 ? 'chord' : 'chords'} ${f.chords.map((c) => c + 1).join('–')}): ${f.message}`,
            )
            .join('<br>');
    const teacher = p.teacher.length === 0 ? 'nothing' : p.teacher.map((rule) => `\`${rule}\``).join(', ');
    const key = `${p.input.key}${p.input.style === 'strict' ? ', strict style' : ''}`;
    lines.push(`| ${p.name} (${key}) | ${chordsOf(p)} | ${found} | ${teacher} |`);
  }
  return lines;
}

function document(): string {
  return [
    '# The part-writing checker on ten textbook progressions',
    '',
    'Issue 27 asks, in its closing note, for the checker’s findings on ten textbook progressions: what',
    'it found and what a teacher would mark. The progressions are voiced as Kostka–Payne,',
    'Aldwell–Schachter and Laitz show them (`packages/contract/src/part-writing/textbook-progressions.ts`),',
    'followed by three faults students commonly make in the same progressions. What each rule means',
    'is decision 034. The tables below are written by',
    '`packages/contract/src/part-writing/textbook-progressions-doc.test.ts`, which fails when the',
    'checker’s findings and this page part ways; `check.test.ts` holds the checker to the teacher’s column.',
    '',
    'Chord numbers count from 1. Correct progressions must give no finding at all: the tempting ones',
    '(an octave leap, a voice exchange, d5 → P5 between upper voices, a frustrated leading tone in an',
    'inner voice, the Neapolitan’s diminished third, a doubled third in the deceptive cadence) are here',
    'on purpose.',
    '',
    ...section('Ten textbook progressions', TEXTBOOK_PROGRESSIONS),
    '',
    ...section('Three student faults', STUDENT_FAULTS),
    '',
    '## Reading',
    '',
    'On the ten the checker marks nothing, as a teacher would. On the faults it marks what a teacher',
    'marks and nothing more: the alto–tenor fifths of ii → Cad64, the “Mozart fifths” of Ger+6 → V, and',
    'in minor the augmented second F–G♯ together with the leading tone left unraised (a `wrong-chord`:',
    'G is not in V of A minor, whose third is G♯).',
    '',
  ].join('\n');
}

describe('docs/part-writing-textbook-progressions.md', () => {
  it('records what the checker finds on each progression, beside what a teacher marks', () => {
    const made = document();
    if (process.env.UPDATE_DOC === '1') writeFileSync(DOC, made);
    expect(readFileSync(DOC, 'utf8')).toBe(made);
  });
});
