import type { PartWritingWorkspace as View } from '@app/contract/part-writing';
import { RULE_IDS } from '@app/contract/part-writing/rules';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n/index.ts';
import { renderAt } from '../../../testing/render.tsx';
import { NOW, workspace, workspaceApi } from '../test-workspace.ts';
import { PartWritingWorkspace } from './part-writing-workspace.tsx';

// Issue 38's words: the practice feedback names the exercise's measure and beat (a pickup numbered 0),
// voices are listed with 、 in Chinese, Korean particles follow the word.
const rules = Object.fromEntries(RULE_IDS.map((rule) => [rule, { on: rule !== 'seventh-preparation', points: 2 }])) as View['rules'];
const view: View = {
  key: 'C major',
  meter: '3/4',
  style: 'free',
  given: ['B'],
  write: ['S', 'A', 'T'],
  chords: ['C3', 'F3', 'G3', 'C3'].map((B, i) => ({ id: `chord-${i + 1}`, figures: '', beats: 1, B })),
  rules,
  points: 20,
  pickup: 1,
  first_measure: 0,
};

function show(language: 'en' | 'zh-hans' | 'ko') {
  const data = { ...workspace({ rules: { practice: true } }), score: null, items: [], part_writing: view, submissions: [] };
  return renderAt(
    '/',
    <PartWritingWorkspace
      workspace={data}
      receivedAt={NOW * 1000}
      viewer={{ id: 7, timeZone: 'UTC', language }}
      courseTitle="Music Theory I"
      assignmentsPath="/student/course/3/assignments"
      submissionPath={(id) => `/student/course/3/submission/${id}`}
    />,
  );
}

const cell = (chord: number, voice: string) =>
  document.querySelector<HTMLButtonElement>(`[data-cell="${chord}${voice}"]`) as HTMLButtonElement;

async function writeFifths() {
  const user = userEvent.setup();
  cell(1, 'S').focus();
  await user.keyboard('g{Tab}e{Tab}c{Tab}c{Tab}f{Tab}a');
  return screen.getByTestId('part-writing-findings').textContent;
}

describe('part-writing words (issue 38)', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    localStorage.clear();
    await changeLanguage('en');
  });

  it('names the measure and beat of the pickup and the downbeat in practice feedback', async () => {
    workspaceApi(() => ({ status: 200, data: { answers: [], updated_at: NOW } }));
    show('en');
    expect(await writeFifths()).toContain('Chords 1–2 (m. 0, beat 3 – m. 1, beat 1): parallel fifths between the soprano and the bass.');
  });

  it('lists the voices with 、 in Chinese and places the finding in Chinese', async () => {
    await changeLanguage('zh-hans');
    workspaceApi(() => ({ status: 200, data: { answers: [], updated_at: NOW } }));
    show('zh-hans');
    expect(screen.getByText(/为给定的男低音写出女高音、女低音、男高音。/)).toBeTruthy();
    expect(await writeFifths()).toContain('第 1–2 个和弦（第 0 小节第 3 拍至第 1 小节第 1 拍）：女高音与男低音平行五度。');
  });

  it('chooses the Korean particle', async () => {
    await changeLanguage('ko');
    workspaceApi(() => ({ status: 200, data: { answers: [], updated_at: NOW } }));
    show('ko');
    const text = await writeFifths();
    expect(text).toContain('1–2번 화음(0마디 3박–1마디 1박): 소프라노와 베이스 사이에 병행 5도가 있습니다.');
    expect(text).not.toContain('와(과)');
  });
});
