import type { z } from 'zod';

/**
 * Zod's default messages read like a type checker; ours are sentences a person
 * can act on, ending in a period (DESIGN §5). Schemas with their own message keep it.
 * Written without a runtime import of zod, so the web app can install it in the module
 * that configures zod (its `zod` alias) and the server through `configureZodMessages`.
 */
export const zodMessages: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type') {
    if (issue.input === undefined) return 'This field is required.';
    return `This field must be ${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}.`;
  }
  if (issue.code === 'too_small' && (issue.origin === 'number' || issue.origin === 'bigint')) {
    return `This number must be ${issue.inclusive ? 'at least' : 'greater than'} ${issue.minimum}.`;
  }
  if (issue.code === 'too_big' && (issue.origin === 'number' || issue.origin === 'bigint')) {
    return `This number must be ${issue.inclusive ? 'at most' : 'less than'} ${issue.maximum}.`;
  }
  if (issue.code === 'too_small' && issue.origin === 'string') {
    return issue.minimum === 1 ? 'This field is required.' : `This field must be at least ${issue.minimum} characters.`;
  }
  if (issue.code === 'too_big' && issue.origin === 'string') {
    return `This field must be at most ${issue.maximum} characters.`;
  }
  if (issue.code === 'invalid_value') return 'This value is not one of the allowed choices.';
  if (issue.code === 'invalid_format') return 'This value is not in the expected format.';
  return undefined;
};
