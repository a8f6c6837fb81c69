// Builds the server ahead of time: src/main.ts (and the migrate command) with the workspace
// packages it imports (@app/contract, @app/har) become plain JavaScript in packages/server/dist,
// so a production start compiles nothing (docs/decisions). Dependencies stay in node_modules.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'packages/server/dist');

export async function buildServer(target = outdir) {
  const started = Date.now();
  // Built beside the target and swapped in, so a running start never finds the folder half made.
  const temporary = `${target}.tmp-${process.pid}`;
  fs.rmSync(temporary, { recursive: true, force: true });
  await build({
    entryPoints: {
      main: path.join(root, 'packages/server/src/main.ts'),
      migrate: path.join(root, 'packages/server/src/cli/migrate.ts'),
      // The CPU pool's thread entry (decision 032), found beside the bundle by lib/cpu-pool.ts.
      'cpu-worker': path.join(root, 'packages/server/src/lib/cpu-worker.ts'),
    },
    outdir: temporary,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    // What is imported only when needed (the S3 client) becomes a chunk of its own, loaded then.
    // Chunks sit beside the entries: app.ts finds the web app, and the bundle nested packages,
    // by paths relative to the file they are in.
    splitting: true,
    chunkNames: '[name]-[hash]',
    logLevel: 'warning',
    plugins: [
      {
        // Our own packages are bundled (they are TypeScript); every other package is imported from node_modules.
        name: 'external-dependencies',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, async (args) => {
            if (args.path.startsWith('@app/') || args.pluginData === 'inner') return undefined;
            // A package installed inside a workspace (packages/har/node_modules/…) because the root
            // holds another version of it is imported by its path, as the importing file would find it.
            const found = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: 'inner' });
            const nested = /[\\/]packages[\\/][^\\/]+[\\/]node_modules[\\/]/.test(found.path);
            if (!found.errors.length && nested && !args.path.startsWith('node:')) {
              return { path: path.relative(target, found.path).split(path.sep).join('/'), external: true };
            }
            return { path: args.path, external: true };
          });
        },
      },
    ],
  });
  fs.writeFileSync(path.join(temporary, 'package.json'), '{ "type": "module" }\n');
  fs.rmSync(target, { recursive: true, force: true });
  fs.renameSync(temporary, target);
  return Date.now() - started;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const target = process.argv[2] ? path.resolve(process.argv[2]) : outdir;
  const ms = await buildServer(target);
  console.log(`Server built into ${path.relative(root, target)} in ${ms} ms.`);
}
