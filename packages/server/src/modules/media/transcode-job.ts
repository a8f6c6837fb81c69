import fs from 'node:fs';
import path from 'node:path';
import type { Deps } from '../../deps.ts';
import { type JobContext, JobStoppedError, JobTimeoutError } from '../../jobs/job-queue.ts';
import { jobWorkPrefix } from '../../jobs/leftovers.ts';
import { downloadToFile, uploadFromFile } from '../../storage/storage.ts';
import { audioArgs, ffmpeg, probe, videoArgs } from './ffmpeg.ts';
import { findFileById, updateFile } from './repository.ts';

export const TRANSCODE_JOB = 'media.transcode';
export type TranscodePayload = { mediaFileId: number };

class UnplayableError extends Error {}

/** Storage folder of one media file: its upload and its transcoded output. */
export const mediaFolder = (fileKey: string) => `media/${fileKey}`;

/**
 * Registers the transcoding job: UNSTARTED → IN_PROGRESS → COMPLETED (with the
 * output and its duration) or FAILED (with the reason, logged and stored).
 * Audio becomes AAC in .m4a, video H.264/AAC in .mp4. Safe to run again: a job
 * interrupted by a crash or restart finds the file IN_PROGRESS and starts over.
 */
export function registerTranscodeJob(deps: Deps) {
  const { db, storage, clock, config } = deps;
  const timeLimitSeconds = config.media.transcodeSeconds;

  async function transcode({ mediaFileId }: TranscodePayload, context: JobContext) {
    const file = await findFileById(db, mediaFileId);
    // Deleted meanwhile, or already settled by an earlier run.
    if (!file || file.transcode_status === 'COMPLETED' || file.transcode_status === 'FAILED') return;
    const log = context.log.child({ mediaFileId, fileKey: file.file_key, attempt: context.attempt });
    await updateFile(db, file.id, { transcode_status: 'IN_PROGRESS', updated_at: clock.now() });
    // Named after this process, so a later start can clean up after it (jobs/leftovers.ts).
    const work = await fs.promises.mkdtemp(jobWorkPrefix());
    try {
      if (!file.source_key) throw new UnplayableError('The uploaded file is missing.');
      const input = path.join(work, 'source');
      await downloadToFile(storage, file.source_key, input);
      const source = await probe(input, context.signal).catch(() => {
        throw new UnplayableError('The file could not be read as audio or video.');
      });
      if (!source.hasAudio && !source.hasVideo) throw new UnplayableError('The file has no audio or video stream.');
      const mediaType = source.hasVideo ? 'video' : 'audio';
      const outputName = mediaType === 'video' ? 'output.mp4' : 'output.m4a';
      const output = path.join(work, outputName);
      const started = Date.now();
      await ffmpeg(mediaType === 'video' ? videoArgs(input, output, source.hasAudio) : audioArgs(input, output), context.signal);
      const result = await probe(output, context.signal);
      const outputKey = `${mediaFolder(file.file_key)}/${outputName}`;
      await uploadFromFile(storage, outputKey, output);
      const stillThere = await updateFile(db, file.id, {
        transcode_status: 'COMPLETED',
        media_type: mediaType,
        output_key: outputKey,
        source_key: null,
        duration: result.durationSeconds,
        transcode_error: null,
        updated_at: clock.now(),
      });
      if (!stillThere) {
        await storage.deletePrefix(mediaFolder(file.file_key));
        return;
      }
      await storage.delete(file.source_key);
      log.info({ mediaType, duration: result.durationSeconds, ms: Date.now() - started }, 'media transcoded');
    } catch (error) {
      // Shutdown: leave the file IN_PROGRESS and let the queue run the job again after the restart.
      if (error instanceof JobStoppedError) throw error;
      const reason =
        error instanceof JobTimeoutError
          ? `Transcoding took longer than the limit of ${timeLimitSeconds} seconds.`
          : error instanceof UnplayableError
            ? error.message
            : `Transcoding failed: ${error instanceof Error ? error.message : String(error)}`.slice(0, 1000);
      log.warn({ err: error, reason }, 'media transcoding failed');
      await updateFile(db, file.id, { transcode_status: 'FAILED', transcode_error: reason, updated_at: clock.now() });
    } finally {
      await fs.promises.rm(work, { recursive: true, force: true });
    }
  }

  deps.jobs.register<TranscodePayload>(TRANSCODE_JOB, transcode, {
    timeLimitMs: timeLimitSeconds * 1000,
    maxAttempts: 3,
    retryDelaySeconds: 10,
  });
}
