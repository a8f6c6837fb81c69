import { AssignmentMessages } from '@app/contract/assignments';
import { writePartWritingHar } from '@app/har/part-writing/document';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bassInC, chordAnswers, FIFTHS, HIGH_MODEL, MODEL_NOTES } from '../../../test/figured-bass.ts';
import { createTestApp, dialects, errorsOf, LONG_SESSIONS, type TestClient, type TestContext } from '../../../test/helpers.ts';
import { documentInCourse } from '../../../test/part-writing-world.ts';

/**
 * Issue 35: a formal part-writing grade never stands alone. Before the findings are shown, the
 * student's report and file links say how many findings cost how many points and when the details
 * are shown (never which); "Show findings" beside "Show correct answers" may show them at hand-in;
 * a withheld grade still shows nothing.
 */

// A figured bass in C major (C3 F3 G3 C3, 5/3 each); the student writes S, A and T.
const EXERCISE = bassInC('Figured bass 1', { rules: { 'parallel-fifths': { on: true, points: 4 } }, points: 10, model: HIGH_MODEL });

describe.each(dialects)('show findings (%s)', (dialect) => {
  let t: TestContext;
  let owner: TestClient;
  let other: TestClient;
  let ta: TestClient;
  let student: TestClient;
  let anonymous: TestClient;
  let setDue: number;
  let doc: { id: number };

  const fetchText = async (url: string) => (await t.app.inject({ method: 'GET', url })).body;
  const handIn = async () => {
    const res = await student.post(`/api/documents/${doc.id}/submissions`, {
      answers: chordAnswers(FIFTHS),
    } as never);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; points: number };
  };
  const urls = async (id: number) => {
    const res = await student.get(`/api/submissions/${id}/file-urls`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const workspaceSubmission = async () => (await student.get(`/api/documents/${doc.id}/workspace`)).json().data.submissions[0];
  const workspaceFindings = async () => (await workspaceSubmission()).findings;

  beforeEach(async () => {
    t = await createTestApp(dialect, LONG_SESSIONS);
    const world = await documentInCourse(t, 'figured-bass.har', writePartWritingHar(EXERCISE));
    anonymous = world.anonymous;
    [owner, other, ta] = [world.owner.client, world.other.client, world.ta.client];
    student = (world.students[0] as { client: TestClient }).client;
    setDue = world.dueAt;
    doc = world.doc;
  });
  afterEach(async () => {
    await t.close();
  });

  it('is a document setting beside show answers: instructors only, AT_RELEASE by default, its own message for a bad value', async () => {
    const put = (client: TestClient, body: Record<string, unknown>) => client.put(`/api/documents/${doc.id}`, body);
    expect((await put(anonymous, { show_findings: 'AT_HAND_IN' })).statusCode).toBe(401);
    expect((await put(student, { show_findings: 'AT_HAND_IN' })).statusCode).toBe(403);
    expect((await put(ta, { show_findings: 'AT_HAND_IN' })).statusCode).toBe(403);
    expect((await put(other, { show_findings: 'AT_HAND_IN' })).statusCode).toBe(404);
    const bad = await put(owner, { show_findings: 'SOMETIMES' });
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad)).toEqual([{ field: 'show_findings', messages: [AssignmentMessages.showFindings] }]);
    const res = await put(owner, { show_findings: 'AT_HAND_IN' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ show_findings: 'AT_HAND_IN', show_answers: 'AFTER_DUE' });
    expect((await put(owner, { title: 'Renamed' })).json().data.show_findings).toBe('AT_HAND_IN');
  });

  it('before the findings are shown, says how many cost how many points and when — never which', async () => {
    const mine = await handIn();
    expect(mine.points).toBe(6);
    const links = await urls(mine.id);
    expect(links).toMatchObject({
      exercise_type: 'part-writing',
      marks_shown: false,
      answers_shown_at: setDue,
      points_off: { findings: 1, finding_points: 4, unfinished: 0, unfinished_points: 0 },
    });
    const report = await fetchText(links.grade_report_url);
    const shown = report.slice(0, report.indexOf(' hidden>'));
    expect(shown).toContain('1 finding costs 4 points.');
    expect(shown).toMatch(/The details are shown after [^<]+, with the correct answers\./);
    expect(shown).toContain('Total: 6 / 10');
    expect(report).not.toMatch(/parallel|fifths|−4|class="marked"/);
    for (const note of MODEL_NOTES) expect(report).not.toContain(note);
    // The workspace says the same beside the grade.
    expect(await workspaceSubmission()).toMatchObject({
      findings: [],
      points_off: { findings: 1, finding_points: 4, unfinished: 0, unfinished_points: 0 },
      findings_shown_at: setDue,
    });
    // Teachers see the findings themselves, and no summary in their links.
    const teacher = (await ta.get(`/api/submissions/${mine.id}/file-urls`)).json().data;
    expect(teacher.points_off).toBeUndefined();
    expect(await fetchText(teacher.grade_report_url)).toContain('parallel fifths');

    // Answers never shown: the report says so, drawn again rather than keeping the old date.
    await owner.put(`/api/documents/${doc.id}`, { show_answers: 'NEVER' });
    const never = await urls(mine.id);
    expect(never.answers_shown_at).toBeNull();
    expect(never.grade_report_url).not.toBe(links.grade_report_url);
    expect(await fetchText(never.grade_report_url)).toContain('Your instructor has chosen not to show the details of this exercise.');
    expect((await workspaceSubmission()).findings_shown_at).toBeNull();
  });

  it('shows the findings at hand-in when the document says so, and the model never', async () => {
    const mine = await handIn();
    const before = await urls(mine.id);
    await owner.put(`/api/documents/${doc.id}`, { show_findings: 'AT_HAND_IN' });
    const links = await urls(mine.id);
    expect(links.marks_shown).toBe(true);
    expect(links.points_off).toBeUndefined();
    const report = await fetchText(links.grade_report_url);
    expect(report).toContain('Chords 1–2 (m. 1, beats 1–2): parallel fifths between the soprano and the bass.');
    expect(report).toContain('<th class="num">−4</th>');
    for (const note of MODEL_NOTES) expect(report).not.toContain(note);
    // The report drawn for the other setting is gone, not left beside the new one.
    expect((await t.app.inject({ method: 'GET', url: before.grade_report_url })).statusCode).toBe(404);
    const findings = await workspaceFindings();
    expect(findings.map((f: { rule: string; cost: number }) => [f.rule, f.cost])).toEqual([['parallel-fifths', 4]]);
    const shown = await workspaceSubmission();
    expect(shown.points_off).toBeUndefined();
    expect(shown.findings_shown_at).toBeUndefined();
  });

  it('never shows a withheld grade, findings at hand-in or not', async () => {
    await owner.put(`/api/documents/${doc.id}`, { show_findings: 'AT_HAND_IN', delay_showing_grade: true });
    const mine = await handIn();
    const links = await urls(mine.id);
    expect(links).toMatchObject({ grade_report_url: null, png_url: null, marks_shown: false });
    expect(links.points_off).toBeUndefined();
    const withheld = await workspaceSubmission();
    expect(withheld.findings).toEqual([]);
    expect(withheld.points_off).toBeUndefined();
    expect(withheld.points).toBeNull();
  });
});
