import { RULE_IDS } from '@app/contract/part-writing/rules';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
});
