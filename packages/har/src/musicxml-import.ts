import { har } from '@app/contract/har-messages';
import { XMLValidator } from 'fast-xml-parser';
import { decodeXmlText } from './format.ts';
import { HarError } from './har-error.ts';
import { assertMusicXml, xmlErrorReason } from './musicxml-check.ts';
import { buildXmlTree, children, parseXmlTree, type XmlNode } from './musicxml-tree.ts';
import { HAR_LIMITS, unzipWithLimits, type ZipLimits, zipEntryNames } from './safe-unzip.ts';
import { assertScoreLimits, assertScoreSize, SCORE_LIMITS, scoreTooLarge } from './score-limits.ts';

/**
 * A score as notation programs export it (MuseScore, Finale, Sibelius, Dorico:
 * `.musicxml`/`.xml` text or compressed `.mxl`), turned into the one form a `.har`
 * holds: MusicXML `score-partwise` text in UTF-8 whose measures are numbered so that
 * an item's measure finds one measure. Every refusal is a HarError whose message
 * names what is wrong, for the person who sent the file.
 */

export type ImportedScore = {
  musicxml: string;
  /** What was changed on the way in, so the author can be told. */
  converted: { fromTimewise: boolean; renumbered: boolean; fromMxl: boolean };
};

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const PROLOG = /^\uFEFF?\s*(?:(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^[>]*>)\s*)*<([A-Za-z_][\w.:-]*)/;
const MUSICXML_MEDIA_TYPE = 'application/vnd.recordare.musicxml+xml';

/** Reads an uploaded score whatever its name claimed: a ZIP is taken for `.mxl`, anything else for MusicXML text. */
export function importMusicXml(bytes: Uint8Array): ImportedScore {
  if (bytes.length === 0) throw new HarError(har('fileEmpty'));
  if (bytes.length > HAR_LIMITS.maxArchiveBytes) throw new HarError(har('fileTooLarge', { mb: 20 }), 'too_large');
  const fromMxl = ZIP_MAGIC.every((byte, i) => bytes[i] === byte);
  // The product's limits before any parser reads the text (an .mxl stops unpacking at the size limit).
  if (!fromMxl) assertScoreSize(bytes.length, 'The score');
  const text = fromMxl ? decodeXmlText(rootFileOfMxl(bytes), 'The score in the .mxl archive') : decodeUpload(bytes);
  assertScoreLimits(text, 'The score');
  if (/<!DOCTYPE[^>]*\[/.test(text.slice(0, 4096)) || /<!ENTITY/i.test(text)) {
    throw new HarError(har('ownEntities', { name: har('theScore') }));
  }
  const root = rootElement(text);
  if (root === 'score-timewise') {
    const partwise = timewiseToPartwise(text);
    return { musicxml: partwise, converted: { fromTimewise: true, renumbered: false, fromMxl } };
  }
  if (root !== 'score-partwise') {
    throw new HarError(har('notMusicXmlRoot', { root }));
  }
  assertMusicXml(text, 'The score');
  assertPartwiseNesting(text);
  // Measure numbers stay as the score has them ('7a' included): items number measures in order
  // where the score's numbers are not plain increasing numbers (analysis/score-reading measureNumbers).
  return { musicxml: text, converted: { fromTimewise: false, renumbered: false, fromMxl } };
}

function decodeUpload(bytes: Uint8Array): string {
  // A binary file (a PDF, a MuseScore .mscz that is not a ZIP, an image) is not text at all.
  const head = bytes.subarray(0, 512);
  const utf16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
  if (!utf16 && head.includes(0)) throw new HarError(har('notText'));
  try {
    return decodeXmlText(bytes, 'The file');
  } catch (error) {
    if (error instanceof HarError) throw new HarError(har('notUnicodeFile'));
    throw error;
  }
}

function rootElement(text: string): string {
  const root = PROLOG.exec(text)?.[1];
  if (root) return root;
  const result = XMLValidator.validate(text.slice(0, 200_000));
  if (result !== true) {
    throw new HarError(har('fileNotWellFormed', { reason: xmlErrorReason(result.err) }));
  }
  throw new HarError(har('noRootElement'));
}

/** The score an .mxl archive names in META-INF/container.xml (or, without one, its only MusicXML file). */
function rootFileOfMxl(bytes: Uint8Array): Uint8Array {
  // Unpacked one entry at a time, each stopping at the score size limit: the table of contents,
  // then only the score it names. Nothing else in the archive is inflated.
  const unpack = (wanted: (name: string) => boolean): Map<string, Uint8Array> => {
    try {
      return unzipWithLimits(bytes, mxlLimits(wanted));
    } catch (error) {
      if (error instanceof HarError && error.code !== 'too_large') {
        throw mxlUnreadable(error);
      }
      throw error;
    }
  };
  let names: string[];
  try {
    names = zipEntryNames(bytes, HAR_LIMITS);
  } catch (error) {
    if (error instanceof HarError && error.code !== 'too_large') {
      throw mxlUnreadable(error);
    }
    throw error;
  }
  const container = names.includes('META-INF/container.xml')
    ? unpack((name) => name === 'META-INF/container.xml').get('META-INF/container.xml')
    : undefined;
  let path: string | undefined;
  if (container) {
    const xml = new TextDecoder().decode(container);
    const rootfiles = [...xml.matchAll(/<rootfile\b([^>]*)>/g)].map((m) => m[1] ?? '');
    const attribute = (attrs: string, name: string) => new RegExp(`${name}\\s*=\\s*"([^"]*)"`).exec(attrs)?.[1];
    const chosen =
      rootfiles.find((attrs) => (attribute(attrs, 'media-type') ?? MUSICXML_MEDIA_TYPE) === MUSICXML_MEDIA_TYPE) ?? rootfiles[0];
    path = chosen === undefined ? undefined : attribute(chosen, 'full-path');
  } else {
    const scores = names.filter((name) => !name.startsWith('META-INF/') && /\.(musicxml|xml)$/i.test(name));
    if (scores.length === 1) path = scores[0];
  }
  const score = path === undefined || !names.includes(path) ? undefined : unpack((name) => name === path).get(path);
  if (!score) throw new HarError(har('mxlNoScore'));
  return score;
}

/** An .mxl the archive reader refused: said as the .mxl's, the reader's sentence after it. */
function mxlUnreadable(error: HarError): HarError {
  return new HarError(har('mxlUnreadable', { reason: error.ref ?? error.message }));
}

/** The archive limits for an .mxl: every entry stops unpacking at the score size limit. */
function mxlLimits(wanted: (name: string) => boolean): ZipLimits {
  return {
    ...HAR_LIMITS,
    wanted,
    maxEntryBytes: () => ({ bytes: SCORE_LIMITS.maxBytes, refusal: () => scoreTooLarge('The score in the .mxl archive') }),
  };
}

/** A score-partwise file whose measures hold parts (timewise nesting under a partwise name) is refused by name. */
function assertPartwiseNesting(text: string): void {
  if (/<measure(?=[\s>])[^>]*>\s*<part(?=[\s>])/.test(text) && !/<part(?=[\s>])[^>]*>\s*<measure(?=[\s>])/.test(text)) {
    throw new HarError(har('partwiseHoldsParts'));
  }
}

/**
 * score-timewise (measures holding parts) as score-partwise (parts holding measures):
 * the same content regrouped, in the part list's order.
 */
function timewiseToPartwise(text: string): string {
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw new HarError(har('notWellFormed', { name: har('theScore'), reason: xmlErrorReason(valid.err) }));
  }
  const tree = parseXmlTree(text);
  const rootIndex = tree.findIndex((node) => 'score-timewise' in node);
  const root = tree[rootIndex] as XmlNode;
  const content = children(root, 'score-timewise');
  const header = content.filter((node) => !('measure' in node) && !('#text' in node));
  const measures = content.filter((node) => 'measure' in node);
  const partIds: string[] = [];
  const byPart = new Map<string, XmlNode[]>();
  for (const measure of measures) {
    for (const part of children(measure, 'measure').filter((node) => 'part' in node)) {
      const id = part[':@']?.['@_id'] ?? '';
      if (!byPart.has(id)) {
        byPart.set(id, []);
        partIds.push(id);
      }
      byPart.get(id)?.push({ measure: children(part, 'part'), ':@': { ...(measure[':@'] ?? {}) } });
    }
  }
  if (measures.length === 0 || partIds.length === 0) {
    throw new HarError(har('timewiseEmpty'));
  }
  const listed = header.find((node) => 'part-list' in node);
  const order = children(listed, 'part-list')
    .filter((node) => 'score-part' in node)
    .map((node) => node[':@']?.['@_id'] ?? '');
  const ids = [...order.filter((id) => byPart.has(id)), ...partIds.filter((id) => !order.includes(id))];
  const partwise: XmlNode = {
    'score-partwise': [...header, ...ids.map((id) => ({ part: byPart.get(id) ?? [], ':@': { '@_id': id } }))],
    ':@': { ...(root[':@'] ?? {}) },
  };
  const declaration = tree.filter((node) => '?xml' in node);
  const out = buildXmlTree([...declaration, partwise]);
  assertMusicXml(out, 'The converted score');
  return out;
}
