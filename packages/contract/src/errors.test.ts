import { describe, expect, it } from 'vitest';
import { ErrorBody } from './errors.ts';

describe('the error envelope (DESIGN §5)', () => {
  it('reads coded and field errors, with the message codes beside them', () => {
    const body = {
      errors: [
        { code: 'forbidden', message: 'Course has ended.' },
        { field: 'title', messages: ['This field must be at most 200 characters.', 'Said only by the server.'] },
      ],
      message_codes: [[{ code: 'course.ended' }], [{ code: 'zod.stringAtMost', params: { max: '200' } }, null]],
    };
    expect(ErrorBody.parse(body)).toEqual(body);
  });

  it('still reads an envelope without codes (an older server, the not-found handler)', () => {
    expect(ErrorBody.safeParse({ errors: [{ code: 'not_found', message: 'No such path.' }] }).success).toBe(true);
    expect(ErrorBody.safeParse({ message: 'no envelope' }).success).toBe(false);
  });
});
