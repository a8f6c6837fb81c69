import { HarMessages, harMessage } from '@app/contract/har-messages';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readHar } from './format.ts';
import { HarError } from './har-error.ts';
import { importMusicXml } from './musicxml-import.ts';
import { importPartWriting } from './part-writing/import.ts';
import { unzipWithLimits } from './safe-unzip.ts';
import { assertScoreLimits } from './score-limits.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

function refusal(run: () => unknown): HarError {
  try {
    run();
  } catch (error) {
    if (error instanceof HarError) return error;
    throw error;
  }
  throw new Error('not refused');
}

/** The refusal's code and values, and that its English is the template's with them (what the web app renders). */
function coded(run: () => unknown) {
  const error = refusal(run);
  expect(error.ref, error.message).toBeDefined();
  expect(error.message).toBe(harMessage(error.ref as never));
  return { ref: error.ref, message: error.message, code: error.code };
}

const PARTWISE = (measures: string) =>
  `<?xml version="1.0"?><score-partwise version="4.0"><part-list><score-part id="P1"><part-name>Bass</part-name></score-part></part-list><part id="P1">${measures}</part></score-partwise>`;

// QA Q4: every refusal an upload meets names its sentence by code, with its values, so the
// server can send the code and the web app translate it.
describe('HarError codes and values', () => {
  it('an empty file, a file over 20 MB', () => {
    expect(coded(() => importMusicXml(new Uint8Array(0)))).toEqual({
      ref: { code: 'har.fileEmpty' },
      message: 'The file is empty.',
      code: 'invalid_content',
    });
    expect(coded(() => importMusicXml(new Uint8Array(21 * 1024 * 1024)))).toMatchObject({
      ref: { code: 'har.fileTooLarge', params: { mb: 20 } },
      message: 'The file is larger than 20 MB.',
      code: 'too_large',
    });
  });

  it('a file that is not MusicXML: its root element, not text, no root', () => {
    expect(coded(() => importMusicXml(bytes('<!DOCTYPE html><html><body/></html>')))).toMatchObject({
      ref: { code: 'har.notMusicXmlRoot', params: { root: 'html' } },
      message: 'The file is not a MusicXML score: its root element is <html>, not <score-partwise> or <score-timewise>.',
    });
    expect(coded(() => importMusicXml(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0, 1, 2])))).toMatchObject({ ref: { code: 'har.notText' } });
    // Words, not XML: the parser's line as a value of a nested reason.
    expect(coded(() => importMusicXml(bytes('just words'))).ref).toMatchObject({
      code: 'har.fileNotWellFormed',
      params: { reason: { code: 'har.xmlAtLine', params: { line: 1 } } },
    });
  });

  it('a file cut short: the subject and the open element as nested codes', () => {
    const whole = PARTWISE('<measure number="1"><note><rest/><duration>4</duration></note></measure>');
    const cut = whole.slice(0, whole.indexOf('<duration>'));
    expect(coded(() => importMusicXml(bytes(cut)))).toMatchObject({
      ref: {
        code: 'har.notWellFormed',
        params: { name: { code: 'har.theScore' }, reason: { code: 'har.xmlCutShort', params: { element: 'note' } } },
      },
      message: 'The score is not well-formed XML (it ends inside <note>, which is never closed: the file may be cut short).',
    });
  });

  it('score limits name the score by code and the limit as a value', () => {
    const deep = `<score-partwise>${'<a>'.repeat(300)}${'</a>'.repeat(300)}</score-partwise>`;
    expect(coded(() => assertScoreLimits(deep, 'The score'))).toMatchObject({
      ref: { code: 'har.tooDeep', params: { name: { code: 'har.theScore' } } },
    });
    // A file name is a value as it is.
    expect(coded(() => assertScoreLimits(deep, 'score.musicxml')).ref).toMatchObject({ params: { name: 'score.musicxml' } });
  });

  it('archives: not a ZIP, over the size limit; an .mxl without its score, or unreadable with the reason nested', () => {
    expect(coded(() => readHar(bytes('not a zip')))).toMatchObject({ ref: { code: 'har.notZip' }, code: 'invalid_archive' });
    expect(
      coded(() => unzipWithLimits(zipSync({ 'a.txt': bytes('x') }), { maxArchiveBytes: 10, maxUnpackedBytes: 10, maxEntries: 4 })),
    ).toMatchObject({
      ref: { code: 'har.archiveTooLarge', params: { size: '0 MB' } },
      code: 'too_large',
    });
    const mxl = zipSync({ 'a.txt': bytes('x') });
    expect(coded(() => importMusicXml(mxl))).toMatchObject({ ref: { code: 'har.mxlNoScore' } });
    const notAZip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
    expect(coded(() => importMusicXml(notAZip))).toMatchObject({
      ref: { code: 'har.mxlUnreadable', params: { reason: { code: 'har.notZip' } } },
      message: 'The .mxl archive cannot be read. The file is not a .har archive (not a ZIP file).',
    });
  });

  it('a part-writing upload: the measure number as a value', () => {
    // A triplet eighth (a third of a quarter): a length no note value writes (a rest in the given voice is read since issue 35).
    const triplet = PARTWISE(
      '<measure number="3"><attributes><divisions>3</divisions><time><beats>4</beats><beat-type>4</beat-type></time></attributes><note><pitch><step>C</step><octave>3</octave></pitch><duration>1</duration></note><note><rest/><duration>11</duration></note></measure>',
    );
    expect(coded(() => importPartWriting(triplet)).ref).toEqual({ code: 'har.pwNoteLength', params: { measure: '3', beats: 0.3333 } });
  });

  it('every template names its values as {{name}} and renders them, nested sentences too', () => {
    for (const [key, template] of Object.entries(HarMessages)) {
      const names = [...template.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] as string);
      const params = Object.fromEntries(names.map((name) => [name, name === 'name' ? { code: 'har.theScore' } : `<${name}>`]));
      const english = harMessage({ code: `har.${key}`, params });
      expect(english, key).not.toContain('{{');
      if (names.includes('name')) expect(english, key).toContain('The score');
    }
    expect(() => harMessage({ code: 'har.nothing' })).toThrow();
    expect(() => harMessage({ code: 'har.fileTooLarge' })).toThrow();
  });
});
