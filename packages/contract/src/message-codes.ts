import { AnswerKeyMessages } from './answer-keys.ts';
import { AssignmentMessages } from './assignments.ts';
import { CourseMessages } from './courses.ts';
import { DiscussionMessages } from './discussion.ts';
import { DueSoonMessages } from './due-soon.ts';
import { type MessageRef, Messages } from './errors.ts';
import { AUTHORING_MAX_ANSWER_LENGTH, AUTHORING_MAX_ANSWERS, AUTHORING_MAX_ITEMS, AuthoringMessages } from './exercise-authoring.ts';
import { HarMessages } from './har-messages.ts';
import { IntegrationMessages } from './integrations.ts';
import { LtiMessages } from './lti.ts';
import { MediaMessages } from './media.ts';
import { PartWritingMessages } from './part-writing.ts';
import { PeopleMessages } from './people.ts';
import { passwordRules } from './rules.ts';
import { SubmissionMessages } from './submissions.ts';
import { TeacherRequestMessages } from './teacher-requests.ts';
import { WORKSPACE_MAX_ITEMS, WorkspaceMessages } from './workspace.ts';

/*
 * Every message the contract can make the server send has a code (`course.ended`), so the web app
 * translates by code instead of by English text (issue 18). The server looks the code up here and
 * sends it beside the English message in the error envelope (`message_code`, `message_codes`);
 * the English stays word for word as spec §8 gives it. Server-only: the web app reads codes from
 * the envelope and never loads this table.
 */

export type MessageCode = MessageRef;

/** The named message groups, each under its code prefix: `CourseMessages.ended` is `course.ended`. */
const GROUPS = {
  api: Messages,
  answerKey: AnswerKeyMessages,
  assignment: AssignmentMessages,
  course: CourseMessages,
  discussion: DiscussionMessages,
  dueSoon: DueSoonMessages,
  authoring: AuthoringMessages,
  integration: IntegrationMessages,
  lti: LtiMessages,
  media: MediaMessages,
  partWriting: PartWritingMessages,
  people: PeopleMessages,
  submission: SubmissionMessages,
  teacherRequest: TeacherRequestMessages,
  workspace: WorkspaceMessages,
  // Last, so a sentence another group also has keeps that group's code.
  har: HarMessages,
} as const;

/**
 * Messages written inline in the contract's schemas (a field's own `.min(1, '…')`), and the
 * password rules. `schema-messages.test.ts` reads the contract's sources and fails on an inline
 * message missing here.
 */
export const SchemaMessages = {
  dateNotNumber: 'This date must be a number of seconds.',
  titleRequired: 'Title is required.',
  titleTooLong: 'Title must be at most 200 characters.',
  chooseDocument: 'Choose at least one document.',
  cadential64: 'Cadential 6-4 must be I or V.',
  neapolitan6: 'Neapolitan 6 must be N or II.',
  lmsType: 'LMS type must be GOOGLE_CLASSROOM or empty.',
  courseTitleRequired: 'Course title is required.',
  courseTitleTooLong: 'Course title must be at most 200 characters.',
  yearNotNumber: 'Year must be a number.',
  yearTooEarly: 'Year must be 2000 or later.',
  yearTooLate: 'Year must be 2100 or earlier.',
  courseIdInvalid: 'Course id must be a positive integer.',
  threadIdInvalid: 'Thread id must be a positive integer.',
  postIdInvalid: 'Post id must be a positive integer.',
  draftCourseId: 'Give the course id.',
  answerTooLong: `An answer can be at most ${AUTHORING_MAX_ANSWER_LENGTH} characters.`,
  pointsNegative: 'Points cannot be negative.',
  pointsTooMany: 'At most 1000 points a chord.',
  exerciseTitleRequired: 'Give the exercise a title.',
  exerciseTitleTooLong: 'A title can be at most 200 characters.',
  googleCourseRequired: 'Choose a Google Classroom course.',
  addEmail: 'Add at least one e-mail address.',
  inviteTooMany: 'Invite at most 200 people at a time.',
  invitationState: 'State must be ACCEPTED or DECLINED.',
  chooseEnrollmentRequest: 'Choose at least one enrollment request.',
  emailTooLong: 'Email must be at most 254 characters.',
  emailInvalid: 'Please enter a valid email address.',
  tokenRequired: 'Token is required.',
  emailRequired: 'Email is required.',
  passwordRequired: 'Password is required.',
  resetEmailInvalid: 'Requested email address is invalid.',
  timezoneNotNumber: 'Time zone must be a number.',
  itemIdInvalid: 'Item ids are 1 to 64 letters, digits, dots, colons, dashes or underscores.',
  answerNotText: 'An answer must be text.',
  passwordTooLong: 'Password must be at most 128 characters.',
  paymentType: 'Fee paid by must be one of 0, 1, 2 or 3.',
  language: 'Language must be one of en, zh-hans, zh-hant, ko.',
  firstNameRequired: 'First name is required.',
  firstNameTooLong: 'First name must be at most 100 characters.',
  lastNameRequired: 'Last name is required.',
  lastNameTooLong: 'Last name must be at most 100 characters.',
  tooManyAnswersPerChord: `At most ${AUTHORING_MAX_ANSWERS} answers a chord.`,
  tooManyChords: `At most ${AUTHORING_MAX_ITEMS} chords.`,
  // The workspace's answers have the same limit and sentence as the key's (answerTooLong).
  tooManyAnswers: `At most ${WORKSPACE_MAX_ITEMS} answers.`,
  deepLinkOneOrSeveral: 'Choose one exercise or several, not both.',
  ...Object.fromEntries(passwordRules.map((rule) => [`password_${rule.key}`, rule.message])),
} as Record<string, string>;

/** Zod's default messages as `zod-messages.ts` words them, with the numbers they carry. */
const PATTERNS: { code: string; pattern: RegExp; params?: string[] }[] = [
  { code: 'zod.required', pattern: /^This field is required\.$/ },
  { code: 'zod.wrongType', pattern: /^This field must be an? (\w+)\.$/, params: ['expected'] },
  { code: 'zod.numberAtLeast', pattern: /^This number must be at least (-?[\d.e+]+)\.$/, params: ['min'] },
  { code: 'zod.numberGreaterThan', pattern: /^This number must be greater than (-?[\d.e+]+)\.$/, params: ['min'] },
  { code: 'zod.numberAtMost', pattern: /^This number must be at most (-?[\d.e+]+)\.$/, params: ['max'] },
  { code: 'zod.numberLessThan', pattern: /^This number must be less than (-?[\d.e+]+)\.$/, params: ['max'] },
  { code: 'zod.stringAtLeast', pattern: /^This field must be at least (\d+) characters\.$/, params: ['min'] },
  { code: 'zod.stringAtMost', pattern: /^This field must be at most (\d+) characters\.$/, params: ['max'] },
  { code: 'zod.notAChoice', pattern: /^This value is not one of the allowed choices\.$/ },
  { code: 'zod.badFormat', pattern: /^This value is not in the expected format\.$/ },
  { code: 'schema.fieldsLocked', pattern: /^These fields cannot be changed: (.*)\.$/s, params: ['fields'] },
  // Score refusals thrown as plain text by analysis (har-messages.ts), read back to their code and values.
  { code: 'har.analysisPartNoMeasures', pattern: /^Part (\d+) of the score has no measures\.$/, params: ['part'] },
  { code: 'har.analysisTooManyNotes', pattern: /^The score has more than ([\d,]+) notes\.$/, params: ['max'] },
];

const byMessage = new Map<string, string>();
/** English examples of the codes whose sentences carry a value, with `{{name}}` where it goes. */
const examples = new Map<string, string>();
const SLOT = '\u0000';
function index(prefix: string, group: Record<string, unknown>) {
  for (const [key, message] of Object.entries(group)) {
    const code = `${prefix}.${key}`;
    // First one wins: a sentence two groups share keeps the code of the group listed first.
    if (typeof message === 'string' && !byMessage.has(message)) byMessage.set(message, code);
    if (typeof message === 'function') {
      // A sentence built around one value (`(value) => \`${value} has already been added.\``):
      // matched by its text around the value, which becomes the parameter of its own name.
      const name = /^\(?\s*(\w+)/.exec(String(message))?.[1] ?? 'value';
      const [before = '', after = ''] = String((message as (value: string) => string)(SLOT)).split(SLOT);
      const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      PATTERNS.push({ code, pattern: new RegExp(`^${literal(before)}(.+)${literal(after)}$`, 's'), params: [name] });
      examples.set(code, `${before}{{${name}}}${after}`);
    }
  }
}
for (const [prefix, group] of Object.entries(GROUPS)) index(prefix, group);
index('schema', SchemaMessages);

/** The code (and the values it carries) of a message the contract defines; undefined for any other text. */
export function messageCode(message: string): MessageCode | undefined {
  const code = byMessage.get(message);
  if (code) return { code };
  for (const { code: patternCode, pattern, params } of PATTERNS) {
    const match = pattern.exec(message);
    if (match) {
      if (!params) return { code: patternCode };
      return { code: patternCode, params: Object.fromEntries(params.map((name, i) => [name, match[i + 1] ?? ''])) };
    }
  }
  return undefined;
}

/** Every code with one English example (parameters as `{{name}}`): what the web app must translate. */
export function allMessageCodes(): Map<string, string> {
  const all = new Map<string, string>();
  for (const [message, code] of byMessage) if (!all.has(code)) all.set(code, message);
  const zodExamples: Record<string, string> = {
    'zod.required': 'This field is required.',
    'zod.wrongType': 'This field must be a {{expected}}.',
    'zod.numberAtLeast': 'This number must be at least {{min}}.',
    'zod.numberGreaterThan': 'This number must be greater than {{min}}.',
    'zod.numberAtMost': 'This number must be at most {{max}}.',
    'zod.numberLessThan': 'This number must be less than {{max}}.',
    'zod.stringAtLeast': 'This field must be at least {{min}} characters.',
    'zod.stringAtMost': 'This field must be at most {{max}} characters.',
    'zod.notAChoice': 'This value is not one of the allowed choices.',
    'zod.badFormat': 'This value is not in the expected format.',
    'schema.fieldsLocked': 'These fields cannot be changed: {{fields}}.',
  };
  for (const { code } of PATTERNS) all.set(code, examples.get(code) ?? zodExamples[code] ?? all.get(code) ?? code);
  return all;
}
