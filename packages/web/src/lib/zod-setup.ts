import { configureZodMessages } from '@app/contract/zod-config';

// Imported first by main.tsx. (Jitless parsing is set even earlier: lib/zod-jitless.ts.)
// The same readable zod defaults as the server, so client messages translate the same way.
configureZodMessages();
