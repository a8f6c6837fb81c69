import type { MessageParams, MessageRef } from './errors.ts';

/*
 * The sentences @app/har refuses a score or a document with (HarError), each with a code
 * (`har.<key>`, qa-findings Q4) so the web app shows them in the reader's language. A value goes in
 * as `{{name}}`: a number, an element or file name, or another of these sentences (a nested
 * MessageRef: the subject 'The score', the reason inside brackets). `harMessage` writes the English
 * the server sends from the same template the web app's en.json holds word for word
 * (message-codes.ts lists them; the web app's message-codes test checks all four languages).
 */

/** A coded sentence: the envelope's MessageRef. */
export type HarRef = MessageRef;
/** A value of a coded sentence: text or a number as it is, or another coded sentence. */
export type HarParam = MessageParams[string];

export const HarMessages = {
  // Subjects that start a sentence ('{{name}} has no part with a measure.'); a file name is sent as it is.
  theFile: 'The file',
  theScore: 'The score',
  theMxlScore: 'The score in the .mxl archive',
  theConvertedScore: 'The converted score',
  /** A server answer naming the uploaded file before the reason. */
  inFile: '{{file}}: {{reason}}',

  // An uploaded MusicXML or .mxl file (musicxml-import.ts).
  fileEmpty: 'The file is empty.',
  fileTooLarge: 'The file is larger than {{mb}} MB.',
  notMusicXmlRoot: 'The file is not a MusicXML score: its root element is <{{root}}>, not <score-partwise> or <score-timewise>.',
  notText: 'The file is not MusicXML: it is not text.',
  notUnicodeFile: 'The file is not MusicXML: it is not UTF-8 or UTF-16 text.',
  fileNotWellFormed: 'The file is not MusicXML: it is not well-formed XML ({{reason}}).',
  noRootElement: 'The file is not MusicXML: it has no root element.',
  mxlUnreadable: 'The .mxl archive cannot be read. {{reason}}',
  mxlNoScore: 'The .mxl archive does not contain the MusicXML score its table of contents names.',
  partwiseHoldsParts:
    'The score says it is score-partwise but its measures contain parts, as in score-timewise: export it again as MusicXML.',
  timewiseEmpty: 'The score is score-timewise but has no measure with a part: there is no music to convert.',

  // A score's XML (musicxml-check.ts, score-limits.ts, format.ts).
  ownEntities: '{{name}} declares its own XML entities, which are not allowed.',
  notWellFormed: '{{name}} is not well-formed XML ({{reason}}).',
  xmlCutShort: 'it ends inside <{{element}}>, which is never closed: the file may be cut short',
  xmlAtLine: 'line {{line}}: {{detail}}',
  notPartwise: '{{name}} is not a MusicXML score-partwise document (its root element is <{{root}}>).',
  noPartWithMeasure: '{{name}} has no part with a measure.',
  notUnicode: '{{name}} is not UTF-8 or UTF-16 text.',
  scoreTooLarge: '{{name}} is larger than {{mb}} MB, the largest score an exercise may have.',
  tooManyNotes: '{{name}} has more than {{max}} notes, more than an exercise may have.',
  tooManyMeasures: '{{name}} has more than {{max}} measures, more than an exercise may have.',
  tooDeep: '{{name}} nests elements more than {{max}} deep, which no MusicXML score does.',
  tooManyElements: '{{name}} has more than {{max}} elements, more than an exercise may have.',
  tooManyMarks: '{{name}} has more than {{max}} directions, chord symbols, figures, slurs and other marks, more than an exercise may have.',
  tooManyMarksForLength:
    '{{name}} has {{marks}} directions, chord symbols, figures, slurs and other marks in {{measures}} measures; the workspace shows a score on one line, and at this length it may have at most {{max}}.',
  scoreUnreadable: 'The score could not be read: {{reason}}.',
  previewTooManyNotes: 'The score could not be read: its first {{measures}} measures have more than {{max}} notes.',
  // The server's CPU pool stopped the work on a score (packages/server lib/cpu-pool.ts).
  workTooLong: 'The score could not be read: the work took longer than {{time}} and was stopped.',
  workTooLarge: 'The score could not be read: the work needed more than {{mb}} MB and was stopped.',
  workCrashed: 'The score could not be read: the work stopped unexpectedly ({{detail}}).',
  workStopped: 'The work was stopped.',

  // A ZIP archive: a .har or an .mxl (safe-unzip.ts).
  archiveTooLarge: 'The archive is larger than {{size}}.',
  archiveUnpacksTooLarge: 'The archive unpacks to more than {{size}}.',
  archiveDuplicate: 'The archive contains {{name}} more than once.',
  notZip: 'The file is not a .har archive (not a ZIP file).',
  /** A MusicXML or .mxl score sent where a .har exercise belongs (Upload .har Files; QA Q10). */
  scoreNotHar: 'This is a MusicXML score, not a .har exercise: to make an exercise from a score, use Create Exercise.',
  zip64: 'The archive uses ZIP64, which .har files do not support.',
  tooManyEntries: 'The archive has more than {{max}} entries.',
  unsafePath: 'The archive contains an unsafe path: {{name}}.',
  encrypted: 'The archive is encrypted ({{name}}).',
  compression: 'The archive stores {{name}} with a compression method .har files do not support.',
  damagedEntry: 'The archive is damaged: {{name}} cannot be unpacked.',
  damagedDirectory: 'The archive is damaged: its table of contents cannot be read.',
  entryTooLarge: 'An entry of the file is larger than {{size}}.',

  // A .har document's entries (format.ts, part-writing/document.ts, part-writing/hand-in.ts).
  entryMissing: '{{name}} is missing.',
  submissionEntryMissing: 'A submission must contain {{name}}, and {{name}} is missing.',
  namedEntryTooLarge: '{{name}} is larger than {{size}}.',
  entryNotJson: '{{name}} is not valid JSON.',
  entryNotObject: '{{name}} must hold a JSON object.',
  entryInvalid: '{{name}} is not valid.',
  /** An entry refused by one of the contract's own sentences (itself coded, message-codes.ts). */
  entryIssue: '{{name}}: {{reason}}',
  onlyExerciseCopy: 'Only an exercise has a student copy.',
  noAnswerKey: 'This exercise has no answer key, so it cannot be graded.',
  /** Upload .har Files (QA2-1): an exercise without key.json, e.g. a student copy, could be opened but never handed in. */
  uploadNoAnswerKey:
    'This exercise has no answer key (it may be a student copy), so students could never hand it in: upload the .har with its answers, or make the exercise with Create Exercise.',
  answerUnreadable: 'The answer of chord {{chord}} cannot be read.',

  // A part-writing upload: the given voices (part-writing/import.ts, part-writing/score.ts).
  pwGivenRests: 'Measure {{measure}}: the given voice rests; part writing is note against note.',
  pwNoNotes: 'The score has no notes to give.',
  pwSameVoice: 'Two parts are the same voice; name the parts Soprano, Alto, Tenor and Bass.',
  pwNoteLength:
    'Measure {{measure}}: a note of {{beats}} beats, a length part writing cannot write (a triplet); lengths are whole, half, quarter, eighth, sixteenth and shorter notes, dotted or tied.',
  pwNotTogether: 'Measure {{measure}}: the given voices do not move together; part writing is note against note.',
  pwWholeScore:
    'The score has {{count}} voices that do not move note against note. Upload only the given voice (a bass with its figures, or a voice with Roman numerals), or soprano and bass moving together, as its own score.',
  pwNoteCounts: 'The given voices do not have the same number of notes.',
  // A whole score whose given voices the instructor chooses (part-writing/chorale-import.ts, QA Q5).
  pwVoicesUnclear:
    'The score has {{count}} voices, and its parts do not say which is the soprano, alto, tenor and bass: choose which line of the score each voice is, then the given voices.',
  pwChooseSung:
    'The score has {{count}} sung parts ({{parts}}): choose which four are the soprano, alto, tenor and bass (the others are left out), then the given voices.',
  pwPartsChoice:
    'Choose a different line of the score (it has {{count}}) for each of the soprano, alto, tenor and bass, or for the soprano and bass.',
  pwGivenChoice: "Choose one or more of the score's voices ({{voices}}) to give, and leave at least one for the students to write.",
  pwKeySignature: 'The key signature has more than seven sharps or flats.',
  pwKeyMidChord: 'Measure {{measure}}: the key changes in the middle of a chord; change the key where a chord begins.',
  pwKeyNoNumeral: 'Measure {{measure}}: the key changes at a chord without a numeral; give it a numeral that names the key ({{key}}: V).',
  // Reading a score for analysis (analysis/score-reading.ts, analyze-score.ts): coded by their text (message-codes.ts).
  analysisNoParts: 'The score has no parts.',
  analysisPartNoMeasures: 'Part {{part}} of the score has no measures.',
  analysisTooManyNotes: 'The score has more than {{max}} notes.',
  analysisNoNotes: 'The score has no notes: there is nothing to analyse.',
  pwCrossesBarline: 'Chord {{chord}} crosses the barline; in {{meter}} a chord must end by the end of its measure.',
} as const;

export type HarMessageKey = keyof typeof HarMessages;

/** The codes that are part of a sentence, not a whole one: a subject, or a reason inside another sentence. */
export const HAR_FRAGMENTS: ReadonlySet<string> = new Set(
  (
    [
      'theFile',
      'theScore',
      'theMxlScore',
      'theConvertedScore',
      'inFile',
      'xmlCutShort',
      'xmlAtLine',
      'mxlUnreadable',
      'entryIssue',
    ] as const
  ).map((key) => `har.${key}`),
);

/** A coded sentence of @app/har: `har('fileEmpty')`, `har('tooManyNotes', { name: har('theScore'), max: '20,000' })`. */
export function har(key: HarMessageKey, params?: Record<string, HarParam>): HarRef {
  return params ? { code: `har.${key}`, params } : { code: `har.${key}` };
}

/** The English of a coded sentence, its values (nested sentences too) in place of their `{{name}}`. */
export function harMessage(ref: HarRef): string {
  const key = ref.code.replace(/^har\./, '') as HarMessageKey;
  const template: string | undefined = HarMessages[key];
  if (template === undefined) throw new Error(`har-messages: no sentence ${ref.code}`);
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = ref.params?.[name];
    if (value === undefined) throw new Error(`har-messages: ${ref.code} needs ${name}`);
    return typeof value === 'object' ? harMessage(value) : String(value);
  });
}

const SUBJECTS = new Map<string, HarMessageKey>([
  [HarMessages.theFile, 'theFile'],
  [HarMessages.theScore, 'theScore'],
  [HarMessages.theMxlScore, 'theMxlScore'],
  [HarMessages.theConvertedScore, 'theConvertedScore'],
]);

/** What starts a sentence about a file: one of the subjects above as its code, a file name ('score.musicxml') as it is. */
export function harSubject(name: string): HarParam {
  const key = SUBJECTS.get(name);
  return key ? har(key) : name;
}
