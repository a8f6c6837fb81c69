import { DiscussionMessages } from '@app/contract/discussion';
import { AppError } from '../../http/errors.ts';

// Cursors are opaque to clients: base64url of the sort key of the last row they got.

/** Encodes the sort key of a row: integers joined by ':'. */
export function encodeCursor(parts: number[]): string {
  return Buffer.from(parts.join(':'), 'utf8').toString('base64url');
}

/** Decodes a cursor of `count` non-negative integers; a 400 on the `cursor` field for anything else. */
export function decodeCursor(cursor: string, count: number): number[] {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const parts = text.split(':');
  if (parts.length !== count || !parts.every((p) => /^\d{1,15}$/.test(p))) {
    throw AppError.badRequest('cursor', DiscussionMessages.badCursor);
  }
  return parts.map(Number);
}
