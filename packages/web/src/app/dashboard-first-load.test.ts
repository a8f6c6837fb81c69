import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The dashboard's first load stays without zod (issue 15, decisions 025 and 029): zod and the
 * contract's schemas (~30 KB gzip) load with the screens and forms that validate, never with the
 * entry, the signed-in layout or the dashboard. One value import of a schema module (`LANGUAGES`
 * from `@app/contract/users` instead of `@app/contract/constants`) put the dashboard at 207 KB
 * against its 200 KB budget.
 */

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const contract = path.resolve(src, '../../contract/src');
const read = (file: string) => fs.readFileSync(file, 'utf8');

/** Where a static import leads: a module of the web app or of the contract, 'zod', or nothing we follow. */
function resolve(from: string, specifier: string): string | undefined {
  if (specifier === 'zod' || specifier.startsWith('zod/')) return 'zod';
  if (specifier.startsWith('@app/contract/')) return path.join(contract, `${specifier.slice('@app/contract/'.length)}.ts`);
  if (specifier.startsWith('.') && /\.tsx?$/.test(specifier)) return path.resolve(path.dirname(from), specifier);
  return undefined;
}

/**
 * Every module the entries reach through static imports that stay in the bundle (`import type` and
 * `export type` are erased; `import()` is a later load), each with the chain that reached it.
 */
function reachable(entries: string[]): Map<string, string[]> {
  const chains = new Map<string, string[]>();
  const queue: [string, string[]][] = entries.map((file) => [file, [path.relative(src, file)]]);
  while (queue.length > 0) {
    const [file, chain] = queue.shift() as [string, string[]];
    if (chains.has(file)) continue;
    chains.set(file, chain);
    if (file === 'zod') continue;
    for (const match of read(file).matchAll(/^(?:import|export)(?!\s+type\b)[^;]*?from\s+'([^']+)'/gm)) {
      const next = resolve(file, match[1] ?? '');
      if (next && !chains.has(next)) queue.push([next, [...chain, next === 'zod' ? 'zod' : path.relative(src, next)]]);
    }
  }
  return chains;
}

describe('the dashboard’s first load', () => {
  it('reaches no zod from the entry, the signed-in layout or the dashboard route', () => {
    const entries = ['main.tsx', 'app/start.tsx', 'app/layout/app-layout.tsx', 'app/routes/dashboard.tsx'].map((file) =>
      path.join(src, file),
    );
    for (const entry of entries) expect(fs.existsSync(entry), entry).toBe(true);
    const chains = reachable(entries);
    // The walk finds the dashboard's own modules and the contract's zod-free constants.
    expect(chains.size).toBeGreaterThan(40);
    expect(chains.has(path.join(contract, 'constants.ts'))).toBe(true);
    expect(chains.get('zod')?.join(' → ') ?? null).toBeNull();
  });

  it('starts from a small entry: main.tsx reaches no library but js-cookie (decision 045)', () => {
    // The entry starts the first screen's requests before the app (React, the router, i18next)
    // has downloaded; a library import here would make every page wait for it first.
    const libraries = new Map<string, string>();
    for (const [file, chain] of reachable([path.join(src, 'main.tsx')])) {
      if (file === 'zod') continue;
      for (const match of read(file).matchAll(/^(?:import|export)(?!\s+type\b)[^;]*?from\s+'([^.@][^']*|@(?!app\/)[^']*)'/gm)) {
        libraries.set(match[1] ?? '', chain.join(' → '));
      }
    }
    expect([...libraries.keys()]).toEqual(['js-cookie']);
  });
});
