import { configureZodMessages } from '@app/contract/zod-config';
import { z } from 'zod';

// Imported first by main.tsx, before any schema is used.
// Zod compiles object parsers with `new Function` unless told not to; the Content-Security-Policy
// (no 'unsafe-eval') blocks that and reports a violation on every page, even though zod falls back.
// Jitless parsing is a little slower and keeps the console clean and the policy strict (issue 16).
z.config({ jitless: true });
// The same readable zod defaults as the server, so client messages translate the same way.
configureZodMessages();
