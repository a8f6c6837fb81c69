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
 * - English (its first tier) is preloaded beside the entry: it is the fallback every visit
 *   downloads, and the language most visits show first (main.tsx waits for it before the first render).
 */
function firstPaint(): Plugin {
  return {
    name: 'first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle ?? {};
        const inlined = html.replace(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g, (link, file: string) => {
          const asset = bundle[file];
          if (asset?.type !== 'asset') return link;
          return `<style>${String(asset.source)}</style><link rel="stylesheet" crossorigin href="/${file}" type="text/plain">`;
        });
        const english = Object.values(bundle).find(
          (output) => output.type === 'chunk' && (output.facadeModuleId ?? '').endsWith('/src/i18n/en.json?tier=first'),
        );
        if (!english) return inlined;
        return inlined.replace('</head>', `  <link rel="modulepreload" crossorigin href="/${english.fileName}">\n  </head>`);
      },
    },
  };
}

// The API server listens on 3000 unless API_PORT says otherwise; the dev server proxies to it
// so the browser sees one origin and the SameSite=Strict cookies keep working.
const apiTarget = `http://localhost:${process.env.API_PORT ?? '3000'}`;

export default defineConfig({
  // .br and .gz beside each asset, served by the API server's static plugin (preCompressed).
  plugins: [
    react(),
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
        codeSplitting: {
          groups: [{ name: 'first-load', tags: ['$initial'] }],
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
