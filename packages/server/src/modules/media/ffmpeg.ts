import { spawn } from 'node:child_process';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import ffprobeInstaller from '@ffprobe-installer/ffprobe';

/** The static ffmpeg and ffprobe builds that ship inside npm packages (DESIGN §10). */
export const FFMPEG_PATH = ffmpegInstaller.path;
export const FFPROBE_PATH = ffprobeInstaller.path;

export type ProbeResult = {
  durationSeconds: number | null;
  hasAudio: boolean;
  /** A real picture track; cover art attached to an audio file does not count. */
  hasVideo: boolean;
};

/** Runs a tool to the end; rejects with the tail of its stderr, or with the signal's reason when aborted. */
function run(command: string, args: string[], signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...(signal ? { signal, killSignal: 'SIGKILL' } : {}) });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString()).slice(-4000);
    });
    child.on('error', (error) => reject(signal?.aborted ? signal.reason : error));
    child.on('close', (code) => {
      if (signal?.aborted) return reject(signal.reason);
      if (code === 0) return resolve(Buffer.concat(out).toString());
      const lines = err.trim().split('\n').filter(Boolean);
      reject(new Error(lines.slice(-3).join(' ').slice(0, 1000) || `${command} exited with code ${code}`));
    });
  });
}

/** What ffprobe says a file holds. */
export async function probe(file: string, signal?: AbortSignal): Promise<ProbeResult> {
  const json = await run(FFPROBE_PATH, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], signal);
  const info = JSON.parse(json) as {
    format?: { duration?: string };
    streams?: { codec_type?: string; disposition?: { attached_pic?: number }; duration?: string }[];
  };
  const streams = info.streams ?? [];
  const duration = Number.parseFloat(info.format?.duration ?? '');
  return {
    durationSeconds: Number.isFinite(duration) ? duration : null,
    hasAudio: streams.some((s) => s.codec_type === 'audio'),
    hasVideo: streams.some((s) => s.codec_type === 'video' && !s.disposition?.attached_pic),
  };
}

/** Audio → AAC in .m4a, moov atom first so playback starts before the whole file has arrived. */
export function audioArgs(input: string, output: string): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-i',
    input,
    '-map',
    '0:a:0',
    '-vn',
    '-sn',
    '-dn',
    '-c:a',
    'aac',
    '-b:a',
    '160k',
    '-movflags',
    '+faststart',
    output,
  ];
}

/** Video → H.264 (at most 1920 wide, even sizes, yuv420p for every browser) with AAC audio in .mp4, +faststart. */
export function videoArgs(input: string, output: string, withAudio: boolean): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-i',
    input,
    '-map',
    '0:v:0',
    ...(withAudio ? ['-map', '0:a:0', '-c:a', 'aac', '-b:a', '128k'] : ['-an']),
    '-sn',
    '-dn',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '23',
    '-pix_fmt',
    'yuv420p',
    '-vf',
    'scale=w=min(1920\\,trunc(iw/2)*2):h=-2',
    '-movflags',
    '+faststart',
    output,
  ];
}

/** Runs ffmpeg with the given arguments. */
export async function ffmpeg(args: string[], signal?: AbortSignal): Promise<void> {
  await run(FFMPEG_PATH, args, signal);
}
