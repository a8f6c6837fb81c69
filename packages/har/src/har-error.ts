/**
 * Why a `.har` file was refused or could not be rendered. The server answers
 * 'too_large' with 413 and the others with 400; the message is a full sentence
 * that names what is wrong and is safe to show to the person who sent the file.
 */
export type HarErrorCode = 'too_large' | 'invalid_archive' | 'invalid_content' | 'unreadable_score';

export class HarError extends Error {
  override readonly name = 'HarError';
  readonly code: HarErrorCode;

  constructor(message: string, code: HarErrorCode = 'invalid_content') {
    super(message);
    this.code = code;
  }
}
