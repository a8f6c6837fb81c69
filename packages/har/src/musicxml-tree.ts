import { har } from '@app/contract/har-messages';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { HarError } from './har-error.ts';

/**
 * MusicXML as an ordered tree (fast-xml-parser's preserveOrder form) for the
 * few edits we make before rendering: keeping the first measures of a long
 * score and adding labels. Text and attributes are kept as written.
 */

export type XmlNode = Record<string, unknown> & { ':@'?: Record<string, string> };

const XML_OPTIONS = {
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  commentPropName: '#comment',
  processEntities: true,
} as const;

/** Throws HarError (never a plain Error) for text the parser gives up on, e.g. nesting past its limit. */
export function parseXmlTree(xml: string): XmlNode[] {
  try {
    return new XMLParser(XML_OPTIONS).parse(xml) as XmlNode[];
  } catch (error) {
    if (error instanceof HarError) throw error;
    const reason = (error instanceof Error ? error.message : String(error)).replace(/\.$/, '');
    throw new HarError(har('scoreUnreadable', { reason }), 'unreadable_score');
  }
}

export function buildXmlTree(tree: XmlNode[]): string {
  return new XMLBuilder({ ...XML_OPTIONS, suppressEmptyNode: true }).build(tree) as string;
}

/** The child elements of an element (named `name`), or [] for none. */
export function children(node: XmlNode | undefined, name: string): XmlNode[] {
  const value = node?.[name];
  return Array.isArray(value) ? (value as XmlNode[]) : [];
}

/** The text of the first child element called `name`, trimmed. */
export function textOf(nodes: XmlNode[], name: string): string | undefined {
  const node = nodes.find((n) => name in n);
  const text = children(node, name).find((n) => '#text' in n);
  return text ? String(text['#text']).trim() : undefined;
}

/** The parts of a score-partwise document, in order. */
/** Each part's name as the part list gives it (trimmed), by the part's id. */
export function partNames(tree: XmlNode[]): Map<string, string> {
  const score = children(
    tree.find((node) => 'score-partwise' in node),
    'score-partwise',
  );
  const names = new Map<string, string>();
  for (const item of children(
    score.find((node) => 'part-list' in node),
    'part-list',
  )) {
    if ('score-part' in item) names.set(item[':@']?.['@_id'] ?? '', (textOf(children(item, 'score-part'), 'part-name') ?? '').trim());
  }
  return names;
}

export function partsOf(tree: XmlNode[]): XmlNode[] {
  const score = tree.find((node) => 'score-partwise' in node);
  return children(score, 'score-partwise').filter((node) => 'part' in node);
}

/**
 * The score cut to its first `count` measures in every part. Verovio lays out
 * the whole score even to draw one page (about 10 ms a measure here), so the
 * preview of a long score starts from its beginning only.
 */
export function firstMeasures(musicxml: string, count: number): string {
  let measures = 0;
  const pattern = /<measure[\s>]/g;
  while (pattern.exec(musicxml)) if (++measures > count) break;
  if (measures <= count) return musicxml;
  const tree = parseXmlTree(musicxml);
  for (const part of partsOf(tree)) {
    const content = children(part, 'part');
    let kept = 0;
    const cut = content.findIndex((node) => 'measure' in node && ++kept > count);
    if (cut >= 0) content.splice(cut);
  }
  return buildXmlTree(tree);
}
