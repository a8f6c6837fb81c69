import type { LanguageCode } from '@app/contract/users';

/*
 * The product's words, one per language (issue 30). A translation of a sentence that speaks of
 * one of these things uses the word given here; `glossary.test.ts` fails on a sentence that does
 * not, and on any word listed under `avoid` (the variants that crept in before: Korean 과정 and
 * 과목 beside 강좌 for "course", Chinese 讲师 beside 教师 for "instructor").
 *
 * | term           | en                    | zh-hans | zh-hant | ko                |
 * |----------------|-----------------------|---------|---------|-------------------|
 * | course         | course                | 课程     | 課程     | 강좌 (수강료: fee)  |
 * | assignment set | assignment set        | 作业集   | 作業集   | 과제 세트          |
 * | exercise       | exercise              | 练习     | 練習     | 연습 문제 (연습)    |
 * | submission     | submission, hand in   | 提交     | 繳交     | 제출               |
 * | grade book     | grade book            | 成绩册   | 成績冊   | 성적부             |
 * | answers (key)  | answers (Edit Answers) | 答案    | 答案     | 정답 (답)          |
 * | instructor     | instructor            | 教师     | 教師     | 강사               |
 * | TA             | TA, teaching assistant | 助教    | 助教     | 조교               |
 */

type Translated = Exclude<LanguageCode, 'en'>;

export interface GlossaryTerm {
  /** The English words that name the thing (placeholders are removed before matching). */
  en: RegExp;
  /** Each language's word; a sentence that names the thing contains one of these. */
  use: Record<Translated, readonly string[]>;
  /** Words that must not appear anywhere in a language: the variants the glossary replaced. */
  avoid: Partial<Record<Translated, readonly string[]>>;
  /** Sentences whose English uses the word in another sense, with why. */
  otherSense?: Record<string, string>;
}

export const GLOSSARY: Record<string, GlossaryTerm> = {
  course: {
    // Google Classroom's own courses are Classroom's word (ko 클래스룸 수업), not ours.
    en: /(?<!Classroom )\bcourses?\b/i,
    use: { 'zh-hans': ['课程'], 'zh-hant': ['課程'], ko: ['강좌', '수강'] },
    avoid: { ko: ['과정', '과목'] },
    otherSense: { 'dueSoon.openLabel': 'the course is a {{course}} placeholder' },
  },
  assignmentSet: {
    en: /\bassignment sets?\b/i,
    use: { 'zh-hans': ['作业集'], 'zh-hant': ['作業集'], ko: ['과제 세트'] },
    avoid: { 'zh-hans': ['作业组'], 'zh-hant': ['作業組'] },
  },
  exercise: {
    en: /\bexercises?\b/i,
    use: { 'zh-hans': ['练习'], 'zh-hant': ['練習'], ko: ['연습 문제', '연습'] },
    avoid: { 'zh-hans': ['习题'], 'zh-hant': ['習題'] },
  },
  submission: {
    en: /\bsubmissions?\b/i,
    use: { 'zh-hans': ['提交'], 'zh-hant': ['繳交'], ko: ['제출'] },
    avoid: { 'zh-hant': ['提交'], ko: ['과제물'] },
  },
  gradeBook: {
    en: /\bgrade ?books?\b/i,
    use: { 'zh-hans': ['成绩册'], 'zh-hant': ['成績冊'], ko: ['성적부'] },
    avoid: { 'zh-hans': ['成绩簿'], 'zh-hant': ['成績簿'], ko: ['성적표'] },
  },
  answers: {
    en: /\banswers?\b/i,
    use: { 'zh-hans': ['答案', '作答'], 'zh-hant': ['答案', '作答'], ko: ['정답', '답'] },
    // "Edit Key" became "Edit Answers": the musical key and the answers must not share a word.
    avoid: { 'zh-hans': ['答案键', '答题键'], 'zh-hant': ['答案鍵'], ko: ['정답 키', '답안 키'] },
    otherSense: { 'people.pending.empty': 'an answer to an invitation (accept or decline)' },
  },
  instructor: {
    en: /\binstructors?\b/i,
    use: { 'zh-hans': ['教师'], 'zh-hant': ['教師'], ko: ['강사'] },
    avoid: { 'zh-hans': ['讲师', '老师'], 'zh-hant': ['講師', '老師'], ko: ['교수'] },
  },
  ta: {
    en: /\bTAs?\b|\bteaching assistants?\b/,
    use: { 'zh-hans': ['助教'], 'zh-hant': ['助教'], ko: ['조교'] },
    avoid: {},
  },
};
