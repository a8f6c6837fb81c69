// Every `import … from 'zod'` of the web build (the contract's schemas too) resolves to this module
// (vite.config.ts), so zod is configured before the first schema exists. Zod decides per object
// schema, when it is defined, whether to compile a parser with `new Function`; merely probing for it
// is a violation of the Content-Security-Policy (no 'unsafe-eval') on every page (issue 16).
// Jitless parsing is a little slower and keeps the console clean and the policy strict.
// The same readable messages as the server are set here too, so they come with zod wherever it
// first loads (a form's first submit, an error envelope) rather than in the entry chunk.
import { zodMessages } from '@app/contract/zod-messages';
import { z } from 'zod/v4';

z.config({ jitless: true, customError: zodMessages });

export * from 'zod/v4';
export { z, z as default };
