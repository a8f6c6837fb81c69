import { strToU8, Zip, ZipPassThrough, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { contentHash, type HarDocument, readHar, studentCopy, writeHar } from './format.ts';
import { HarError } from './har-error.ts';
import { buildExercise } from './library/build-library.ts';
import { pitchClass } from './library/theory.ts';
import { unzipWithLimits } from './safe-unzip.ts';

const MB = 1024 * 1024;
const { score, key } = buildExercise(
  { key: 'C', mode: 'major', beats: 4, phrase: 'I IV V I | ii6 V7 I:2' },
  { tonic: pitchClass('C'), mode: 'major' },
  'Round & Trip <1>',
);

const exercise: HarDocument = {
  manifest: {
    format: 'har',
    version: 1,
    kind: 'exercise',
    title: 'Round & Trip <1>',
    exercise_type: 'roman-numeral-analysis',
    document_key: 'doc-1',
  },
  score,
  key,
};
const submission: HarDocument = {
  manifest: { ...exercise.manifest, kind: 'submission' },
  score,
  answers: { items: [{ id: 'm1b1', answer: 'I' }] },
};

const manifestJson = JSON.stringify(exercise.manifest);

/** A ZIP of the given entries (strings are UTF-8). */
function zipOf(entries: Record<string, string | Uint8Array>): Uint8Array {
  // Level 1: compressing the tens of megabytes of the zip-bomb cases quickly.
  return zipSync(
    Object.fromEntries(Object.entries(entries).map(([name, data]) => [name, typeof data === 'string' ? strToU8(data) : data])),
    { level: 1 },
  );
}

let bombBytes: Uint8Array | undefined;
/** A valid exercise plus 60 MB of zeros, about 60 KB packed; made once. */
function bomb(): Uint8Array {
  bombBytes ??= zipOf({ ...validEntries(), 'filler.bin': new Uint8Array(60 * MB) });
  return bombBytes;
}

function validEntries(): Record<string, string | Uint8Array> {
  return { 'manifest.json': manifestJson, 'score.musicxml': score, 'key.json': JSON.stringify(key) };
}

function refusal(bytes: Uint8Array): string {
  try {
    readHar(bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(HarError);
    return (error as HarError).message;
  }
  throw new Error('The file was accepted.');
}

/** Sets the uncompressed size that the archive declares for one entry, in both of its headers. */
function lieAboutSize(bytes: Uint8Array, name: string, declared: number): Uint8Array {
  const copy = bytes.slice();
  const view = new DataView(copy.buffer);
  const nameAt = (at: number) => new TextDecoder().decode(copy.subarray(at, at + name.length));
  for (let at = 0; at + 46 <= copy.length; at++) {
    const signature = view.getUint32(at, true);
    if (signature === 0x02014b50 && nameAt(at + 46) === name) view.setUint32(at + 24, declared, true);
    if (signature === 0x04034b50 && nameAt(at + 30) === name) view.setUint32(at + 22, declared, true);
  }
  return copy;
}

describe('writeHar and readHar', () => {
  it('round-trips an exercise and a submission', () => {
    expect(readHar(writeHar(exercise))).toEqual(exercise);
    expect(readHar(writeHar(submission))).toEqual(submission);
  });

  it('writes the same bytes for the same document, so the content hash is stable', () => {
    const first = writeHar(exercise);
    expect(writeHar(exercise)).toEqual(first);
    expect(contentHash(first)).toMatch(/^[0-9a-f]{64}$/);
    expect(contentHash(first)).toBe(contentHash(writeHar(exercise)));
    expect(contentHash(first)).not.toBe(contentHash(writeHar(submission)));
  });

  it('writes only what it reads: a score under the size limit in characters but over it in UTF-8 bytes is refused as readHar refuses it', () => {
    // 3 million 'é' are 3 million characters and 6 MB of UTF-8.
    const wide = score.replace('<part-list>', `<!-- ${'é'.repeat(3_000_000)} --><part-list>`);
    expect(wide.length).toBeLessThan(5 * MB);
    let written: unknown;
    try {
      writeHar({ ...exercise, score: wide });
    } catch (error) {
      written = error;
    }
    expect(written).toBeInstanceOf(HarError);
    expect((written as HarError).message).toBe(refusal(zipOf({ ...validEntries(), 'score.musicxml': wide })));
    expect((written as HarError).message).toMatch(/score\.musicxml/);
  });

  it('reads an exercise without a key', () => {
    const doc = readHar(zipOf({ 'manifest.json': manifestJson, 'score.musicxml': score }));
    expect(doc.key).toBeUndefined();
    expect(doc.manifest.title).toBe('Round & Trip <1>');
  });

  it('ignores entries the format does not define, and a key inside a submission', () => {
    const doc = readHar(
      zipOf({
        'manifest.json': JSON.stringify(submission.manifest),
        'score.musicxml': score,
        'answers.json': JSON.stringify(submission.answers),
        'key.json': JSON.stringify({ items: [{ id: 'm1b1', measure: 1, beat: 1, answers: ['forged'], points: 100 }] }),
        'META-INF/': new Uint8Array(0),
        'thumbnail.png': new Uint8Array([1, 2, 3]),
      }),
    );
    expect(doc.key).toBeUndefined();
    expect(doc.answers).toEqual(submission.answers);
  });

  it('reads a score written in UTF-16 with a byte order mark', () => {
    const utf16 = score.replace('encoding="UTF-8"', 'encoding="UTF-16"');
    const bytes = new Uint8Array(2 + utf16.length * 2);
    bytes.set([0xff, 0xfe]);
    for (let i = 0; i < utf16.length; i++) new DataView(bytes.buffer).setUint16(2 + i * 2, utf16.charCodeAt(i), true);
    const doc = readHar(zipOf({ ...validEntries(), 'score.musicxml': bytes }));
    expect(doc.score).toContain('encoding="UTF-8"');
    expect(doc.score).toContain('<score-partwise');
  });

  it('reads and writes the opening key of an exercise and its student copy; a key without one stays valid (decision 031)', () => {
    const keyed: HarDocument = { ...exercise, key: { key: 'f#', items: key.items } };
    expect(readHar(writeHar(keyed))).toEqual(keyed);
    expect(studentCopy(keyed).items?.key).toBe('f#');
    expect(readHar(writeHar(studentCopy(keyed))).items?.key).toBe('f#');
    expect(studentCopy(exercise).items).not.toHaveProperty('key');
    expect(readHar(writeHar(exercise)).key).not.toHaveProperty('key');
    const long = 'f#: viio6/5/V = E: vii/o4/3/iv[add9]';
    expect(long.length).toBeGreaterThan(32);
    const withPivot: HarDocument = {
      ...exercise,
      key: { key: 'A', items: [{ id: 'm1b1', measure: 1, beat: 1, points: 1, answers: [long] }] },
    };
    expect(readHar(writeHar(withPivot)).key?.items[0]?.answers).toEqual([long]);
    expect(refusal(zipOf({ ...validEntries(), 'key.json': JSON.stringify({ ...key, key: 'H' }) }))).toBe(
      'key.json: key must be a key such as "A", "f#" or "Bb".',
    );
    expect(refusal(zipOf({ ...validEntries(), 'key.json': JSON.stringify({ ...key, key: 5 }) }))).toBe('key.json: key must be text.');
  });

  it('refuses to write an invalid document', () => {
    expect(() => writeHar({ ...exercise, manifest: { ...exercise.manifest, title: ' ' } })).toThrow('manifest.json: title is empty.');
    expect(() => writeHar({ ...exercise, score: '<score-partwise>' })).toThrow(HarError);
    expect(() => writeHar({ ...submission, answers: undefined })).toThrow('answers.json is missing');
  });
});

describe('readHar refuses broken files with a message naming the problem', () => {
  it('a file that is not a ZIP archive', () => {
    expect(refusal(strToU8('<html><body/></html>'))).toBe('The file is not a .har archive (not a ZIP file).');
    expect(refusal(new Uint8Array(0))).toBe('The file is not a .har archive (not a ZIP file).');
    expect(refusal(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(40).fill(0)]))).toBe(
      'The file is not a .har archive (not a ZIP file).',
    );
    // A ZIP cut short loses its table of contents.
    const whole = writeHar(exercise);
    expect(refusal(whole.subarray(0, whole.length - 30))).toBe('The file is not a .har archive (not a ZIP file).');
  });

  it('a MusicXML score (plain, UTF-16 or .mxl) is named as one, with where it goes (QA Q10)', () => {
    const scoreNotHar = 'This is a MusicXML score, not a .har exercise: to make an exercise from a score, use Create Exercise.';
    expect(refusal(strToU8('<?xml version="1.0"?>\n<score-partwise version="4.0"/>'))).toBe(scoreNotHar);
    expect(refusal(strToU8('<?xml version="1.0"?><!DOCTYPE score-timewise PUBLIC "x" "y"><score-timewise/>'))).toBe(scoreNotHar);
    const utf16 = new Uint8Array([0xff, 0xfe, ...Array.from('<score-partwise/>').flatMap((c) => [c.charCodeAt(0), 0])]);
    expect(refusal(utf16)).toBe(scoreNotHar);
    const mxl = zipSync({ 'META-INF/container.xml': strToU8('<container/>'), 'bwv.xml': strToU8('<score-partwise/>') });
    expect(refusal(mxl)).toBe(scoreNotHar);
    // A ZIP that is neither keeps its own reason.
    expect(refusal(zipSync({ 'a.txt': strToU8('x') }))).toBe('manifest.json is missing.');
  });

  it('an archive larger than 20 MB, before unpacking anything', () => {
    const big = new Uint8Array(20 * MB + 1);
    big.set([0x50, 0x4b, 0x03, 0x04]);
    const error = (() => {
      try {
        readHar(big);
      } catch (e) {
        return e as HarError;
      }
    })();
    expect(error?.message).toBe('The archive is larger than 20 MB.');
    expect(error?.code).toBe('too_large');
  });

  it('a zip bomb: a highly compressible 60 MB entry', () => {
    expect(bomb().length).toBeLessThan(MB);
    expect(refusal(bomb())).toBe('The archive unpacks to more than 50 MB.');
  });

  it('a zip bomb that lies about its size is stopped while inflating', () => {
    const liar = lieAboutSize(bomb(), 'filler.bin', 1000);
    const started = performance.now();
    expect(() => unzipWithLimits(liar)).toThrow('The archive unpacks to more than 50 MB.');
    expect(performance.now() - started).toBeLessThan(5000);
    // readHar does not even inflate an entry the format does not define (issue 26).
    expect(readHar(liar).manifest.title).toBe('Round & Trip <1>');
  });

  it('a score that lies about its size stops inflating at the score limit (issue 26)', () => {
    const entries = { ...validEntries(), 'score.musicxml': new Uint8Array(60 * MB).fill(0x20) };
    const liar = lieAboutSize(zipOf(entries), 'score.musicxml', 1000);
    const started = performance.now();
    expect(refusal(liar)).toBe('score.musicxml is larger than 5 MB, the largest score an exercise may have.');
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('entries that add up to more than 50 MB', () => {
    const zeros = new Uint8Array(26 * MB);
    const parts = zipOf({ ...validEntries(), 'a.bin': zeros, 'b.bin': zeros });
    expect(refusal(parts)).toBe('The archive unpacks to more than 50 MB.');
  });

  it('an entry whose data does not match its checksum', () => {
    const bytes = zipOf({ ...validEntries(), 'manifest.json': new Uint8Array(200).fill(65) });
    const damaged = bytes.slice();
    // The stored data of the first entry starts after its 30-byte header and name.
    const start = 30 + 'manifest.json'.length;
    damaged[start + 2] = (damaged[start + 2] as number) ^ 0xff;
    expect(refusal(damaged)).toMatch(/^The archive is damaged: manifest\.json cannot be unpacked\.$/);
  });

  it.each([
    ['../x', 'The archive contains an unsafe path: ../x.'],
    ['a/../../etc/passwd', 'The archive contains an unsafe path: a/../../etc/passwd.'],
    ['/etc/passwd', 'The archive contains an unsafe path: /etc/passwd.'],
    ['..\\x', 'The archive contains an unsafe path: ..\\x.'],
    ['C:/Windows/x', 'The archive contains an unsafe path: C:/Windows/x.'],
  ])('a path traversal entry %s', (name, message) => {
    expect(refusal(zipOf({ ...validEntries(), [name]: 'x' }))).toBe(message);
  });

  it('more than 32 entries', () => {
    const entries = validEntries();
    for (let i = 0; i < 30; i++) entries[`extra-${i}.txt`] = 'x';
    expect(refusal(zipOf(entries))).toBe('The archive has more than 32 entries.');
  });

  it('an entry that appears twice', () => {
    const chunks: Uint8Array[] = [];
    const zip = new Zip((error, chunk) => {
      if (error) throw error;
      chunks.push(chunk);
    });
    for (const [name, data] of [
      ['manifest.json', manifestJson],
      ['score.musicxml', score],
      ['manifest.json', manifestJson],
    ] as const) {
      const entry = new ZipPassThrough(name);
      zip.add(entry);
      entry.push(strToU8(data), true);
    }
    zip.end();
    const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.length;
    }
    expect(refusal(bytes)).toBe('The archive contains manifest.json more than once.');
  });

  it('missing entries', () => {
    expect(refusal(zipOf({ 'score.musicxml': score }))).toBe('manifest.json is missing.');
    expect(refusal(zipOf({ 'manifest.json': manifestJson }))).toBe('score.musicxml is missing.');
    expect(refusal(zipOf({ 'manifest.json': JSON.stringify(submission.manifest), 'score.musicxml': score }))).toBe(
      'A submission must contain answers.json, and answers.json is missing.',
    );
    expect(refusal(zipOf({}))).toBe('manifest.json is missing.');
  });

  it('JSON that does not parse', () => {
    expect(refusal(zipOf({ ...validEntries(), 'manifest.json': '{"format": "har",' }))).toBe('manifest.json is not valid JSON.');
    expect(refusal(zipOf({ ...validEntries(), 'key.json': 'items: []' }))).toBe('key.json is not valid JSON.');
    expect(refusal(zipOf({ ...validEntries(), 'manifest.json': new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]) }))).toBe(
      'manifest.json is not valid JSON.',
    );
  });

  it.each([
    [{ format: 'zip' }, 'manifest.json: format must be "har".'],
    [{ version: 2 }, 'manifest.json: version must be 1.'],
    [{ kind: 'quiz' }, 'manifest.json: kind must be "exercise" or "submission".'],
    [{ title: undefined }, 'manifest.json: title is missing.'],
    [{ title: 42 }, 'manifest.json: title must be text.'],
    [{ title: '   ' }, 'manifest.json: title is empty.'],
    [{ title: 'x'.repeat(201) }, 'manifest.json: title is longer than 200 characters.'],
    [{ exercise_type: 'counterpoint' }, 'manifest.json: exercise_type must be "roman-numeral-analysis".'],
  ])('a manifest with %o', (change, message) => {
    const manifest = JSON.stringify({ ...exercise.manifest, ...change });
    expect(refusal(zipOf({ ...validEntries(), 'manifest.json': manifest }))).toBe(message);
  });

  it('a manifest that is not an object', () => {
    expect(refusal(zipOf({ ...validEntries(), 'manifest.json': '[1, 2]' }))).toBe('manifest.json must hold a JSON object.');
  });

  it.each([
    [{ items: 'all' }, 'key.json: items must be a list.'],
    [{ items: [5] }, 'key.json: item 1 is not an object.'],
    [
      {
        items: [
          { id: 'a', measure: 1, beat: 1, answers: ['I'], points: 1 },
          { id: 'b', measure: 1, beat: 2, answers: ['V'], points: 1 },
          { id: 'c', measure: 1, beat: 3, answers: [], points: 1 },
        ],
      },
      'key.json: item 3 has no answers.',
    ],
    [{ items: [{ id: 'a', measure: 1, beat: 1, points: 1 }] }, 'key.json: item 1 has no answers.'],
    [
      { items: [{ id: 'a', measure: 1.5, beat: 1, answers: ['I'], points: 1 }] },
      'key.json: item 1 has a measure that is not a whole number.',
    ],
    [{ items: [{ id: 'a', measure: 1, beat: 0, answers: ['I'], points: 1 }] }, 'key.json: item 1 has a beat before 1.'],
    [{ items: [{ id: 'a', measure: 1, beat: 1, answers: ['I'], points: -1 }] }, 'key.json: item 1 has negative points.'],
    [
      { items: [{ id: 'a b', measure: 1, beat: 1, answers: ['I'], points: 1 }] },
      'key.json: item 1 has an id that is not 1 to 64 letters, digits, dots, colons, dashes or underscores.',
    ],
    [
      {
        items: [
          { id: 'a', measure: 1, beat: 1, answers: ['I'], points: 1 },
          { id: 'a', measure: 1, beat: 2, answers: ['V'], points: 1 },
        ],
      },
      'key.json: item 2 repeats the id "a".',
    ],
  ])('a key %j', (badKey, message) => {
    expect(refusal(zipOf({ ...validEntries(), 'key.json': JSON.stringify(badKey) }))).toBe(message);
  });

  it('answers with a bad item', () => {
    const entries = { 'manifest.json': JSON.stringify(submission.manifest), 'score.musicxml': score };
    expect(refusal(zipOf({ ...entries, 'answers.json': JSON.stringify({ items: [{ id: 'm1b1' }] }) }))).toBe(
      'answers.json: item 1 has no answer text.',
    );
    expect(refusal(zipOf({ ...entries, 'answers.json': JSON.stringify({ items: [{ id: 'm1b1', answer: 'x'.repeat(65) }] }) }))).toBe(
      'answers.json: item 1 has an answer longer than 64 characters.',
    );
  });

  it.each([
    [
      '<score-partwise version="4.0"><part-list></part-list><part id="P1"><measure number="1"></part></score-partwise>',
      /^score\.musicxml is not well-formed XML \(line 1: .+\)\.$/,
    ],
    ['not xml at all', /^score\.musicxml is not well-formed XML \(line 1: .+\)\.$/],
    [
      '<?xml version="1.0"?>\n<score-timewise><measure number="1"><part id="P1"/></measure></score-timewise>',
      /^score\.musicxml is not a MusicXML score-partwise document \(its root element is <score-timewise>\)\.$/,
    ],
    ['<score-partwise version="4.0"><part-list/></score-partwise>', /^score\.musicxml has no part with a measure\.$/],
    [
      '<!DOCTYPE x [<!ENTITY a "aaaa">]><score-partwise><part id="P1"><measure>&a;</measure></part></score-partwise>',
      /^score\.musicxml declares its own XML entities, which are not allowed\.$/,
    ],
  ])('malformed MusicXML %#', (badScore, message) => {
    expect(refusal(zipOf({ ...validEntries(), 'score.musicxml': badScore }))).toMatch(message);
  });

  it('a score that is not text', () => {
    expect(refusal(zipOf({ ...validEntries(), 'score.musicxml': new Uint8Array([0x3c, 0xc3, 0x28, 0x3e]) }))).toBe(
      'score.musicxml is not UTF-8 or UTF-16 text.',
    );
  });
});
