import { describe, expect, it } from 'vitest';
import { chordPositions } from './harmonic-rhythm.ts';
import { findingMessage, listOf, placedParams, withParticle } from './messages.ts';

describe('where a finding stands (issue 38)', () => {
  it('numbers measures from the first measure, a pickup and a change of meter included', () => {
    // 3/4 with a one-beat pickup numbered 0 (a chorale's), then 6/8 from the fourth chord.
    const positions = chordPositions({
      meter: '3/4',
      pickup: 1,
      first_measure: 0,
      chords: [{ beats: 1 }, { beats: 2 }, { beats: 1 }, { beats: 1.5, meter: '6/8' }, { beats: 1.5 }, { beats: 0.5 }],
    });
    expect(positions).toEqual([
      { measure: 0, beat: 3 },
      { measure: 1, beat: 1 },
      { measure: 1, beat: 3 },
      { measure: 2, beat: 1 },
      { measure: 2, beat: 4 },
      { measure: 3, beat: 1 },
    ]);
    // No pickup, no first measure: from measure 1; eighths fall between beats; a chord over the barline counts on in the meter.
    expect(chordPositions({ meter: '4/4', chords: [{ beats: 0.5 }, { beats: 0.5 }, {}] })).toEqual([
      { measure: 1, beat: 1 },
      { measure: 1, beat: 1.5 },
      { measure: 1, beat: 2 },
    ]);
    expect(chordPositions({ meter: '4/4', chords: [{ beats: 3 }, { beats: 2 }, { beats: 1 }] })).toEqual([
      { measure: 1, beat: 1 },
      { measure: 1, beat: 4 },
      { measure: 2, beat: 2 },
    ]);
  });

  it('names the measure and beat beside the chords in the four languages', () => {
    const positions = [
      { measure: 22, beat: 4 },
      { measure: 23, beat: 1 },
      { measure: 23, beat: 2.5 },
    ];
    const across = placedParams({ from: 1, to: 2, upper: 'S', lower: 'B' }, positions);
    expect(across).toEqual({ from: 1, to: 2, upper: 'S', lower: 'B', measure: 22, beat: 4, to_measure: 23, to_beat: 1 });
    expect(findingMessage('parallel-fifths', across)).toBe(
      'Chords 1–2 (m. 22, beat 4 – m. 23, beat 1): parallel fifths between the soprano and the bass.',
    );
    expect(findingMessage('parallel-fifths', across, 'zh-hans')).toBe(
      '第 1–2 个和弦（第 22 小节第 4 拍至第 23 小节第 1 拍）：女高音与男低音平行五度。',
    );
    expect(findingMessage('parallel-fifths', across, 'zh-hant')).toBe(
      '第 1–2 個和弦（第 22 小節第 4 拍至第 23 小節第 1 拍）：女高音與男低音平行五度。',
    );
    expect(findingMessage('parallel-fifths', across, 'ko')).toBe(
      '1–2번 화음(22마디 4박–23마디 1박): 소프라노와 베이스 사이에 병행 5도가 있습니다.',
    );
    const within = placedParams({ from: 2, to: 3, upper: 'A', lower: 'T' }, positions);
    expect(findingMessage('parallel-octaves', within)).toBe(
      'Chords 2–3 (m. 23, beats 1–2.5): parallel octaves between the alto and the tenor.',
    );
    expect(findingMessage('parallel-octaves', within, 'zh-hans')).toBe('第 2–3 个和弦（第 23 小节第 1–2.5 拍）：女低音与男高音平行八度。');
    expect(findingMessage('parallel-octaves', within, 'ko')).toBe('2–3번 화음(23마디 1–2.5박): 알토와 테너 사이에 병행 8도가 있습니다.');
    const one = placedParams({ chord: 3, voice: 'S', note: 'C6', low: 'C4', high: 'A5' }, positions);
    expect(one).toMatchObject({ measure: 23, beat: 2.5 });
    expect(one.to_measure).toBeUndefined();
    expect(findingMessage('range', one)).toBe('Soprano C6 in chord 3 (m. 23, beat 2.5) is outside its range (C4–A5).');
    expect(findingMessage('range', one, 'zh-hant')).toBe('第 3 個和弦（第 23 小節第 2.5 拍）：女高音的 C6 超出音域（C4–A5）。');
    expect(findingMessage('range', one, 'ko')).toBe('3번 화음(23마디 2.5박): 소프라노의 C6이 음역(C4–A5)을 벗어났습니다.');
    // A finding stored before issue 38 (no measure in its params) reads as it did; placing again replaces the old place.
    expect(findingMessage('parallel-fifths', { from: 1, to: 2, upper: 'S', lower: 'B' })).toBe(
      'Chords 1–2: parallel fifths between the soprano and the bass.',
    );
    expect(placedParams(across, [{ measure: 5, beat: 2 }])).toEqual({ from: 1, to: 2, upper: 'S', lower: 'B', measure: 5, beat: 2 });
  });
});

describe('Korean particles and Chinese lists (issue 38)', () => {
  it('chooses the particle by how the last syllable is read', () => {
    expect(withParticle('테너', '과', '와')).toBe('테너와');
    expect(withParticle('동음', '과', '와')).toBe('동음과');
    expect(withParticle('C4', '이', '가')).toBe('C4가'); // 사
    expect(withParticle('F3', '이', '가')).toBe('F3이'); // 삼
    expect(withParticle('G6', '을', '를')).toBe('G6을'); // 육
    expect(withParticle('E5', '은', '는')).toBe('E5는'); // 오
    expect(withParticle('D7', '으로', '로')).toBe('D7로'); // 칠: ㄹ takes 로
    expect(withParticle('B3', '으로', '로')).toBe('B3으로');
    expect(withParticle('F#', '이', '가')).toBe('F#이'); // 샵
    expect(withParticle('Bb', '이', '가')).toBe('Bb이'); // 플랫
    expect(withParticle('F', '이', '가')).toBe('F가'); // 에프
    expect(withParticle('V', '이', '가')).toBe('V가');
    const sentences = [
      findingMessage('spacing', { chord: 2, upper: 'T', lower: 'B' }, 'ko'),
      findingMessage('leading-tone-resolution', { from: 1, to: 2, voice: 'S', note: 'B4', target: 'C5' }, 'ko'),
      findingMessage('wrong-chord', { chord: 1, variant: 'spelling', voice: 'A', note: 'G#4', label: 'V/vi', spelled: 'Ab4' }, 'ko'),
      findingMessage('parallel-octaves', { from: 1, to: 2, upper: 'S', lower: 'T', unison: 1 }, 'ko'),
    ];
    expect(sentences).toEqual([
      '2번 화음: 테너와 베이스 사이가 옥타브보다 넓습니다.',
      '1–2번 화음: 소프라노의 이끎음 B4는 C5로 상행해야 합니다.',
      '1번 화음: 알토에 G#4를 썼습니다. V/vi에서는 Ab4로 적습니다.',
      '1–2번 화음: 소프라노와 테너 사이에 병행 동음이 있습니다.',
    ]);
    for (const sentence of sentences) expect(sentence).not.toMatch(/\((과|가|는|를|으)\)/);
  });

  it('lists names with 、 in Chinese', () => {
    expect(listOf(['女高音', '女低音', '男高音'], 'zh-hans')).toBe('女高音、女低音、男高音');
    expect(listOf(['女高音', '女低音'], 'zh-hant')).toBe('女高音、女低音');
    expect(listOf(['soprano', 'alto'], 'en')).toBe('soprano, alto');
    expect(listOf(['소프라노', '알토'], 'ko')).toBe('소프라노, 알토');
  });
});
