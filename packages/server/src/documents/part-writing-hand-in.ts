import { PartWritingMessages } from '@app/contract/part-writing';
import { lineProblemMessage } from '@app/contract/part-writing/check';
import { SubmissionMessages } from '@app/contract/submissions';
import { HarError } from '@app/har/har-error';
import type { PartWritingExercise, WrittenVoices } from '@app/har/part-writing/document';
import { type HandInProblem, type PartWritingHandInFile, writtenFromHandIn } from '@app/har/part-writing/hand-in';
import type { Deps } from '../deps.ts';
import { AppError } from '../http/errors.ts';

/** A hand-in file as the submissions route reads it (multipart, already under the upload limit). */
export type HandInFile = () => Promise<{ filename: string; bytes: Buffer } | undefined>;

function problemMessage(problem: HandInProblem): string {
  switch (problem.kind) {
    case 'no-voices':
      return PartWritingMessages.handInNoVoices;
    case 'chord-count':
      return PartWritingMessages.handInChordCount(String(problem.expected));
    case 'given-voice':
      return PartWritingMessages.handInGivenVoice(String(problem.chord));
    case 'missing-voice':
      return PartWritingMessages.handInMissingVoice(String(problem.chord));
    case 'pitch':
      return PartWritingMessages.badPitch(problem.note);
    case 'midi':
      return PartWritingMessages.outsideMidi(problem.note);
    case 'line':
      return lineProblemMessage(problem.note, problem.problem);
  }
}

/**
 * A part-writing `.har` handed in as a file (issue 27), read for its answers only: the manifest and
 * `voices.json` are unpacked in the CPU pool under their own limits (the upload's size was limited
 * before); the file's score, given voices, figures and rule settings are never read. It must be a
 * submission of this very document, with a pitch for every voice to write in every chord; the
 * first thing that is not is a 400 on `file` in words the student can act on. The written voices
 * are then graded on the server's own copy of the exercise, as a browser hand-in is.
 */
export async function writtenFromHandInFile(
  deps: Pick<Deps, 'cpu'>,
  exercise: PartWritingExercise,
  docKey: string,
  read: HandInFile,
): Promise<WrittenVoices> {
  const file = await read();
  if (!file) throw AppError.badRequest('file', SubmissionMessages.noFile);
  let handIn: PartWritingHandInFile;
  try {
    handIn = await deps.cpu.run('readPartWritingHandIn', [new Uint8Array(file.bytes)]);
  } catch (error) {
    if (error instanceof HarError) throw AppError.fromHar(error, 'file', { fileName: file.filename });
    throw error;
  }
  if (handIn.kind !== 'submission') throw AppError.badRequest('file', SubmissionMessages.notSubmission);
  if (handIn.exerciseType !== 'part-writing' || handIn.documentKey !== docKey)
    throw AppError.badRequest('file', SubmissionMessages.wrongDocument);
  const checked = writtenFromHandIn(exercise, handIn.voices);
  if ('problem' in checked) throw AppError.badRequest('file', problemMessage(checked.problem));
  return checked.written;
}
