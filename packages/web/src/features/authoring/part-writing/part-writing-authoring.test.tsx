import { RULE_IDS } from '@app/contract/part-writing/rules';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n/index.ts';
import { fakeApi, ok } from '../../../testing/fake-api.ts';
import { renderAt } from '../../../testing/render.tsx';
import { CreateExerciseDialog } from '../components/create-exercise-dialog.tsx';

/** Create Exercise's part writing saved into a set and/or "My exercises" (issue 27), as analysis exercises are. */

const DRAFT = {
  title: 'Figured bass 1',
  key: 'C major',
  meter: '4/4',
  style: 'free',
  given: ['B'],
  write: ['S', 'A', 'T'],
  chords: ['C3', 'F3', 'G3', 'C3'].map((B) => ({ B, figures: '', beats: 1 })),
  rules: Object.fromEntries(RULE_IDS.map((rule) => [rule, { on: rule !== 'seventh-preparation', points: 2 }])),
  points: 20,
};

/** The draft upload goes through XMLHttpRequest (for its progress): a stand-in that answers the draft. */
class DraftXhr {
  static urls: string[] = [];
  status = 0;
  responseText = '';
  upload = { onprogress: null as unknown };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  getResponseHeader() {
    return null;
  }
  abort() {}
  send() {
    DraftXhr.urls.push(this.url);
    this.status = 201;
    this.responseText = JSON.stringify({ data: DRAFT });
    setTimeout(() => this.onload?.(), 0);
  }
}

/** An upload the server refuses with a message of its own. */
class RefusedXhr extends DraftXhr {
  override send() {
    this.status = 400;
    this.responseText = JSON.stringify({ errors: [{ field: 'file', messages: ['Not a score.'] }] });
    setTimeout(() => this.onload?.(), 0);
  }
}

/** A whole chorale: its voices without `given`, the bass given with the upper voices as the model with it (QA Q5). */
class ChoraleXhr extends DraftXhr {
  override send() {
    const url = (this as unknown as { url: string }).url;
    DraftXhr.urls.push(url);
    this.status = 201;
    const voices = ['Soprano', 'Alto', 'Tenor', 'Bass'].map((part) => ({ voice: part[0], part }));
    this.responseText = JSON.stringify({
      data: url.includes('given=')
        ? {
            ...DRAFT,
            title: '001',
            key: 'G',
            meter: '3/4',
            chords: ['G2', 'G3', 'E3', 'F#3'].map((B) => ({ B, beats: 1 })),
            pickup: 1,
            first_measure: 0,
            model: {
              chords: [
                { S: 'G4', A: 'D4', T: 'B3' },
                { S: 'G4', A: 'D4', T: 'B3' },
                { S: 'G4', A: 'E4', T: 'C4' },
                { S: 'D5', A: 'D4', T: 'A3' },
              ],
            },
            voices,
          }
        : { title: '001', choose: voices },
    });
    setTimeout(() => this.onload?.(), 0);
  }
}

/** A score with five sung parts (issue 35): its lines to choose the four from, then the soprano and bass given, the key found in the music. */
class FiveXhr extends DraftXhr {
  override send() {
    const url = (this as unknown as { url: string }).url;
    DraftXhr.urls.push(url);
    this.status = 201;
    const lines = [
      { voice: 'S', part: 'Soprano 1' },
      { part: 'Soprano 2' },
      { voice: 'A', part: 'Alto' },
      { voice: 'T', part: 'Tenor' },
      { voice: 'B', part: 'Bass' },
    ];
    const voices = [lines[0], lines[2], lines[3], lines[4]];
    this.responseText = JSON.stringify({
      data: url.includes('given=')
        ? {
            ...DRAFT,
            title: 'Five',
            key: 'g',
            signature_key: 'd',
            meter: '4/4',
            given: ['S', 'B'],
            write: ['A', 'T'],
            chords: [
              { S: 'D5:8+C5:8', B: 'G2', beats: 1 },
              { S: 'Bb4', B: 'G3', beats: 1, phrase_end: true },
            ],
            model: {
              chords: [
                { A: 'G4', T: 'D4' },
                { A: 'G4', T: 'D4' },
              ],
            },
            voices: [{ voice: 'S', part: 'Soprano 2' }, lines[2], lines[3], lines[4]],
            lines: [{ part: 'Soprano 1' }, { voice: 'S', part: 'Soprano 2' }, lines[2], lines[3], lines[4]],
            parts: { S: 1, A: 2, T: 3, B: 4 },
          }
        : { title: 'Five', choose: voices, lines, unclear: true },
    });
    setTimeout(() => this.onload?.(), 0);
  }
}

function api() {
  return fakeApi((call) => {
    if (call.method === 'POST' && call.url.endsWith('/api/part-writing/exercises')) {
      const body = call.body as { assignment_set_id?: number };
      return ok(
        body.assignment_set_id === undefined
          ? { library_document: { id: 9, title: 'Figured bass 1' } }
          : { id: 5, title: 'Figured bass 1', library_document: null },
        201,
      );
    }
    return undefined;
  });
}

async function uploadPartWriting() {
  fireEvent.click(screen.getByLabelText('Part writing (figured bass or numerals)'));
  const input = (await screen.findAllByLabelText('Score (MusicXML)')).at(-1) as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['<score-partwise/>'], 'Figured bass 1.musicxml')] } });
  await screen.findByDisplayValue('Figured bass 1');
}

afterEach(() => {
  vi.unstubAllGlobals();
  DraftXhr.urls = [];
});

describe('Create Exercise, part writing, and "My exercises"', () => {
  it('on the content library page, offers part writing and saves it into the own library only', async () => {
    const calls = api();
    vi.stubGlobal('XMLHttpRequest', DraftXhr);
    const onSaved = vi.fn();
    renderAt('/', <CreateExerciseDialog open onOpenChange={() => undefined} courseId={3} onSaved={onSaved} />);
    await uploadPartWriting();
    expect(DraftXhr.urls).toEqual(['/api/exercise-drafts/part-writing?course_id=3']);
    expect(screen.getByText('The exercise is saved into your library, under “My exercises”, to use in any of your courses.')).toBeTruthy();
    expect(screen.queryByLabelText('Also add to my library, to reuse in my other courses')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save Exercise' }));
    await waitFor(() => expect(calls.writes()).toHaveLength(1));
    const body = calls.writes()[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ title: 'Figured bass 1', add_to_library: true, write: ['S', 'A', 'T'], points: 20 });
    expect(body).not.toHaveProperty('assignment_set_id');
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it('in a set, saves into the set and, when ticked, into the own library too', async () => {
    const calls = api();
    vi.stubGlobal('XMLHttpRequest', DraftXhr);
    renderAt('/', <CreateExerciseDialog open onOpenChange={() => undefined} courseId={3} assignmentId={4} onSaved={() => undefined} />);
    await uploadPartWriting();
    fireEvent.click(screen.getByLabelText('Also add to my library, to reuse in my other courses'));
    fireEvent.click(screen.getByRole('button', { name: 'Save Exercise' }));
    await waitFor(() => expect(calls.writes()).toHaveLength(1));
    expect(calls.writes()[0]?.body).toMatchObject({ assignment_set_id: 4, add_to_library: true });
  });

  it('types a figured bass with the students’ note entry, writes and checks a model solution, and saves both', {
    timeout: 30_000,
  }, async () => {
    const checks: unknown[] = [];
    const calls = fakeApi((call) => {
      if (call.method === 'POST' && call.url.endsWith('/api/part-writing/check')) {
        checks.push(call.body);
        return ok({
          findings: [
            {
              rule: 'parallel-fifths',
              chords: [0, 1],
              voices: ['S', 'B'],
              message: 'Parallel fifths',
              params: { from: 1, to: 2, voices: 'S–B', upper: 'S', lower: 'B' },
            },
          ],
        });
      }
      if (call.method === 'POST' && call.url.endsWith('/api/part-writing/exercises'))
        return ok({ id: 5, title: 'Typed', library_document: null }, 201);
      return undefined;
    });
    renderAt('/', <CreateExerciseDialog open onOpenChange={() => undefined} courseId={3} assignmentId={4} onSaved={() => undefined} />);
    fireEvent.click(screen.getByLabelText('Part writing (figured bass or numerals)'));
    fireEvent.click(screen.getByLabelText('Type it here'));
    fireEvent.click(screen.getByLabelText('A bass with figures (figured bass)'));
    fireEvent.change(screen.getByLabelText('Key'), { target: { value: 'a' } });
    fireEvent.change(screen.getByLabelText('Number of chords'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start typing' }));
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Typed' } });

    // The bass by keyboard: a letter (spelled in the key), then an octave digit; a 6 under chord 2, 7b is read as typed.
    const key = (cell: string, ...keys: string[]) => {
      const button = document.querySelector(`[data-cell="${cell}"]`) as HTMLButtonElement;
      fireEvent.focus(button);
      for (const k of keys) fireEvent.keyDown(button, { key: k });
    };
    key('1B', 'a', '2');
    key('2B', 'g', '#', '2');
    fireEvent.change(screen.getByLabelText('Figures of chord 2'), { target: { value: '6 5' } });
    expect(document.querySelector('[data-cell="1B"]')?.textContent).toBe('A2');
    expect(document.querySelector('[data-cell="2B"]')?.textContent).toBe('G#2');

    // Check before the model is whole: a sentence, no request.
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Write every voice of every chord to check the model solution.')).toBeTruthy();
    expect(checks).toEqual([]);
    key('1S', 'e', '5');
    key('1A', 'c', '5');
    key('1T', 'a', '3');
    key('2S', 'e', '5');
    key('2A', 'd', '5');
    key('2T', 'b', '3');
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    await waitFor(() => expect(checks).toHaveLength(1));
    expect(checks[0]).toMatchObject({
      key: 'a',
      meter: '4/4',
      chords: [
        { figures: '', S: 'E5', A: 'C5', T: 'A3', B: 'A2' },
        { figures: '6 5', S: 'E5', A: 'D5', T: 'B3', B: 'G#2' },
      ],
    });
    // The finding in the reader's language, and its notes marked in the grid.
    const list = await screen.findByRole('list', { name: 'Findings: 1' });
    expect(list.textContent).toMatch(/fifths/i);
    expect(document.querySelector('[data-cell="1S"]')?.hasAttribute('data-marked')).toBe(true);
    expect(document.querySelector('[data-cell="1A"]')?.hasAttribute('data-marked')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Save Exercise' }));
    await waitFor(() => expect(calls.writes().filter((w) => w.url.endsWith('/exercises'))).toHaveLength(1));
    const body = calls.writes().find((w) => w.url.endsWith('/exercises'))?.body;
    expect(body).toMatchObject({
      title: 'Typed',
      assignment_set_id: 4,
      key: 'a',
      meter: '4/4',
      given: ['B'],
      write: ['S', 'A', 'T'],
      chords: [
        { B: 'A2', figures: '', beats: 1 },
        { B: 'G#2', figures: '6 5', beats: 1 },
      ],
      model: {
        chords: [
          { S: 'E5', A: 'C5', T: 'A3' },
          { S: 'E5', A: 'D5', T: 'B3' },
        ],
      },
    });
  });

  it('starts a soprano with numerals in 6/8, each chord a dotted quarter, and saves without a model when none is written', async () => {
    const calls = api();
    renderAt('/', <CreateExerciseDialog open onOpenChange={() => undefined} courseId={3} assignmentId={4} onSaved={() => undefined} />);
    fireEvent.click(screen.getByLabelText('Part writing (figured bass or numerals)'));
    fireEvent.click(screen.getByLabelText('Type it here'));
    fireEvent.click(screen.getByLabelText('A soprano with Roman numerals'));
    fireEvent.change(screen.getByLabelText('Meter'), { target: { value: '6/8' } });
    fireEvent.change(screen.getByLabelText('Number of chords'), { target: { value: '0' } });
    expect(screen.getByText('A whole number from 1 to 64.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Number of chords'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start typing' }));
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Soprano' } });
    const cell = document.querySelector('[data-cell="1S"]') as HTMLButtonElement;
    fireEvent.focus(cell);
    fireEvent.keyDown(cell, { key: 'c' });
    fireEvent.keyDown(cell, { key: '5' });
    fireEvent.change(screen.getByLabelText('Numeral of chord 1'), { target: { value: 'I' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Exercise' }));
    await waitFor(() => expect(calls.writes()).toHaveLength(1));
    const body = calls.writes()[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ given: ['S'], write: ['A', 'T', 'B'], meter: '6/8', chords: [{ S: 'C5', numeral: 'I', beats: 1.5 }] });
    expect(body).not.toHaveProperty('model');
  });

  it('reads a length typed after the numeral: (h) a half, a length that is not one and a chord over the barline are said, and stop the save', async () => {
    const calls = api();
    renderAt('/', <CreateExerciseDialog open onOpenChange={() => undefined} courseId={3} assignmentId={4} onSaved={() => undefined} />);
    fireEvent.click(screen.getByLabelText('Part writing (figured bass or numerals)'));
    fireEvent.click(screen.getByLabelText('Type it here'));
    fireEvent.click(screen.getByLabelText('A bass with Roman numerals'));
    fireEvent.change(screen.getByLabelText('Meter'), { target: { value: '3/4' } });
    fireEvent.change(screen.getByLabelText('Number of chords'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start typing' }));
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Lengths' } });
    expect(screen.getByText(/For another length, add its note value in brackets/)).toBeTruthy();
    for (const [cell, letter] of [
      ['1B', 'c'],
      ['2B', 'g'],
    ] as const) {
      const button = document.querySelector(`[data-cell="${cell}"]`) as HTMLButtonElement;
      fireEvent.focus(button);
      fireEvent.keyDown(button, { key: letter });
      fireEvent.keyDown(button, { key: '3' });
    }
    const first = screen.getByLabelText('Numeral of chord 1') as HTMLInputElement;
    const second = screen.getByLabelText('Numeral of chord 2') as HTMLInputElement;
    const save = screen.getByRole('button', { name: 'Save Exercise' }) as HTMLButtonElement;

    fireEvent.change(first, { target: { value: 'I (x)' } });
    expect(
      screen.getByText('Chord 1: “(x)” is not a length. Write (e), (q), (q.), (h), (h.) or (w) after the figures or numeral.'),
    ).toBeTruthy();
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(save.disabled).toBe(true);

    fireEvent.change(first, { target: { value: 'I (h)' } });
    fireEvent.change(second, { target: { value: 'V (h)' } });
    expect(screen.queryByText(/is not a length/)).toBeNull();
    expect(
      screen.getByText('Chord 2 crosses the barline: a chord must end by the end of its measure. Shorten it or a chord before it.'),
    ).toBeTruthy();
    expect(second.getAttribute('aria-invalid')).toBe('true');
    expect(save.disabled).toBe(true);

    fireEvent.change(second, { target: { value: 'V' } });
    expect(screen.queryByText(/crosses the barline/)).toBeNull();
    expect(first.value).toBe('I (h)');
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(calls.writes()).toHaveLength(1));
    expect(calls.writes()[0]?.body).toMatchObject({
      meter: '3/4',
      chords: [
        { B: 'C3', numeral: 'I', beats: 2 },
        { B: 'G3', numeral: 'V', beats: 1 },
      ],
    });
  });
  it('asks before typed work is thrown away (Escape, Cancel, the other kind): Keep editing keeps it, Discard changes leaves', {
    timeout: 20_000,
  }, async () => {
    api();
    const onOpenChange = vi.fn();
    renderAt('/', <CreateExerciseDialog open onOpenChange={onOpenChange} courseId={3} assignmentId={4} onSaved={() => undefined} />);
    fireEvent.click(screen.getByLabelText('Part writing (figured bass or numerals)'));
    fireEvent.click(screen.getByLabelText('Type it here'));
    fireEvent.click(screen.getByRole('button', { name: 'Start typing' }));
    // A typed start with nothing in it is not work yet: Cancel leaves at once.
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    onOpenChange.mockClear();

    // (The dialog here stays open whatever it asks: the same typed start, now written into.)
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Work I typed' } });
    const cell = document.querySelector('[data-cell="1B"]') as HTMLButtonElement;
    fireEvent.focus(cell);
    fireEvent.keyDown(cell, { key: 'c' });
    fireEvent.keyDown(cell, { key: '3' });

    // Escape: the question, and staying keeps the title and the note.
    fireEvent.keyDown(screen.getByLabelText('Title'), { key: 'Escape' });
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeTruthy();
    expect(onOpenChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Work I typed');
    expect(document.querySelector('[data-cell="1B"]')?.textContent).toBe('C3');

    // The other kind: asked too; staying keeps part writing and its work.
    fireEvent.click(screen.getByLabelText('Analysis (Roman numerals)'));
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect((screen.getByLabelText('Part writing (figured bass or numerals)') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Work I typed');

    // The form's own Cancel asks; Discard changes closes.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard changes' }));
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
  });

  it('an uploaded part-writing score asks before switching to analysis; leaving drops it', async () => {
    api();
    vi.stubGlobal('XMLHttpRequest', DraftXhr);
    renderAt('/', <CreateExerciseDialog open onOpenChange={() => undefined} courseId={3} assignmentId={4} onSaved={() => undefined} />);
    await uploadPartWriting();
    fireEvent.click(screen.getByLabelText('Analysis (Roman numerals)'));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect((screen.getByLabelText('Analysis (Roman numerals)') as HTMLInputElement).checked).toBe(true));
    expect(screen.queryByDisplayValue('Figured bass 1')).toBeNull();
    // Back to part writing: the upload step, and switching away again asks nothing.
    fireEvent.click(screen.getByLabelText('Part writing (figured bass or numerals)'));
    fireEvent.click(screen.getByLabelText('Analysis (Roman numerals)'));
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
  });
  it('clears an upload’s refusal on switching to Type it here (issue 38)', async () => {
    api();
    vi.stubGlobal('XMLHttpRequest', RefusedXhr);
    renderAt('/', <CreateExerciseDialog open onOpenChange={() => undefined} courseId={3} assignmentId={4} onSaved={() => undefined} />);
    fireEvent.click(screen.getByLabelText('Part writing (figured bass or numerals)'));
    const input = (await screen.findAllByLabelText('Score (MusicXML)')).at(-1) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['<score-partwise/>'], 'Broken.musicxml')] } });
    expect(await screen.findByText('Not a score.')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Type it here'));
    await waitFor(() => expect(screen.queryByText('Not a score.')).toBeNull());
  });
  it('says a refused check in the reader’s language, by its message code (QA Q9)', { timeout: 20_000 }, async () => {
    fakeApi((call) =>
      call.method === 'POST' && call.url.endsWith('/api/part-writing/check')
        ? {
            status: 400,
            body: {
              errors: [{ field: 'chords.0.figures', messages: ['"H: 7" are not figured-bass figures.'] }],
              message_codes: [[{ code: 'partWriting.badFigures', params: { figures: 'H: 7' } }]],
            },
          }
        : undefined,
    );
    await act(() => changeLanguage('ko'));
    try {
      renderAt('/', <CreateExerciseDialog open onOpenChange={() => undefined} courseId={3} assignmentId={4} onSaved={() => undefined} />);
      fireEvent.click(screen.getByLabelText('성부 쓰기(숫자 저음 또는 로마 숫자)'));
      fireEvent.click(screen.getByLabelText('여기에 입력'));
      fireEvent.change(screen.getByLabelText('화음 수'), { target: { value: '1' } });
      fireEvent.click(screen.getByRole('button', { name: '입력 시작' }));
      for (const [voice, letter, octave] of [
        ['B', 'c', '3'],
        ['T', 'g', '3'],
        ['A', 'e', '4'],
        ['S', 'c', '5'],
      ] as const) {
        const cell = (await screen.findAllByRole('button')).find((b) => b.getAttribute('data-cell') === `1${voice}`) as HTMLButtonElement;
        fireEvent.focus(cell);
        fireEvent.keyDown(cell, { key: letter });
        fireEvent.keyDown(cell, { key: octave });
      }
      fireEvent.click(screen.getByRole('button', { name: '검사' }));
      expect(await screen.findByText('"H: 7"은(는) 숫자저음 기호가 아닙니다.')).toBeTruthy();
      expect(screen.queryByText(/are not figured-bass figures/)).toBeNull();
    } finally {
      await act(() => changeLanguage('en'));
    }
  });

  it('a whole chorale: chooses the given bass among its voices, fills the model from the score and saves the pickup', async () => {
    const calls = api();
    vi.stubGlobal('XMLHttpRequest', ChoraleXhr);
    renderAt('/', <CreateExerciseDialog open onOpenChange={() => undefined} courseId={3} assignmentId={4} onSaved={() => undefined} />);
    fireEvent.click(screen.getByLabelText('Part writing (figured bass or numerals)'));
    const input = (await screen.findAllByLabelText('Score (MusicXML)')).at(-1) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], '001.mxl')] } });
    const bass = (await screen.findByLabelText('Bass')) as HTMLInputElement;
    expect(bass.checked).toBe(true);
    expect((screen.getByLabelText('Soprano') as HTMLInputElement).checked).toBe(false);
    // Every voice ticked leaves nothing to write: the exercise cannot be made.
    for (const name of ['Soprano', 'Alto', 'Tenor']) fireEvent.click(screen.getByLabelText(name));
    expect(screen.getByText('Tick at least one voice, and leave at least one for the students to write.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Make the exercise' }) as HTMLButtonElement).disabled).toBe(true);
    for (const name of ['Soprano', 'Alto', 'Tenor']) fireEvent.click(screen.getByLabelText(name));
    fireEvent.click(screen.getByRole('button', { name: 'Make the exercise' }));
    await screen.findByDisplayValue('001');
    expect(DraftXhr.urls).toEqual([
      '/api/exercise-drafts/part-writing?course_id=3',
      '/api/exercise-drafts/part-writing?course_id=3&given=B',
    ]);
    expect(
      screen.getByText("The model solution below holds the score's own Soprano, Alto, Tenor; students never receive it."),
    ).toBeTruthy();
    // Nothing under the bass as read: the instructor gives it figures, typed under the chords (lengths as read).
    expect((screen.getByLabelText('Numeral of chord 2') as HTMLInputElement).readOnly).toBe(true);
    fireEvent.click(screen.getByLabelText('Figures, typed under each chord (a chord left empty is 5 3)'));
    const second = screen.getByLabelText('Figures of chord 2') as HTMLInputElement;
    expect(second.readOnly).toBe(false);
    fireEvent.change(second, { target: { value: '6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Exercise' }));
    await waitFor(() => expect(calls.writes()).toHaveLength(1));
    const body = calls.writes()[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ given: ['B'], write: ['S', 'A', 'T'], pickup: 1, first_measure: 0 });
    expect((body.chords as { figures?: string; beats: number }[]).slice(0, 3)).toEqual([
      { B: 'G2', beats: 1, figures: '' },
      { B: 'G3', beats: 1, figures: '6' },
      { B: 'E3', beats: 1, figures: '' },
    ]);
    expect((body.model as { chords: unknown[] }).chords[0]).toEqual({ S: 'G4', A: 'D4', T: 'B3' });
  });

  it('a whole chorale: Check sends the pickup and first measure, and the finding names measure 0 (issue 38)', {
    timeout: 30_000,
  }, async () => {
    const checks: unknown[] = [];
    fakeApi((call) => {
      if (call.method === 'POST' && call.url.endsWith('/api/part-writing/check')) {
        checks.push(call.body);
        const params = { from: 1, to: 2, upper: 'S', lower: 'B', measure: 0, beat: 3, to_measure: 1, to_beat: 1 };
        return ok({ findings: [{ rule: 'parallel-fifths', chords: [0, 1], voices: ['S', 'B'], message: 'x', params }] });
      }
      return undefined;
    });
    vi.stubGlobal('XMLHttpRequest', ChoraleXhr);
    renderAt('/', <CreateExerciseDialog open onOpenChange={() => undefined} courseId={3} assignmentId={4} onSaved={() => undefined} />);
    fireEvent.click(screen.getByLabelText('Part writing (figured bass or numerals)'));
    const input = (await screen.findAllByLabelText('Score (MusicXML)')).at(-1) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], '001.mxl')] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Make the exercise' }));
    await screen.findByDisplayValue('001');
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(
      await screen.findByText('Chords 1–2 (m. 0, beat 3 – m. 1, beat 1): parallel fifths between the soprano and the bass.'),
    ).toBeTruthy();
    expect(checks[0]).toMatchObject({ key: 'G', meter: '3/4', pickup: 1, first_measure: 0 });
  });

  it('a whole chorale: the instructor merges a chord with the next and splits it again, given and model lines following (issue 35)', {
    timeout: 30_000,
  }, async () => {
    const calls = api();
    vi.stubGlobal('XMLHttpRequest', ChoraleXhr);
    renderAt('/', <CreateExerciseDialog open onOpenChange={() => undefined} courseId={3} assignmentId={4} onSaved={() => undefined} />);
    fireEvent.click(screen.getByLabelText('Part writing (figured bass or numerals)'));
    const input = (await screen.findAllByLabelText('Score (MusicXML)')).at(-1) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], '001.mxl')] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Make the exercise' }));
    await screen.findByDisplayValue('001');
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Chorale 001' } });
    expect(screen.getByText(/Select a chord to merge it with the next one or split it/)).toBeTruthy();
    // The pickup's chord cannot be merged over its barline.
    fireEvent.click(document.querySelector('[data-cell="1S"]') as HTMLElement);
    expect(screen.getByText('Chord 1: measure 0, beat 3 (quarter notes: 1)')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Merge with the next chord' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/The next chord is in the next measure/)).toBeTruthy();
    expect(screen.getByText(/This chord has no beat or note inside it to split at/)).toBeTruthy();
    // Chord 2 (G3 on the downbeat of measure 1) merged with chord 3: one chord of two beats, the lines joined.
    fireEvent.click(document.querySelector('[data-cell="2S"]') as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'Merge with the next chord' }));
    expect(screen.getByText('Chord 2: measure 1, beat 1 (quarter notes: 2)')).toBeTruthy();
    expect(document.querySelectorAll('[data-cell$="S"]')).toHaveLength(3);
    expect(document.querySelector('[data-cell="2A"]')?.textContent).toBe('D4:4+E4:4');
    // Split again on beat 2: the chords as read.
    expect((screen.getByLabelText('Split at') as HTMLSelectElement).value).toBe('1');
    expect(screen.getByRole('option', { name: 'beat 2' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Split the chord' }));
    expect(document.querySelectorAll('[data-cell$="S"]')).toHaveLength(4);
    expect(document.querySelector('[data-cell="2A"]')?.textContent).toBe('D4');
    expect(document.querySelector('[data-cell="3A"]')?.textContent).toBe('E4');
    fireEvent.click(document.querySelector('[data-cell="2S"]') as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'Merge with the next chord' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Exercise' }));
    await waitFor(() => expect(calls.writes()).toHaveLength(1));
    const body = calls.writes()[0]?.body as { chords: unknown[]; model: { chords: unknown[] } };
    expect(body.chords).toEqual([
      { B: 'G2', beats: 1 },
      { B: 'G3:4+E3:4', beats: 2 },
      { B: 'F#3', beats: 1 },
    ]);
    expect(body.model.chords).toEqual([
      { S: 'G4', A: 'D4', T: 'B3' },
      { S: 'G4:4+G4:4', A: 'D4:4+E4:4', T: 'B3:4+C4:4' },
      { S: 'D5', A: 'D4', T: 'A3' },
    ]);
  });

  it('five sung parts: the instructor chooses the four lines, gives soprano and bass, sees the key found and changes it (issue 35)', async () => {
    const calls = api();
    vi.stubGlobal('XMLHttpRequest', FiveXhr);
    renderAt('/', <CreateExerciseDialog open onOpenChange={() => undefined} courseId={3} assignmentId={4} onSaved={() => undefined} />);
    fireEvent.click(screen.getByLabelText('Part writing (figured bass or numerals)'));
    const input = (await screen.findAllByLabelText('Score (MusicXML)')).at(-1) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'Five.musicxml')] } });
    const first = (await screen.findByLabelText('Line 1: Soprano 1')) as HTMLSelectElement;
    expect(first.value).toBe('S');
    expect((screen.getByLabelText('Line 2: Soprano 2') as HTMLSelectElement).value).toBe('');
    // Two lines sung as the soprano cannot be: said, and nothing is made.
    fireEvent.change(screen.getByLabelText('Line 2: Soprano 2'), { target: { value: 'S' } });
    expect(
      screen.getByText('Give each of soprano, alto, tenor and bass one line (or only soprano and bass), each line once.'),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Make the exercise' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(first, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Soprano and bass given' }));
    expect((screen.getByLabelText('Soprano (Soprano 2)') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Bass') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Make the exercise' }));
    await screen.findByDisplayValue('Five');
    expect(DraftXhr.urls.at(-1)).toBe('/api/exercise-drafts/part-writing?course_id=3&given=S%2CB&parts=1%2C2%2C3%2C4');
    // The key found in the music, the signature's own named; the instructor changes it before saving.
    const key = screen.getByLabelText('Key (found in the music)') as HTMLSelectElement;
    expect(key.value).toBe('g');
    expect(screen.getByText(/the key signature alone says D minor/)).toBeTruthy();
    fireEvent.change(key, { target: { value: 'c' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Exercise' }));
    await waitFor(() => expect(calls.writes()).toHaveLength(1));
    const body = calls.writes()[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ key: 'c', given: ['S', 'B'], write: ['A', 'T'] });
    expect((body.chords as unknown[])[1]).toEqual({ S: 'Bb4', B: 'G3', beats: 1, phrase_end: true });
  });
});
