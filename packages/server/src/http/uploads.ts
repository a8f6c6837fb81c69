import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/**
 * The one way a route reads uploaded files it buffers (.har, MusicXML): the route names the
 * limits and the module's words for a file over them; a service gets `{ filename, read }` and
 * never sees multipart or a 413. Media streams to storage instead (modules/media/service.ts).
 */
export type UploadedFile = { filename: string; read: () => Promise<Buffer> };

export type UploadLimits = {
  /** Bytes one file may have; a bigger one answers 413 with `tooLarge`. */
  maxBytes: number;
  /** Files the request may carry (default 1); a service that counts them may allow one more and refuse it in its own words. */
  maxFiles?: number;
  /** Non-file fields the request may carry (default 5). */
  fields?: number;
  /** The module's message for a file over `maxBytes`. */
  tooLarge: string;
};

function uploaded(part: MultipartFile, tooLarge: string): UploadedFile {
  return {
    filename: part.filename,
    async read() {
      try {
        return await part.toBuffer();
      } catch (error) {
        // The parser stops at fileSize and throws its own 413 (FST_REQ_FILE_TOO_LARGE).
        if ((error as { statusCode?: number }).statusCode === 413) throw new AppError('too_large', tooLarge, 413);
        throw error;
      }
    },
  };
}

/** The first file of a multipart request; undefined when the request is not multipart or has none. */
export async function uploadedFile(request: FastifyRequest, limits: UploadLimits): Promise<UploadedFile | undefined> {
  if (!request.isMultipart()) return undefined;
  const part = await request.file({ limits: { fileSize: limits.maxBytes, files: limits.maxFiles ?? 1, fields: limits.fields ?? 5 } });
  return part ? uploaded(part, limits.tooLarge) : undefined;
}

/** The files of a multipart request in order, each read when the service asks (one at a time). */
export async function* uploadedFiles(request: FastifyRequest, limits: UploadLimits): AsyncIterable<UploadedFile> {
  const parts = request.files({ limits: { fileSize: limits.maxBytes, files: limits.maxFiles ?? 1, fields: limits.fields ?? 5 } });
  for await (const part of parts) yield uploaded(part, limits.tooLarge);
}
