import { REMOVED_ANALYSIS_EXAMPLES, type RemovedAnalysis } from '@app/contract/assignments';
import { parseRomanNumeral } from '@app/contract/roman-numeral';
import { buildXmlTree, children, parseXmlTree, partsOf, textOf, type XmlNode } from './musicxml-tree.ts';

/**
 * The score as students get it (issue 26): an instructor's MusicXML may carry the analysis
 * already written in — lyrics holding numerals, <harmony> chord symbols or numerals, figured
 * bass, words under the bass — which would hand the answers to whoever reads the student copy,
 * the workspace or a preview. They are taken out of what students receive; the instructor's own
 * file keeps them, and is told what was taken out.
 */

/** What was taken out, one entry per kind found, with a few of the texts as examples (the contract's shape). */
export type { RemovedAnalysis };

const EXAMPLES = REMOVED_ANALYSIS_EXAMPLES;
const KINDS: RemovedAnalysis['kind'][] = ['lyric', 'harmony', 'figured-bass', 'words'];
/** Elements that can only be analysis text in a Roman-numeral exercise: removed wherever they are. */
const ALWAYS = new Set(['lyric', 'harmony', 'figured-bass']);
/** Nothing to do unless the text names one of these (a score without them is returned as it is, unparsed). */
const HINT = /<(lyric|harmony|figured-bass|words)[\s/>]/;

/** All the text inside a node, joined with spaces. */
function textIn(nodes: XmlNode[]): string {
  const parts: string[] = [];
  const walk = (list: XmlNode[]) => {
    for (const node of list) {
      for (const [name, value] of Object.entries(node)) {
        if (name === '#text') parts.push(String(value).trim());
        else if (name !== ':@' && Array.isArray(value)) walk(value as XmlNode[]);
      }
    }
  };
  walk(nodes);
  return parts.filter((p) => p !== '').join(' ');
}

/** The words of a direction made only of <words> (no dynamics, metronome or the like), else undefined. */
function wordsOnly(direction: XmlNode[]): string | undefined {
  const types = direction.filter((n) => 'direction-type' in n);
  if (types.length === 0) return undefined;
  const texts: string[] = [];
  for (const type of types) {
    for (const child of children(type, 'direction-type')) {
      const name = Object.keys(child).find((k) => k !== ':@');
      if (name === '#text' && String(child['#text']).trim() === '') continue;
      if (name !== 'words') return undefined;
      texts.push(textIn(children(child, 'words')));
    }
  }
  return texts.join(' ').trim();
}

/** Whether a text reads as analysis: Roman numerals (each word), e.g. 'V7', 'I6 IV', 'ii65'. */
function readsAsNumerals(text: string): boolean {
  const words = text
    .split(/[\s,;|]+/)
    .map((w) => w.replace(/^[([]+|[)\]]+$/g, ''))
    .filter((w) => w !== '' && w !== '-' && w !== '–');
  return words.length > 0 && words.every((w) => parseRomanNumeral(w) !== undefined || /^[A-Ga-g][#b♯♭]?:$/.test(w));
}

/**
 * The score without analysis text, and what was removed. A score with nothing to remove comes
 * back as the same string. Throws the tree parser's HarError for text it cannot read.
 */
export function studentScore(musicxml: string): { score: string; removed: RemovedAnalysis[] } {
  if (!HINT.test(musicxml)) return { score: musicxml, removed: [] };
  const tree = parseXmlTree(musicxml);
  const removed = stripAnalysis(musicxml, tree);
  return removed.length === 0 ? { score: musicxml, removed } : { score: buildXmlTree(tree), removed };
}

/**
 * What studentScore takes out of `musicxml`, taken out of `tree` (that text parsed) in place: for a
 * caller that has parsed the score already and is done with the tree (Create Exercise's draft).
 */
export function stripAnalysis(musicxml: string, tree: XmlNode[]): RemovedAnalysis[] {
  if (!HINT.test(musicxml)) return [];
  const found = new Map<RemovedAnalysis['kind'], { count: number; examples: string[] }>();
  const note = (kind: RemovedAnalysis['kind'], text: string) => {
    const entry = found.get(kind) ?? { count: 0, examples: [] };
    entry.count += 1;
    if (entry.examples.length < EXAMPLES && !entry.examples.includes(text)) entry.examples.push(text);
    found.set(kind, entry);
  };

  // The lowest staff of the score: the last part's highest staff number. Words placed below it are
  // the analysis under the bass (the usual place for hand-written numerals).
  const parts = partsOf(tree);
  const lowestPart = parts.at(-1);
  let lowestStaff = 1;
  for (const measure of children(lowestPart, 'part'))
    for (const node of children(measure, 'measure')) {
      const staves = Number(textOf(children(node, 'attributes'), 'staves'));
      if (Number.isInteger(staves) && staves > lowestStaff) lowestStaff = staves;
    }

  /** Removes analysis elements from a list of siblings, in place; descends into the rest. */
  const strip = (nodes: XmlNode[], inLowestPart: boolean) => {
    for (let i = nodes.length - 1; i >= 0; i -= 1) {
      const node = nodes[i] as XmlNode;
      const name = Object.keys(node).find((k) => k !== ':@');
      if (name === undefined || name === '#text' || name === '#comment') continue;
      const content = children(node, name);
      if (ALWAYS.has(name)) {
        // A lyric's example is its sung text, not its syllabic and number marks.
        const text = name === 'lyric' ? textIn(content.filter((n) => 'text' in n)) : textIn(content);
        note(name as RemovedAnalysis['kind'], text);
        nodes.splice(i, 1);
        continue;
      }
      if (name === 'direction') {
        const words = wordsOnly(content);
        if (words !== undefined) {
          const staff = Number(textOf(content, 'staff') ?? '1');
          const below = node[':@']?.['@_placement'] === 'below';
          const underBass = inLowestPart && below && staff === lowestStaff;
          if (underBass || readsAsNumerals(words)) {
            note('words', words);
            nodes.splice(i, 1);
          }
        }
        continue;
      }
      strip(content, inLowestPart || (name === 'part' && node === lowestPart));
    }
  };
  strip(tree, false);

  return KINDS.flatMap((kind) => {
    const entry = found.get(kind);
    return entry ? [{ kind, count: entry.count, examples: entry.examples }] : [];
  });
}
