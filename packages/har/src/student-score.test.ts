import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importMusicXml } from './musicxml-import.ts';
import { studentScore } from './student-score.ts';

const CORPUS = '/work/shared/corpora/bach-chorales';

const note = (step: string, extra = '') =>
  `<note><pitch><step>${step}</step><octave>4</octave></pitch><duration>4</duration><type>whole</type>${extra}</note>`;

/** Two parts (soprano; bass on a grand staff's lower staff), with analysis written in several ways. */
const ANALYSED = `<?xml version="1.0" encoding="UTF-8"?>
<score-partwise version="4.0">
  <part-list>
    <score-part id="P1"><part-name>Soprano</part-name></score-part>
    <score-part id="P2"><part-name>Piano</part-name></score-part>
  </part-list>
  <part id="P1">
    <measure number="1">
      <attributes><divisions>1</divisions><key><fifths>0</fifths></key><time><beats>4</beats><beat-type>4</beat-type></time><clef><sign>G</sign><line>2</line></clef></attributes>
      <direction placement="above"><direction-type><words>Andante</words></direction-type></direction>
      <direction placement="below"><direction-type><words>V7</words></direction-type></direction>
      ${note('C', '<lyric number="1"><syllable>single</syllable><text>I</text></lyric>')}
    </measure>
  </part>
  <part id="P2">
    <measure number="1">
      <attributes><divisions>1</divisions><staves>2</staves><clef number="1"><sign>G</sign><line>2</line></clef><clef number="2"><sign>F</sign><line>4</line></clef></attributes>
      <harmony><root><root-step>C</root-step></root><kind text="I">major</kind></harmony>
      <figured-bass><figure><figure-number>6</figure-number></figure></figured-bass>
      <direction placement="below"><direction-type><dynamics><p/></dynamics></direction-type><staff>2</staff></direction>
      <direction placement="below"><direction-type><words>T</words></direction-type><staff>2</staff></direction>
      <direction placement="below"><direction-type><words>dolce</words></direction-type><staff>1</staff></direction>
      ${note('E', '<staff>2</staff>')}
    </measure>
  </part>
</score-partwise>
`;

const count = (xml: string, tag: string) => (xml.match(new RegExp(`<${tag}[\\s>/]`, 'g')) ?? []).length;

describe('studentScore (issue 26)', () => {
  it('takes lyrics, harmony, figured bass, numerals and words under the bass out, and says what', () => {
    const { score, removed } = studentScore(ANALYSED);
    expect(removed).toEqual([
      { kind: 'lyric', count: 1, examples: ['I'] },
      { kind: 'harmony', count: 1, examples: ['C major'] },
      { kind: 'figured-bass', count: 1, examples: ['6'] },
      { kind: 'words', count: 2, examples: ['T', 'V7'] },
    ]);
    for (const tag of ['lyric', 'harmony', 'figured-bass']) expect(count(score, tag)).toBe(0);
    expect(score).not.toContain('>V7<');
    expect(score).not.toContain('>T<');
    // Everything else stays: notes, tempo words above, dynamics, words on an upper staff.
    expect(count(score, 'note')).toBe(2);
    expect(score).toContain('Andante');
    expect(score).toContain('dolce');
    expect(count(score, 'dynamics')).toBe(1);
    expect(count(score, 'staves')).toBe(1);
  });

  it('gives a score with nothing to take out back as the same string, unparsed', () => {
    const plain = ANALYSED.replace(/<lyric[\s\S]*?<\/lyric>|<harmony>[\s\S]*?<\/harmony>|<figured-bass>[\s\S]*?<\/figured-bass>/g, '')
      .replace(/<direction placement="below"><direction-type><words>(V7|T)<\/words>[\s\S]*?<\/direction>/g, '')
      .replace(/<words>/g, '<rehearsal>')
      .replace(/<\/words>/g, '</rehearsal>');
    const result = studentScore(plain);
    expect(result.removed).toEqual([]);
    expect(result.score).toBe(plain);
    expect(studentScore('<not xml').score).toBe('<not xml');
  });

  it.runIf(existsSync(`${CORPUS}/001.mxl`))('takes the words sung out of a Bach chorale and keeps every note', () => {
    const { musicxml } = importMusicXml(new Uint8Array(readFileSync(`${CORPUS}/001.mxl`)));
    expect(count(musicxml, 'lyric')).toBeGreaterThan(0);
    const { score, removed } = studentScore(musicxml);
    expect(count(score, 'lyric')).toBe(0);
    expect(removed.find((r) => r.kind === 'lyric')?.count).toBe(count(musicxml, 'lyric'));
    expect(count(score, 'note')).toBe(count(musicxml, 'note'));
    expect(count(score, 'measure')).toBe(count(musicxml, 'measure'));
  });
});
