// `npm start`: install the lock's packages (npm ci) when they are missing or older than the lock,
// build the web app and the server when their sources changed, then run the built server (which
// migrates, adds demo data to a new database, and listens). `--worker` runs jobs only
// (`npm run worker`); `--migrate` migrates and exits (`npm run migrate`). Nothing is compiled at
// run time (docs/decisions/).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);

function newestIn(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestIn(full) : mtime(full));
  }
  return newest;
}

// npm ci installs exactly the committed lock and never rewrites it (npm install may add entries),
// so starting leaves the work tree as it was.
const installed = path.join(root, 'node_modules/.package-lock.json');
if (mtime(installed) < mtime(path.join(root, 'package-lock.json'))) {
  console.log('Installing dependencies…');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

const mode = process.argv.includes('--migrate') ? 'migrate' : process.argv.includes('--worker') ? 'worker' : 'web';

const builtIndex = path.join(root, 'packages/web/dist/index.html');
const sources = [
  path.join(root, 'packages/web/src'),
  path.join(root, 'packages/contract/src'),
  path.join(root, 'packages/web/index.html'),
  path.join(root, 'packages/web/vite.config.ts'),
];
const newestSource = Math.max(...sources.map((s) => (fs.existsSync(s) && fs.statSync(s).isDirectory() ? newestIn(s) : mtime(s))));
if (mode === 'web' && mtime(builtIndex) < newestSource) {
  console.log('Building the web app…');
  run('npm', ['run', 'build']);
}

// A deployment image holds the bundle without the sources: then there is nothing to rebuild.
const serverSources = ['packages/server/src', 'packages/contract/src', 'packages/har/src'].map((p) => path.join(root, p));
const builtServer = path.join(root, 'packages/server/dist/main.js');
if (fs.existsSync(serverSources[0]) && mtime(builtServer) < Math.max(...serverSources.filter((s) => fs.existsSync(s)).map(newestIn))) {
  console.log('Building the server…');
  const { buildServer } = await import('./build-server.mjs');
  await buildServer();
}

if (mode === 'worker') process.env.ROLE = 'worker';
await import(mode === 'migrate' ? '../packages/server/dist/migrate.js' : '../packages/server/dist/main.js');
