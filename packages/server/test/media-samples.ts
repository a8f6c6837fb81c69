import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { FFMPEG_PATH } from '../src/modules/media/ffmpeg.ts';

const run = promisify(execFile);

/** A sine tone made by ffmpeg: a real, decodable audio file of the given length. */
export async function makeTone(seconds: number, extension: 'wav' | 'mp3' | 'ogg' = 'wav'): Promise<Buffer> {
  return generate(['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=44100:duration=${seconds}`, '-ac', '1'], extension);
}

/** A test-pattern video with a tone, made by ffmpeg. */
export async function makeVideo(seconds: number, size = '320x240'): Promise<Buffer> {
  return generate(
    [
      '-f',
      'lavfi',
      '-i',
      `testsrc=size=${size}:rate=25:duration=${seconds}`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${seconds}`,
      '-c:v',
      'mpeg4',
      '-q:v',
      '5',
      '-c:a',
      'libmp3lame',
      '-shortest',
    ],
    'avi',
  );
}

async function generate(args: string[], extension: string): Promise<Buffer> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'hd-sample-'));
  const file = path.join(dir, `sample.${extension}`);
  try {
    await run(FFMPEG_PATH, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args, file]);
    return await fs.promises.readFile(file);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

/** Bytes that look like an .m4a to a magic-number check but hold no playable media. */
export function corruptM4a(): Buffer {
  const ftyp = Buffer.from('00000018667479704d344120000000004d34412069736f6d', 'hex');
  return Buffer.concat([ftyp, randomBytes(64 * 1024)]);
}

/** A Windows executable's first bytes (MZ header), whatever name it is given. */
export function fakeExe(): Buffer {
  const bytes = Buffer.alloc(8192);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  return bytes;
}

/** A multipart/form-data body with one file part. */
export function multipart(field: string, filename: string, bytes: Buffer, contentType = 'application/octet-stream') {
  const boundary = `----hd${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat([head, bytes, tail]), contentType: `multipart/form-data; boundary=${boundary}`, head, tail };
}
