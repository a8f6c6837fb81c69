import { type HarRef, harMessage } from '@app/contract/har-messages';

/**
 * Why a `.har` file was refused or could not be rendered. The server answers
 * 'too_large' with 413 and the others with 400; the message is a full sentence
 * that names what is wrong and is safe to show to the person who sent the file.
 * Built from a coded sentence (`new HarError(har('fileEmpty'))`), it carries the
 * code and values as `ref`, which the server sends in `message_codes` so the web
 * app shows the sentence in the reader's language (qa-findings Q4).
 */
export type HarErrorCode = 'too_large' | 'invalid_archive' | 'invalid_content' | 'unreadable_score';

export class HarError extends Error {
  override readonly name = 'HarError';
  readonly code: HarErrorCode;
  /** The sentence's code and values, when it is one of @app/contract/har-messages. */
  readonly ref?: HarRef;

  constructor(message: string | HarRef, code: HarErrorCode = 'invalid_content') {
    super(typeof message === 'string' ? message : harMessage(message));
    this.code = code;
    if (typeof message !== 'string') this.ref = message;
  }
}
