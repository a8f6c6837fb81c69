import { existsSync, readFileSync } from 'node:fs';
import { unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { analyseScore } from './analysis/analyze-score.ts';
import { readScore } from './analysis/score-reading.ts';
import { choraleMusicXml, TEST_CHORALES } from './analysis/test-chorales.ts';
import { HarError } from './har-error.ts';
import { importMusicXml } from './musicxml-import.ts';

const CORPUS = '/work/shared/corpora/bach-chorales';
const text = (s: string) => new TextEncoder().encode(s);
const chorale = choraleMusicXml(TEST_CHORALES[0] as (typeof TEST_CHORALES)[number]);
const settings = { cadential64: 'V', neapolitan6: 'N' } as const;

function refusal(bytes: Uint8Array): string {
  try {
    importMusicXml(bytes);
  } catch (error) {
    if (error instanceof HarError) return error.message;
    throw error;
  }
  throw new Error('accepted');
}

/** The same score as score-timewise: measures holding parts. */
function timewise(partwise: string): string {
  const parts = [...partwise.matchAll(/<part id="(P\d)">([\s\S]*?)<\/part>/g)].map((m) => ({
    id: m[1],
    measures: [...(m[2] ?? '').matchAll(/<measure([^>]*)>([\s\S]*?)<\/measure>/g)].map((x) => ({ attrs: x[1], body: x[2] })),
  }));
  const count = parts[0]?.measures.length ?? 0;
  const measures = Array.from(
    { length: count },
    (_, i) =>
      `<measure${parts[0]?.measures[i]?.attrs}>${parts.map((p) => `<part id="${p.id}">${p.measures[i]?.body}</part>`).join('')}</measure>`,
  );
  const header = /<work>[\s\S]*?<\/part-list>/.exec(partwise)?.[0] ?? '';
  return `<?xml version="1.0" encoding="UTF-8"?>\n<score-timewise version="4.0">${header}${measures.join('')}</score-timewise>`;
}

describe('importMusicXml', () => {
  it('takes MusicXML text as it is', () => {
    const imported = importMusicXml(text(chorale));
    expect(imported.musicxml).toBe(chorale);
    expect(imported.converted).toEqual({ fromTimewise: false, renumbered: false, fromMxl: false });
  });

  it('reads UTF-16 with a byte-order mark', () => {
    const body = chorale.replace('encoding="UTF-8"', 'encoding="UTF-16"');
    const utf16 = new Uint8Array(2 + body.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let i = 0; i < body.length; i++) {
      utf16[2 + 2 * i] = body.charCodeAt(i) & 0xff;
      utf16[3 + 2 * i] = body.charCodeAt(i) >> 8;
    }
    expect(importMusicXml(utf16).musicxml).toContain('encoding="UTF-8"');
  });

  it('opens a compressed .mxl through its container', () => {
    const mxl = zipSync({
      mimetype: text('application/vnd.recordare.musicxml'),
      'META-INF/container.xml': text(
        '<?xml version="1.0"?><container><rootfiles><rootfile full-path="score/chorale.musicxml" media-type="application/vnd.recordare.musicxml+xml"/></rootfiles></container>',
      ),
      'score/chorale.musicxml': text(chorale),
    });
    const imported = importMusicXml(mxl);
    expect(imported.musicxml).toBe(chorale);
    expect(imported.converted.fromMxl).toBe(true);
  });

  it('converts score-timewise to score-partwise with the same analysis', () => {
    const imported = importMusicXml(text(timewise(chorale)));
    expect(imported.converted.fromTimewise).toBe(true);
    expect(imported.musicxml).toContain('<score-partwise');
    expect(analyseScore(imported.musicxml, settings).positions).toEqual(analyseScore(chorale, settings).positions);
  });

  it("keeps the score's own measure numbers, even where they are not plain numbers ('7a', repeats numbered again)", () => {
    const repeated = chorale.replace(/<measure number="2"/g, '<measure number="1a"');
    const imported = importMusicXml(text(repeated));
    expect(imported.converted.renumbered).toBe(false);
    expect(imported.musicxml).toBe(repeated);
    // Items number those measures in order (a pickup is 0); people read the score's own text.
    const measures = readScore(imported.musicxml).measures;
    expect(measures.slice(0, 3).map((m) => [m.number, m.label])).toEqual([
      [0, '0'],
      [1, '1'],
      [2, '1a'],
    ]);
  });

  it('refuses what is not MusicXML with a message that says why', () => {
    expect(refusal(new Uint8Array())).toBe('The file is empty.');
    expect(refusal(text('%PDF-1.7\u0000\u0001binary'))).toBe('The file is not MusicXML: it is not text.');
    expect(refusal(text('just some words'))).toMatch(/^The file is not MusicXML: it is not well-formed XML/);
    expect(refusal(text('<html><body>hi</body></html>'))).toBe(
      'The file is not a MusicXML score: its root element is <html>, not <score-partwise> or <score-timewise>.',
    );
    expect(refusal(text('<score-partwise><part id="P1"><measure number="1"><note>'))).toMatch(/not well-formed XML/);
    expect(refusal(zipSync({ 'readme.txt': text('hello') }))).toBe(
      'The .mxl archive does not contain the MusicXML score its table of contents names.',
    );
    expect(refusal(text('<!DOCTYPE x [<!ENTITY a "b">]><score-partwise/>'))).toMatch(/entities/);
  });

  // A download cut short: the validator lists the open elements as a JSON array 'at line 1'; the
  // instructor reads which element the file ends in instead.
  it.runIf(existsSync(`${CORPUS}/133.mxl`))('says a chorale cut short ends inside an element, in words', () => {
    const entries = unzipSync(new Uint8Array(readFileSync(`${CORPUS}/133.mxl`)));
    const name = Object.keys(entries).find((n) => n.endsWith('.xml') && !n.startsWith('META-INF')) as string;
    const score = new TextDecoder().decode(entries[name]);
    const cut = score.slice(0, score.indexOf('<pitch>', score.length / 2) + '<pitch>'.length);
    expect(refusal(text(cut))).toBe(
      'The score is not well-formed XML (it ends inside <pitch>, which is never closed: the file may be cut short).',
    );
    expect(refusal(text('<score-partwise><part id="P1"><measure number="1"><note>'))).toBe(
      'The score is not well-formed XML (it ends inside <note>, which is never closed: the file may be cut short).',
    );
    // One unclosed element keeps the validator's own sentence with its line.
    expect(refusal(text('<score-partwise>\n<part-list/>'))).toBe(
      "The score is not well-formed XML (line 1: Unclosed tag 'score-partwise').",
    );
  });

  it('refuses timewise content under a partwise name, and a timewise score without music', () => {
    const confused = timewise(chorale).replace(/score-timewise/g, 'score-partwise');
    expect(refusal(text(confused))).toMatch(/measures contain parts, as in score-timewise/);
    expect(refusal(text('<score-timewise><part-list/></score-timewise>'))).toMatch(/no measure with a part/);
  });

  it('refuses a file over 20 MB as too large', () => {
    let error: unknown;
    try {
      importMusicXml(new Uint8Array(20 * 1024 * 1024 + 1));
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: 'too_large' });
  });

  it('leaves "no notes" to the analysis, which refuses it', () => {
    const empty = chorale.replace(/<note>[\s\S]*?<\/note>/g, '<note><rest/><duration>4</duration></note>');
    expect(() => analyseScore(importMusicXml(text(empty)).musicxml, settings)).toThrow(
      'The score has no notes: there is nothing to analyse.',
    );
  });
});
