import type { LANGUAGE_CODES } from '../constants.ts';
import type { RuleId, Voice } from './rules.ts';

/**
 * The sentence of each finding in the four interface languages, by rule id and the finding's
 * params. The checker sends English (`message`) with the params; the browser and the server call
 * `findingMessage` for the reader's language. Chord numbers in params count from 1.
 */

export type Language = (typeof LANGUAGE_CODES)[number];
export type FindingParams = Record<string, string | number>;

const VOICE_NAMES: Record<Language, Record<Voice, string>> = {
  en: { S: 'soprano', A: 'alto', T: 'tenor', B: 'bass' },
  'zh-hans': { S: '女高音', A: '女低音', T: '男高音', B: '男低音' },
  'zh-hant': { S: '女高音', A: '女低音', T: '男高音', B: '男低音' },
  ko: { S: '소프라노', A: '알토', T: '테너', B: '베이스' },
};

const INTERVALS: Record<Language, Record<string, string>> = {
  en: {},
  'zh-hans': {
    'augmented second': '增二度',
    'augmented third': '增三度',
    'augmented fourth': '增四度',
    'augmented fifth': '增五度',
    'augmented sixth': '增六度',
    'augmented seventh': '增七度',
  },
  'zh-hant': {
    'augmented second': '增二度',
    'augmented third': '增三度',
    'augmented fourth': '增四度',
    'augmented fifth': '增五度',
    'augmented sixth': '增六度',
    'augmented seventh': '增七度',
  },
  ko: {
    'augmented second': '증2도',
    'augmented third': '증3도',
    'augmented fourth': '증4도',
    'augmented fifth': '증5도',
    'augmented sixth': '증6도',
    'augmented seventh': '증7도',
  },
};

type Template = (p: FindingParams, v: (key: string) => string, i: (name: string | number | undefined) => string) => string;

const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** A beat as a reader counts it: 2, 2.5, 2.33. */
const num = (value: string | number | undefined) => String(Math.round(Number(value) * 100) / 100);
/**
 * Where a finding's chords stand in the score (issue 38): `measure` and `beat` of its first chord,
 * `to_measure` and `to_beat` of its last when that is another chord. Empty when the checker was not
 * told (a finding stored before), so the sentence names the chords only, as it did.
 */
type Place = { measure: string; beat: string; toMeasure?: string; toBeat?: string } | undefined;
const placeOf = (p: FindingParams): Place => {
  if (p.measure === undefined || p.beat === undefined) return undefined;
  const place: Place = { measure: String(p.measure), beat: num(p.beat) };
  if (p.to_measure !== undefined && p.to_beat !== undefined) {
    place.toMeasure = String(p.to_measure);
    place.toBeat = num(p.to_beat);
  }
  return place;
};
const enAt = (p: FindingParams) => {
  const at = placeOf(p);
  if (!at) return '';
  if (at.toMeasure === undefined) return ` (m. ${at.measure}, beat ${at.beat})`;
  if (at.toMeasure === at.measure) return ` (m. ${at.measure}, beats ${at.beat}–${at.toBeat})`;
  return ` (m. ${at.measure}, beat ${at.beat} – m. ${at.toMeasure}, beat ${at.toBeat})`;
};
const zhAt = (p: FindingParams, bar: string) => {
  const at = placeOf(p);
  if (!at) return '';
  if (at.toMeasure === undefined) return `（第 ${at.measure} ${bar}第 ${at.beat} 拍）`;
  if (at.toMeasure === at.measure) return `（第 ${at.measure} ${bar}第 ${at.beat}–${at.toBeat} 拍）`;
  return `（第 ${at.measure} ${bar}第 ${at.beat} 拍至第 ${at.toMeasure} ${bar}第 ${at.toBeat} 拍）`;
};
const koAt = (p: FindingParams) => {
  const at = placeOf(p);
  if (!at) return '';
  if (at.toMeasure === undefined) return `(${at.measure}마디 ${at.beat}박)`;
  if (at.toMeasure === at.measure) return `(${at.measure}마디 ${at.beat}–${at.toBeat}박)`;
  return `(${at.measure}마디 ${at.beat}박–${at.toMeasure}마디 ${at.toBeat}박)`;
};
/** 'Chord 3 (m. 1, beat 3)'. */
const enOne = (p: FindingParams) => `Chord ${p.chord}${enAt(p)}`;
/** 'Chords 3–4 (m. 1, beats 3–4)', or 'Chord 3 …' when a melodic finding lies within one chord (two notes of a voice in it, issue 35). */
const enSpan = (p: FindingParams) => (p.from === p.to ? `Chord ${p.from}${enAt(p)}` : `Chords ${p.from}–${p.to}${enAt(p)}`);
const zhOne = (p: FindingParams, unit: string, bar: string) => `第 ${p.chord} ${unit}和弦${zhAt(p, bar)}`;
const zhSpan = (p: FindingParams, unit: string, bar: string) =>
  (p.from === p.to ? `第 ${p.from} ${unit}和弦` : `第 ${p.from}–${p.to} ${unit}和弦`) + zhAt(p, bar);
const koOne = (p: FindingParams) => `${p.chord}번 화음${koAt(p)}`;
const koSpan = (p: FindingParams) => (p.from === p.to ? `${p.from}번 화음` : `${p.from}–${p.to}번 화음`) + koAt(p);

/** How the last character of a word is read in Korean: whether it ends in a final consonant, and whether that is ㄹ. */
const LETTER_FINALS: Record<string, 'final' | 'rieul'> = { l: 'rieul', r: 'rieul', m: 'final', n: 'final' };
const DIGIT_FINALS: Record<string, 'final' | 'rieul'> = {
  '0': 'final',
  '1': 'rieul',
  '3': 'final',
  '6': 'final',
  '7': 'rieul',
  '8': 'rieul',
};
function koreanFinal(word: string): 'none' | 'final' | 'rieul' {
  const text = word.replace(/[\s)\]}"'’”.]+$/u, '');
  const last = text.slice(-1);
  const code = last.charCodeAt(0);
  if (code >= 0xac00 && code <= 0xd7a3) {
    const final = (code - 0xac00) % 28;
    return final === 0 ? 'none' : final === 8 ? 'rieul' : 'final';
  }
  if (/[0-9]/.test(last)) return DIGIT_FINALS[last] ?? 'none';
  // A note's sharp or flat is read 샵 or 플랫 (F#, Bb, E♭).
  if (/[#♯♭]/.test(last) || /[A-Ga-g]b$/.test(text)) return 'final';
  return LETTER_FINALS[last.toLowerCase()] ?? 'none';
}
/**
 * A Korean particle chosen by the word before it (issue 38: '테너와', not '테너와(과)'):
 * `ko(word, '과', '와')` gives the first after a final consonant, the second after a vowel;
 * '으로'/'로' takes '로' after ㄹ too.
 */
export function withParticle(word: string | number | undefined, afterConsonant: string, afterVowel: string): string {
  const text = String(word ?? '');
  const final = koreanFinal(text);
  if (afterConsonant === '으로') return text + (final === 'final' ? '으로' : '로');
  return text + (final === 'none' ? afterVowel : afterConsonant);
}
const ko = withParticle;

/** A list of names in a language: '、' between them in Chinese, ', ' in English and Korean (issue 38). */
export function listOf(items: readonly string[], language: Language = 'en'): string {
  return items.join(language === 'zh-hans' || language === 'zh-hant' ? '、' : ', ');
}

const EN: Record<RuleId, Template> = {
  range: (p, v) => `${cap(v('voice'))} ${p.note} in chord ${p.chord}${enAt(p)} is outside its range (${p.low}–${p.high}).`,
  spacing: (p, v) => `${enOne(p)}: more than an octave between the ${v('upper')} and the ${v('lower')}.`,
  crossing: (p, v) => `${enOne(p)}: the ${v('upper')} is below the ${v('lower')} (voice crossing).`,
  overlap: (p, v) => `${enSpan(p)}: the ${v('upper')} and the ${v('lower')} overlap.`,
  'parallel-fifths': (p, v) =>
    p.unequal
      ? `${enSpan(p)}: a diminished fifth moves to a perfect fifth with the bass (${v('upper')} and ${v('lower')}).`
      : `${enSpan(p)}: parallel fifths between the ${v('upper')} and the ${v('lower')}.`,
  'parallel-octaves': (p, v) =>
    `${enSpan(p)}: parallel ${p.unison ? 'unisons' : 'octaves'} between the ${v('upper')} and the ${v('lower')}.`,
  'contrary-fifths-octaves': (p, v) =>
    `${enSpan(p)}: ${p.interval === 'fifths' ? 'fifths' : 'octaves'} by contrary motion between the ${v('upper')} and the ${v('lower')}.`,
  'direct-fifths-octaves': (p) =>
    `${enSpan(p)}: direct ${p.interval === 'fifth' ? 'fifth' : 'octave'} in the outer voices (the soprano leaps into it).`,
  'doubled-leading-tone': (p) =>
    p.upper ? `${enOne(p)}: the tendency tone ${p.note} is doubled.` : `${enOne(p)}: the leading tone ${p.note} is doubled.`,
  'leading-tone-resolution': (p, v) =>
    p.upper
      ? `${enSpan(p)}: ${p.note} in the ${v('voice')} should fall a semitone to ${p.target}.`
      : `${enSpan(p)}: the leading tone ${p.note} in the ${v('voice')} should rise to ${p.target}.`,
  'seventh-resolution': (p, v) => `${enSpan(p)}: the seventh ${p.note} in the ${v('voice')} should resolve down by step.`,
  'seventh-preparation': (p, v) => `${enOne(p)}: the seventh ${p.note} in the ${v('voice')} is not prepared in the chord before.`,
  'augmented-melodic-interval': (p, v, i) => `${enSpan(p)}: ${i(p.interval)} in the ${v('voice')} (${p.notes}).`,
  'leap-too-large': (p, v) => `${enSpan(p)}: the ${v('voice')} leaps more than an octave (${p.notes}).`,
  'missing-third': (p) => `${enOne(p)} has no third (${p.note}).`,
  'wrong-chord': (p, v) =>
    p.variant === 'missing'
      ? `${enOne(p)}: ${p.label} needs ${p.note} (${p.expected}).`
      : p.variant === 'spelling'
        ? `${enOne(p)}: the ${v('voice')} has ${p.note}; ${p.label} spells it ${p.spelled}.`
        : `${enOne(p)}: ${p.note} in the ${v('voice')} is not in ${p.label} (${p.expected}).`,
  'wrong-bass': (p) => `${enOne(p)}: the bass of ${p.label} is ${p.expected}, not ${p.note}.`,
  'cadential-64-doubling': (p) => `${enOne(p)}: a cadential six-four doubles the bass ${p.note}.`,
  'unresolved-64': (p, v) =>
    p.variant === 'no-dominant'
      ? `${enOne(p)}: the cadential six-four is not followed by V over the same bass.`
      : `${enSpan(p)}: the ${p.variant === 'sixth' ? 'sixth' : 'fourth'} of the six-four (${v('voice')}) should fall by step.`,
  'doubled-seventh': (p) => `${enOne(p)}: the seventh ${p.note} is doubled.`,
  'non-chord-tone': (p, v) =>
    `${enOne(p)}: ${p.note} in the ${v('voice')} is not in the chord and is not a passing note, neighbour, suspension, anticipation, appoggiatura or escape note.`,
};

const ZH_HANS: Record<RuleId, Template> = {
  range: (p, v) => `${zhOne(p, '个', '小节')}：${v('voice')}的 ${p.note} 超出音域（${p.low}–${p.high}）。`,
  spacing: (p, v) => `${zhOne(p, '个', '小节')}：${v('upper')}与${v('lower')}之间超过八度。`,
  crossing: (p, v) => `${zhOne(p, '个', '小节')}：${v('upper')}低于${v('lower')}（声部交叉）。`,
  overlap: (p, v) => `${zhSpan(p, '个', '小节')}：${v('upper')}与${v('lower')}声部超越。`,
  'parallel-fifths': (p, v) =>
    p.unequal
      ? `${zhSpan(p, '个', '小节')}：${v('upper')}与${v('lower')}由减五度进行到纯五度（涉及低音）。`
      : `${zhSpan(p, '个', '小节')}：${v('upper')}与${v('lower')}平行五度。`,
  'parallel-octaves': (p, v) => `${zhSpan(p, '个', '小节')}：${v('upper')}与${v('lower')}平行${p.unison ? '同度' : '八度'}。`,
  'contrary-fifths-octaves': (p, v) =>
    `${zhSpan(p, '个', '小节')}：${v('upper')}与${v('lower')}反向${p.interval === 'fifths' ? '五度' : '八度'}。`,
  'direct-fifths-octaves': (p) => `${zhSpan(p, '个', '小节')}：外声部隐伏${p.interval === 'fifth' ? '五度' : '八度'}（女高音跳进）。`,
  'doubled-leading-tone': (p) => `${zhOne(p, '个', '小节')}：${p.upper ? '倾向音' : '导音'} ${p.note} 重复了。`,
  'leading-tone-resolution': (p, v) =>
    p.upper
      ? `${zhSpan(p, '个', '小节')}：${v('voice')}的 ${p.note} 应下行半音到 ${p.target}。`
      : `${zhSpan(p, '个', '小节')}：${v('voice')}的导音 ${p.note} 应上行到 ${p.target}。`,
  'seventh-resolution': (p, v) => `${zhSpan(p, '个', '小节')}：${v('voice')}的七音 ${p.note} 应级进下行解决。`,
  'seventh-preparation': (p, v) => `${zhOne(p, '个', '小节')}：${v('voice')}的七音 ${p.note} 在前一个和弦中没有预备。`,
  'augmented-melodic-interval': (p, v, i) => `${zhSpan(p, '个', '小节')}：${v('voice')}出现${i(p.interval)}（${p.notes}）。`,
  'leap-too-large': (p, v) => `${zhSpan(p, '个', '小节')}：${v('voice')}跳进超过八度（${p.notes}）。`,
  'missing-third': (p) => `${zhOne(p, '个', '小节')}缺少三音（${p.note}）。`,
  'wrong-chord': (p, v) =>
    p.variant === 'missing'
      ? `${zhOne(p, '个', '小节')}：${p.label} 需要 ${p.note}（${p.expected}）。`
      : p.variant === 'spelling'
        ? `${zhOne(p, '个', '小节')}：${v('voice')}写了 ${p.note}；${p.label} 中应写作 ${p.spelled}。`
        : `${zhOne(p, '个', '小节')}：${v('voice')}的 ${p.note} 不属于 ${p.label}（${p.expected}）。`,
  'wrong-bass': (p) => `${zhOne(p, '个', '小节')}：${p.label} 的低音应为 ${p.expected}，而不是 ${p.note}。`,
  'cadential-64-doubling': (p) => `${zhOne(p, '个', '小节')}：终止四六和弦应重复低音 ${p.note}。`,
  'unresolved-64': (p, v) =>
    p.variant === 'no-dominant'
      ? `${zhOne(p, '个', '小节')}：终止四六和弦之后没有同一低音上的 V。`
      : `${zhSpan(p, '个', '小节')}：四六和弦的${p.variant === 'sixth' ? '六音' : '四音'}（${v('voice')}）应级进下行。`,
  'doubled-seventh': (p) => `${zhOne(p, '个', '小节')}：七音 ${p.note} 重复了。`,
  'non-chord-tone': (p, v) =>
    `${zhOne(p, '个', '小节')}：${v('voice')}的 ${p.note} 不是和弦音，也不是经过音、辅助音、延留音、先现音、倚音或逸音。`,
};

const ZH_HANT: Record<RuleId, Template> = {
  range: (p, v) => `${zhOne(p, '個', '小節')}：${v('voice')}的 ${p.note} 超出音域（${p.low}–${p.high}）。`,
  spacing: (p, v) => `${zhOne(p, '個', '小節')}：${v('upper')}與${v('lower')}之間超過八度。`,
  crossing: (p, v) => `${zhOne(p, '個', '小節')}：${v('upper')}低於${v('lower')}（聲部交叉）。`,
  overlap: (p, v) => `${zhSpan(p, '個', '小節')}：${v('upper')}與${v('lower')}聲部超越。`,
  'parallel-fifths': (p, v) =>
    p.unequal
      ? `${zhSpan(p, '個', '小節')}：${v('upper')}與${v('lower')}由減五度進行到純五度（涉及低音）。`
      : `${zhSpan(p, '個', '小節')}：${v('upper')}與${v('lower')}平行五度。`,
  'parallel-octaves': (p, v) => `${zhSpan(p, '個', '小節')}：${v('upper')}與${v('lower')}平行${p.unison ? '同度' : '八度'}。`,
  'contrary-fifths-octaves': (p, v) =>
    `${zhSpan(p, '個', '小節')}：${v('upper')}與${v('lower')}反向${p.interval === 'fifths' ? '五度' : '八度'}。`,
  'direct-fifths-octaves': (p) => `${zhSpan(p, '個', '小節')}：外聲部隱伏${p.interval === 'fifth' ? '五度' : '八度'}（女高音跳進）。`,
  'doubled-leading-tone': (p) => `${zhOne(p, '個', '小節')}：${p.upper ? '傾向音' : '導音'} ${p.note} 重複了。`,
  'leading-tone-resolution': (p, v) =>
    p.upper
      ? `${zhSpan(p, '個', '小節')}：${v('voice')}的 ${p.note} 應下行半音到 ${p.target}。`
      : `${zhSpan(p, '個', '小節')}：${v('voice')}的導音 ${p.note} 應上行到 ${p.target}。`,
  'seventh-resolution': (p, v) => `${zhSpan(p, '個', '小節')}：${v('voice')}的七音 ${p.note} 應級進下行解決。`,
  'seventh-preparation': (p, v) => `${zhOne(p, '個', '小節')}：${v('voice')}的七音 ${p.note} 在前一個和弦中沒有預備。`,
  'augmented-melodic-interval': (p, v, i) => `${zhSpan(p, '個', '小節')}：${v('voice')}出現${i(p.interval)}（${p.notes}）。`,
  'leap-too-large': (p, v) => `${zhSpan(p, '個', '小節')}：${v('voice')}跳進超過八度（${p.notes}）。`,
  'missing-third': (p) => `${zhOne(p, '個', '小節')}缺少三音（${p.note}）。`,
  'wrong-chord': (p, v) =>
    p.variant === 'missing'
      ? `${zhOne(p, '個', '小節')}：${p.label} 需要 ${p.note}（${p.expected}）。`
      : p.variant === 'spelling'
        ? `${zhOne(p, '個', '小節')}：${v('voice')}寫了 ${p.note}；${p.label} 中應寫作 ${p.spelled}。`
        : `${zhOne(p, '個', '小節')}：${v('voice')}的 ${p.note} 不屬於 ${p.label}（${p.expected}）。`,
  'wrong-bass': (p) => `${zhOne(p, '個', '小節')}：${p.label} 的低音應為 ${p.expected}，而不是 ${p.note}。`,
  'cadential-64-doubling': (p) => `${zhOne(p, '個', '小節')}：終止四六和弦應重複低音 ${p.note}。`,
  'unresolved-64': (p, v) =>
    p.variant === 'no-dominant'
      ? `${zhOne(p, '個', '小節')}：終止四六和弦之後沒有同一低音上的 V。`
      : `${zhSpan(p, '個', '小節')}：四六和弦的${p.variant === 'sixth' ? '六音' : '四音'}（${v('voice')}）應級進下行。`,
  'doubled-seventh': (p) => `${zhOne(p, '個', '小節')}：七音 ${p.note} 重複了。`,
  'non-chord-tone': (p, v) =>
    `${zhOne(p, '個', '小節')}：${v('voice')}的 ${p.note} 不是和弦音，也不是經過音、輔助音、延留音、先現音、倚音或逸音。`,
};

const KO: Record<RuleId, Template> = {
  range: (p, v) => `${koOne(p)}: ${v('voice')}의 ${ko(p.note, '이', '가')} 음역(${p.low}–${p.high})을 벗어났습니다.`,
  spacing: (p, v) => `${koOne(p)}: ${ko(v('upper'), '과', '와')} ${v('lower')} 사이가 옥타브보다 넓습니다.`,
  crossing: (p, v) => `${koOne(p)}: ${ko(v('upper'), '이', '가')} ${v('lower')}보다 낮습니다(성부 교차).`,
  overlap: (p, v) => `${koSpan(p)}: ${ko(v('upper'), '과', '와')} ${ko(v('lower'), '이', '가')} 중첩됩니다.`,
  'parallel-fifths': (p, v) =>
    p.unequal
      ? `${koSpan(p)}: 베이스와의 감5도가 완전5도로 진행합니다(${v('upper')}, ${v('lower')}).`
      : `${koSpan(p)}: ${ko(v('upper'), '과', '와')} ${v('lower')} 사이에 병행 5도가 있습니다.`,
  'parallel-octaves': (p, v) =>
    `${koSpan(p)}: ${ko(v('upper'), '과', '와')} ${v('lower')} 사이에 병행 ${p.unison ? '동음이' : '8도가'} 있습니다.`,
  'contrary-fifths-octaves': (p, v) =>
    `${koSpan(p)}: ${ko(v('upper'), '과', '와')} ${v('lower')} 사이에 반진행 ${p.interval === 'fifths' ? '5도' : '8도'}가 있습니다.`,
  'direct-fifths-octaves': (p) => `${koSpan(p)}: 외성에 직행 ${p.interval === 'fifth' ? '5도' : '8도'}가 있습니다(소프라노가 도약).`,
  'doubled-leading-tone': (p) => `${koOne(p)}: ${p.upper ? '경향음' : '이끎음'} ${ko(p.note, '이', '가')} 중복되었습니다.`,
  'leading-tone-resolution': (p, v) =>
    p.upper
      ? `${koSpan(p)}: ${v('voice')}의 ${ko(p.note, '은', '는')} ${ko(p.target, '으로', '로')} 반음 하행해야 합니다.`
      : `${koSpan(p)}: ${v('voice')}의 이끎음 ${ko(p.note, '은', '는')} ${ko(p.target, '으로', '로')} 상행해야 합니다.`,
  'seventh-resolution': (p, v) => `${koSpan(p)}: ${v('voice')}의 7음 ${ko(p.note, '은', '는')} 순차 하행으로 해결해야 합니다.`,
  'seventh-preparation': (p, v) => `${koOne(p)}: ${v('voice')}의 7음 ${ko(p.note, '이', '가')} 앞 화음에서 예비되지 않았습니다.`,
  'augmented-melodic-interval': (p, v, i) => `${koSpan(p)}: ${v('voice')}에 ${i(p.interval)} 진행이 있습니다(${p.notes}).`,
  'leap-too-large': (p, v) => `${koSpan(p)}: ${ko(v('voice'), '이', '가')} 옥타브보다 크게 도약합니다(${p.notes}).`,
  'missing-third': (p) => `${koOne(p)}에 3음(${p.note})이 없습니다.`,
  'wrong-chord': (p, v) =>
    p.variant === 'missing'
      ? `${koOne(p)}: ${p.label}에는 ${ko(p.note, '이', '가')} 필요합니다(${p.expected}).`
      : p.variant === 'spelling'
        ? `${koOne(p)}: ${v('voice')}에 ${ko(p.note, '을', '를')} 썼습니다. ${p.label}에서는 ${ko(p.spelled, '으로', '로')} 적습니다.`
        : `${koOne(p)}: ${v('voice')}의 ${ko(p.note, '은', '는')} ${p.label}(${p.expected})에 속하지 않습니다.`,
  'wrong-bass': (p) => `${koOne(p)}: ${p.label}의 베이스는 ${ko(p.note, '이', '가')} 아니라 ${p.expected}입니다.`,
  'cadential-64-doubling': (p) => `${koOne(p)}: 종지 6-4 화음은 베이스 ${ko(p.note, '을', '를')} 중복합니다.`,
  'unresolved-64': (p, v) =>
    p.variant === 'no-dominant'
      ? `${koOne(p)}: 종지 6-4 화음 다음에 같은 베이스 위의 V가 오지 않습니다.`
      : `${koSpan(p)}: 6-4 화음의 ${p.variant === 'sixth' ? '6음' : '4음'}(${v('voice')})은 순차 하행해야 합니다.`,
  'doubled-seventh': (p) => `${koOne(p)}: 7음 ${ko(p.note, '이', '가')} 중복되었습니다.`,
  'non-chord-tone': (p, v) =>
    `${koOne(p)}: ${v('voice')}의 ${ko(p.note, '은', '는')} 화음 구성음이 아니며 경과음, 보조음, 계류음, 선행음, 전타음, 도피음도 아닙니다.`,
};

const TEMPLATES: Record<Language, Record<RuleId, Template>> = { en: EN, 'zh-hans': ZH_HANS, 'zh-hant': ZH_HANT, ko: KO };

/**
 * A finding's params with where its chords stand (issue 38): `measure` and `beat` of its first chord
 * (`chord` or `from`, counted from 1), `to_measure` and `to_beat` of `to` when that is another chord.
 */
export function placedParams(params: FindingParams, positions: readonly { measure: number; beat: number }[]): FindingParams {
  const { measure: _m, beat: _b, to_measure: _tm, to_beat: _tb, ...rest } = params;
  const first = typeof params.chord === 'number' ? params.chord : params.from;
  const last = typeof params.chord === 'number' ? params.chord : params.to;
  const at = typeof first === 'number' ? positions[first - 1] : undefined;
  if (!at) return rest;
  const placed: FindingParams = { ...rest, measure: at.measure, beat: at.beat };
  const end = typeof last === 'number' && last !== first ? positions[last - 1] : undefined;
  if (end) {
    placed.to_measure = end.measure;
    placed.to_beat = end.beat;
  }
  return placed;
}

/** The sentence of a finding in a language. */
export function findingMessage(rule: RuleId, params: FindingParams, language: Language = 'en'): string {
  const names = VOICE_NAMES[language] ?? VOICE_NAMES.en;
  const voice = (key: string) => names[params[key] as Voice] ?? String(params[key] ?? '');
  const interval = (name: string | number | undefined) => INTERVALS[language]?.[String(name)] ?? String(name ?? '');
  const template = (TEMPLATES[language] ?? EN)[rule];
  return template(params, voice, interval);
}
