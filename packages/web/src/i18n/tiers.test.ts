import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import ko from './ko.json';
import { FIRST_TIER_PATHS, inFirstTier, PUBLIC_MESSAGE_PATHS, pickTier, type Tier, tierOf } from './tiers.ts';
import zhHans from './zh-hans.json';
import zhHant from './zh-hant.json';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const at = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [at] : leaves(value, at);
  });
}

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file: string) => fs.readFileSync(file, 'utf8');

/** The modules a signed-out page runs: the public routes of router.tsx and the shell around them. */
function signedOutModules(): string[] {
  const router = read(path.join(src, 'app/router.tsx'));
  const start = router.indexOf('Component: AuthLayout');
  const end = start + router.slice(start).search(/AppLayout|app-layout/);
  expect(start, 'router.tsx names the AuthLayout before the AppLayout').toBeGreaterThan(0);
  expect(end).toBeGreaterThan(start);
  const routes = [...router.slice(start, end).matchAll(/import\('(\.[^']+)'\)/g)].map((m) => path.resolve(src, 'app', m[1] ?? ''));
  expect(routes.length, 'the public routes are found').toBeGreaterThanOrEqual(5);
  const shell = [
    'app/root.tsx',
    'app/providers.tsx',
    'app/layout/auth-layout.tsx',
    'app/routes/error-page.tsx',
    'components/ui/loading-screen.tsx',
  ];
  return [...routes, ...shell.map((file) => path.join(src, file))];
}

/** Every module a file reaches through static, non-type imports (not `import()`: that is a later load). */
function reachable(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of read(file).matchAll(/^(?:import|export)(?!\s+type\b)[^;]*?from\s+'(\.[^']+\.tsx?)'/gm))
      queue.push(path.resolve(path.dirname(file), match[1] ?? ''));
  }
  return seen;
}

const sections = new Set(Object.keys(en));

/** The translation keys a module names: whole keys in quotes, and the fixed start of built keys (`errors.${code}`). */
function keysIn(source: string): { keys: string[]; prefixes: string[] } {
  const first = (key: string) => sections.has(key.split('.')[0] ?? '');
  const keys = [...source.matchAll(/['"`]([a-zA-Z]+(?:\.[A-Za-z0-9_]+)+)['"`]/g)].map((m) => m[1] ?? '').filter(first);
  const prefixes = [...source.matchAll(/`([a-zA-Z]+(?:\.[A-Za-z0-9_]+)*)\.\$\{/g)].map((m) => m[1] ?? '').filter(first);
  return { keys, prefixes };
}

describe('translation tiers', () => {
  it.each([
    ['en', en],
    ['zh-hans', zhHans],
    ['zh-hant', zhHant],
    ['ko', ko],
  ] as const)('%s: the tiers together are the whole file, each key in exactly one', (_language, translation) => {
    const tiers: Tier[] = ['first', 'messages', 'rest'];
    const parts = tiers.map((tier) => leaves(pickTier(translation, tier) as Tree));
    expect(parts.flat().sort()).toEqual(leaves(translation).sort());
    tiers.forEach((tier, index) => {
      expect(parts[index]?.every((key) => tierOf(key) === tier)).toBe(true);
      expect(parts[index]?.length, tier).toBeGreaterThan(0);
    });
  });

  it('every path of the first and messages tiers exists in English', () => {
    const all = leaves(en);
    for (const tierPath of [...FIRST_TIER_PATHS, ...PUBLIC_MESSAGE_PATHS])
      expect(
        all.some((key) => key === tierPath || key.startsWith(`${tierPath}.`)),
        tierPath,
      ).toBe(true);
  });

  it('the signed-out pages and the shell use only first-tier keys (no key shows before its words arrive)', () => {
    const modules = reachable(signedOutModules());
    // The translator itself builds keys from server codes; an unknown one falls back to the sentence as sent.
    const checked = [...modules].filter((file) => !file.startsWith(path.join(src, 'i18n')));
    expect(checked.some((file) => file.endsWith('sign-in.tsx'))).toBe(true);
    const outside: string[] = [];
    for (const file of checked) {
      const { keys, prefixes } = keysIn(read(file));
      const name = path.relative(src, file);
      for (const key of keys) if (!inFirstTier(key)) outside.push(`${name}: ${key}`);
      for (const prefix of prefixes) if (!inFirstTier(prefix)) outside.push(`${name}: ${prefix}.…`);
    }
    expect(outside).toEqual([]);
  });
});
