import { type HarRef, har, harSubject } from '@app/contract/har-messages';
import { XMLValidator } from 'fast-xml-parser';
import { HarError } from './har-error.ts';
import { assertScoreLimits } from './score-limits.ts';

const PROLOG = /^\uFEFF?\s*(?:(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^[>]*>)\s*)*<([A-Za-z_][\w.:-]*)/;

/**
 * Why fast-xml-parser's validator refused a text, in words for the person who uploaded it. When
 * several elements are still open at the end (a file cut short, the usual case), the validator
 * answers a JSON list of their names at 'line 1': say instead which element the file ends inside.
 */
export function xmlErrorReason(err: { code: string; msg: string; line: number }): HarRef {
  const open = /^Invalid '(\[.*\])' found\.?$/.exec(err.msg)?.[1];
  if (err.code === 'InvalidXml' && open) {
    let names: unknown;
    try {
      names = JSON.parse(open);
    } catch {
      names = undefined;
    }
    const last = Array.isArray(names) ? names.at(-1) : undefined;
    if (typeof last === 'string') return har('xmlCutShort', { element: last });
  }
  return har('xmlAtLine', { line: err.line, detail: err.msg.replace(/\.$/, '') });
}

/**
 * A light check that a text is a MusicXML 'score-partwise' document: well-formed
 * XML, the right root element, at least one part with a measure. Verovio decides
 * the rest when it renders. A score over the product's limits (score-limits.ts:
 * size, notes, measures, nesting) is refused before anything parses it; a DOCTYPE with its own entity definitions is refused
 * so that no parser downstream is asked to expand them.
 */
export function assertMusicXml(score: string, name: string): void {
  // The product's limits first, by a scan that builds nothing: no parser sees a larger score.
  assertScoreLimits(score, name);
  if (/<!DOCTYPE[^>]*\[/.test(score.slice(0, 4096)) || /<!ENTITY/i.test(score)) {
    throw new HarError(har('ownEntities', { name: harSubject(name) }));
  }
  const result = XMLValidator.validate(score, { allowBooleanAttributes: false });
  if (result !== true) throw new HarError(har('notWellFormed', { name: harSubject(name), reason: xmlErrorReason(result.err) }));
  const root = PROLOG.exec(score)?.[1];
  if (root !== 'score-partwise') {
    throw new HarError(har('notPartwise', { name: harSubject(name), root: root ?? 'unknown' }));
  }
  if (!/<part[\s>]/.test(score) || !/<measure[\s>]/.test(score)) {
    throw new HarError(har('noPartWithMeasure', { name: harSubject(name) }));
  }
}
