// `npm run licenses`: every production dependency (server and the web bundle, direct and
// transitive, not the dev tools) with its version and licence, read from the installed tree by
// npm itself (`npm query .prod`), then a count per licence and the ones worth a second look.
// `npm audit` needs an advisory service this machine cannot reach; this list is what can be
// checked here (issue 16). `-- --json` prints the list as JSON instead.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const asJson = process.argv.includes('--json');

// Under `npm run`, npm_execpath is the npm that runs us; otherwise the one on the PATH.
const npm = process.env.npm_execpath;
const query = (selector) =>
  npm
    ? execFileSync(process.execPath, [npm, 'query', selector], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    : execFileSync('npm', ['query', selector], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

/** A package's licence as its package.json states it: the SPDX string, the old object or list forms, or a LICENSE file's first line. */
function licenceOf(node) {
  const { license, licenses } = node;
  if (typeof license === 'string') return license;
  if (license && typeof license.type === 'string') return license.type;
  if (Array.isArray(licenses) && licenses.length > 0) return `(${licenses.map((l) => l.type ?? l).join(' OR ')})`;
  const dir = path.join(root, node.location);
  const file = fs.existsSync(dir) ? fs.readdirSync(dir).find((f) => /^(licen[cs]e|copying)/i.test(f)) : undefined;
  if (!file) return 'UNKNOWN';
  const firstLine = fs.readFileSync(path.join(dir, file), 'utf8').trim().split('\n')[0]?.slice(0, 60);
  return `UNKNOWN (${path.join(node.location, file)}: ${firstLine})`;
}

// Licences that ask something of whoever ships the code (copyleft), or that no one has stated.
const REVIEW = /GPL|MPL|EPL|CDDL|SSPL|AGPL|UNKNOWN|UNLICENSED|SEE LICENSE/i;

const nodes = JSON.parse(query('.prod'));
const packages = new Map();
for (const node of nodes) {
  // The root and the workspaces (packages/*, e2e) are ours, not dependencies.
  if (!node.location?.includes('node_modules')) continue;
  const key = `${node.name}@${node.version}`;
  if (!packages.has(key)) packages.set(key, { name: node.name, version: node.version, license: licenceOf(node), path: node.location });
}
const list = [...packages.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));

if (asJson) {
  process.stdout.write(`${JSON.stringify(list, null, 2)}\n`);
} else {
  const width = Math.max(...list.map((p) => `${p.name}@${p.version}`.length)) + 2;
  for (const p of list) console.log(`${`${p.name}@${p.version}`.padEnd(width)}${p.license}`);
  const counts = new Map();
  for (const p of list) counts.set(p.license, (counts.get(p.license) ?? 0) + 1);
  console.log(`\n${list.length} production packages by licence:`);
  for (const [licence, count] of [...counts].sort((a, b) => b[1] - a[1])) console.log(`  ${String(count).padStart(4)}  ${licence}`);
  const review = list.filter((p) => REVIEW.test(p.license));
  if (review.length > 0) {
    console.log('\nTo look at before shipping (copyleft or unstated; see docs/decisions/ for the ones already settled):');
    for (const p of review) console.log(`  ${p.name}@${p.version}  ${p.license}`);
  }
}
