// The CPU pool's thread entry when the server runs from its TypeScript sources (tests, e2e,
// `npm run dev`): a worker thread does not inherit the loader tsx gave the main thread, so it
// registers tsx itself before loading cpu-worker.ts. The built server uses dist/cpu-worker.js.
// Verovio is imported first, natively: through tsx's loader its 8 MB module takes many seconds.
import { register } from 'tsx/esm/api';

await Promise.all([import('verovio/wasm'), import('verovio/esm')]);
register();
const worker = await import('./cpu-worker.ts');
export default worker.default;
