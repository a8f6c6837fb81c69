import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { bundleDir, root } from './cluster.ts';

/** Builds this run's own copy of the server bundle (bundleDir), as `npm run build` would. */
export function buildBundle() {
  execFileSync(process.execPath, [path.join(root, 'scripts/build-server.mjs'), bundleDir], { stdio: 'inherit' });
}
