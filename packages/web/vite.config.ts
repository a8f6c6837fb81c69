import fs from 'node:fs';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';
import { pickTier, type Tier } from './src/i18n/tiers.ts';

/**
 * A language file in parts (issue 15, decision 026): `./en.json?tier=first` is what the signed-out
 * pages and the shell show, `?tier=messages` the sentences they show by code, `?tier=rest` the
 * remainder (src/i18n/tiers.ts draws the lines). The JSON files stay whole for translators and
 * tests; each part becomes its own chunk.
 */
function localeTiers(): Plugin {
  const tiered = /[\\/]src[\\/]i18n[\\/][\w-]+\.json\?tier=(first|messages|rest)$/;
  return {
    name: 'locale-tiers',
    enforce: 'pre',
    load(id) {
      const match = tiered.exec(id);
      if (!match) return null;
      const file = id.slice(0, id.indexOf('?'));
      this.addWatchFile(file);
      return `export default ${JSON.stringify(pickTier(JSON.parse(fs.readFileSync(file, 'utf8')), match[1] as Tier))};`;
    },
  };
}

/**
 * The first paint's critical path, written into the built index.html (issue 15):
 * - The entry's stylesheets (a few KB) are inlined as <style>, so the page does not wait for five
 *   requests before it can paint. Each <link> stays with `type="text/plain"` (a type browsers do not
 *   fetch or apply; `disabled` is still fetched), because Vite's loader for lazy chunks skips
 *   stylesheets already linked in the document, so they are not added a second time.
 * - The app (app/start.tsx and what it imports: React, the router, i18next) is preloaded beside the
 *   entry, which only starts the first screen's requests and then imports it (decision 045); its
 *   stylesheets are inlined like the entry's.
 * - English (its first tier) is preloaded beside the entry: it is the fallback every visit
 *   downloads, and the language most visits show first (the app waits for it before the first render).
 */
function firstPaint(): Plugin {
  return {
    name: 'first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle ?? {};
        /** A built stylesheet as <style>, its <link> kept with a type no browser fetches (see above); undefined if it is not one. */
        const inlineCss = (file: string) => {
          const asset = bundle[file];
          return asset?.type === 'asset'
            ? `<style>${String(asset.source)}</style><link rel="stylesheet" crossorigin href="/${file}" type="text/plain">`
            : undefined;
        };
        const inlined = html.replace(
          /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g,
          (link, file: string) => inlineCss(file) ?? link,
        );
        const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
        // The app the entry imports (app/start.tsx): downloading from the start, beside the entry,
        // with the chunks it imports; its stylesheets inlined like the entry's.
        const app = chunks.find((chunk) => Object.keys(chunk.modules).some((id) => /[\\/]src[\\/]app[\\/]start\.tsx$/.test(id)));
        const appFiles = app ? [app.fileName, ...app.imports.filter((file) => !context.chunk || file !== context.chunk.fileName)] : [];
        const appCss = [...(app?.viteMetadata?.importedCss ?? [])].flatMap((file) => inlineCss(file) ?? []);
        const english = chunks.find((chunk) => (chunk.facadeModuleId ?? '').endsWith('/src/i18n/en.json?tier=first'));
        const preloads = [...appFiles, ...(english ? [english.fileName] : [])].map(
          (file) => `  <link rel="modulepreload" crossorigin href="/${file}">\n`,
        );
        return inlined.replace('</head>', `  ${appCss.join('')}\n${preloads.join('')}  </head>`);
      },
    },
  };
}

/**
 * React Router's production build in a production bundle. Its package exports name only its
 * development build (remix-run/react-router#14102), whose dev warnings and their messages ride in
 * every first load; the production build differs only in that flag. Dev server and tests keep the
 * development build.
 */
function reactRouterProduction(): Plugin {
  const production = fileURLToPath(import.meta.resolve('react-router')).replace(
    /[\\/]dist[\\/]development[\\/]index\.mjs$/,
    '/dist/production/index.mjs',
  );
  return {
    name: 'react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      return id === 'react-router' && production.endsWith('/dist/production/index.mjs') ? production : null;
    },
  };
}

const source = (file: string) => fileURLToPath(new URL(file, import.meta.url));

type ModuleGraph = (id: string) => { importedIds: readonly string[] } | null;

/** Every module `roots` reach by static imports. */
function staticClosure(roots: string[], graph: ModuleGraph): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(graph(id)?.importedIds ?? []));
  }
  return seen;
}

/** The signed-out pages' modules: what router.tsx imports before the signed-in layout (tiers.test.ts reads it the same way). */
function publicRoutes(): string[] {
  const router = fs.readFileSync(source('./src/app/router.tsx'), 'utf8');
  const signedOut = router.slice(0, router.indexOf("import('./layout/app-layout.tsx')"));
  return [...signedOut.matchAll(/import\('(\.[^']+)'\)/g)].map((match) => source(`./src/app/${match[1]}`));
}

/**
 * The chunks of the two first screens (decision 045), from the module graph:
 * - `app`: what the entry imports (app/start.tsx: React, the router, i18next, the shell), and the
 *   few modules both the sign-in page and the dashboard use (a notice, the page title, TanStack's
 *   useMutation), which would otherwise be small shared files that both fetch.
 * - `sign-in`: the sign-in page's own modules (not its libraries), which sign-up and the other
 *   signed-out pages share: one file instead of five.
 * - `signed-in`: the signed-in layout and the dashboard, every module they reach that no signed-out
 *   page reaches. A module a signed-out page shares with them stays in a small shared chunk, so a
 *   signed-out page never downloads the dashboard; every signed-in screen loads the layout anyway.
 *   Its dependencies are chosen here, so the group does not add them itself.
 */
function firstScreenGroups() {
  const start = source('./src/app/start.tsx');
  const signIn = source('./src/features/auth/routes/sign-in.tsx');
  const signedInRoots = [source('./src/app/layout/app-layout.tsx'), source('./src/app/routes/dashboard.tsx')];
  let sets: { app: Set<string>; signIn: Set<string>; signedIn: Set<string> } | undefined;
  const chunkOf = (id: string, context: { getModuleInfo: ModuleGraph }) => {
    if (!sets) {
      const graph: ModuleGraph = (module) => context.getModuleInfo(module);
      const signedOut = staticClosure(publicRoutes(), graph);
      const signInPage = staticClosure([signIn], graph);
      const signedIn = staticClosure(signedInRoots, graph);
      sets = {
        app: new Set([start, ...[...signedIn].filter((module) => signInPage.has(module))]),
        signIn: new Set([...signInPage].filter((module) => !module.includes('node_modules'))),
        signedIn: new Set([...signedIn].filter((module) => !signedOut.has(module))),
      };
    }
    if (sets.app.has(id)) return 'app';
    if (sets.signIn.has(id)) return 'sign-in';
    return sets.signedIn.has(id) ? 'signed-in' : null;
  };
  return [
    { debugName: 'app', name: (id: string, context: { getModuleInfo: ModuleGraph }) => (chunkOf(id, context) === 'app' ? 'app' : null) },
    {
      debugName: 'sign-in',
      name: (id: string, context: { getModuleInfo: ModuleGraph }) => (chunkOf(id, context) === 'sign-in' ? 'sign-in' : null),
      includeDependenciesRecursively: false,
    },
    {
      debugName: 'signed-in',
      name: (id: string, context: { getModuleInfo: ModuleGraph }) => (chunkOf(id, context) === 'signed-in' ? 'signed-in' : null),
      includeDependenciesRecursively: false,
    },
  ];
}

// The API server listens on 3000 unless API_PORT says otherwise; the dev server proxies to it
// so the browser sees one origin and the SameSite=Strict cookies keep working.
const apiTarget = `http://localhost:${process.env.API_PORT ?? '3000'}`;

export default defineConfig({
  // .br and .gz beside each asset, served by the API server's static plugin (preCompressed).
  plugins: [
    react(),
    reactRouterProduction(),
    localeTiers(),
    firstPaint(),
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, logLevel: 'silent' }),
  ],
  resolve: {
    // zod, configured jitless before any schema is defined (see the file).
    alias: [
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)) },
      // React's own hook instead of the shim for React < 18 (see the file).
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store.ts', import.meta.url)),
      },
    ],
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/files': { target: apiTarget, changeOrigin: false },
      // Google Classroom linking: top-level navigations that the API answers with redirects.
      '/gc/': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/files': { target: apiTarget, changeOrigin: false },
      // Google Classroom linking: top-level navigations that the API answers with redirects.
      '/gc/': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser the app supports has <link rel="modulepreload">; the polyfill would ride in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Everything the entry imports statically in one chunk (issue 15). Left to itself, Rolldown
        // leaves a dozen small shared chunks on every first load, each paying its own request,
        // gzip header and cold dictionary. Lazy routes still split per route.
        // The entry is small (main.tsx, decision 045): the app it imports is one chunk of its own,
        // and the sign-in page and the signed-in layout with the dashboard one each, instead of some
        // twenty files under 1 KB, each waiting its turn for one of a browser's six connections per
        // host (on a 150 ms round trip, most of a second).
        codeSplitting: {
          groups: [{ name: 'first-load', tags: ['$initial'] }, ...firstScreenGroups()],
        },
        // A language's parts keep their tier in the name (en.first-…, en.rest-…), for whoever reads a waterfall.
        chunkFileNames: (chunk) => {
          const tier = /\?tier=(\w+)$/.exec(chunk.facadeModuleId ?? '')?.[1];
          return tier ? `assets/[name].${tier}-[hash].js` : 'assets/[name]-[hash].js';
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
