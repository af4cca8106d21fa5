import react from '@vitejs/plugin-react';
import type { AcceptedPlugin } from 'postcss';
import postcssPresetMantine from 'postcss-preset-mantine';
import { defineConfig } from 'vite';
// With their extensions: Vite loads this file with Node's own loader (configLoader 'native'), which
// resolves no extension-less path.
import { doorServiceWorker } from './door-service-worker.ts';
import { precompress } from './precompress.ts';

// The preset ships an untyped module declaration; this is its documented call signature.
const mantinePreset = postcssPresetMantine as () => AcceptedPlugin;

/**
 * zod probes `new Function` as it builds its first object schema, which the Content-Security-Policy
 * refuses and reports on every page (docs/decisions/0018-headers-redirects-and-clean-logs.md).
 * zod reads its settings from globalThis as it loads, so the chunk that carries zod sets `jitless`
 * before zod's own code runs: a call of z.config in main.tsx would come after the chunks it imports.
 */
const zodWithoutEval = (chunk: { moduleIds: string[] }) =>
  chunk.moduleIds.some((id) => /[\\/]node_modules[\\/]zod[\\/]/.test(id))
    ? 'globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };'
    : '';

/**
 * Chunks for what every page runs, whichever page it is (docs/decisions/0046-fast-first-load.md): left
 * to itself the bundler spreads them over a dozen files, and on HTTP/1.1 a phone fetches six at a time,
 * each waiting a round trip. Only libraries a page runs whole are named here: a group takes every
 * module of its test that any page uses, so a library of components (all of Mantine) would bring
 * every admin screen's components to the first page.
 */
const EVERY_PAGE_RUNS =
  /[\\/]node_modules[\\/](?:i18next|i18next-icu|react-i18next|intl-messageformat|@formatjs[\\/][^\\/]+|@tanstack[\\/](?:query-core|react-query)|zod)[\\/]|[\\/]packages[\\/]contract[\\/]/;
/**
 * React and React Router, every page's too, in a chunk of their own: with them the one chunk passed
 * 650 kB (200 kB gzipped), over Vite's 500 kB warning; two chunks the page preloads together cost the
 * same bytes and one more request in parallel.
 */
const REACT = /[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router)[\\/]/;
/** Mantine's provider, theme and style machinery (its core/ folder), which every component builds on. */
const MANTINE_BASE = /[\\/]node_modules[\\/]@mantine[\\/](?:core[\\/]esm[\\/]core|hooks|store)[\\/]/;

// The API serves the built SPA from apps/web/dist at the site root, so assets resolve from '/'.
// In development the API runs beside Vite on port 3000; the proxy keeps requests same-origin.
export default defineConfig({
  base: '/',
  // The door's service worker, built to /sw.js (docs/decisions/0037-installable-offline-door.md);
  // then every text file compressed beside itself (docs/decisions/0046-fast-first-load.md).
  plugins: [react(), doorServiceWorker(), precompress()],
  css: {
    postcss: { plugins: [mantinePreset()] },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        intro: zodWithoutEval,
        codeSplitting: {
          groups: [
            { name: 'react', test: REACT, priority: 3 },
            { name: 'runtime', test: EVERY_PAGE_RUNS, priority: 2 },
            { name: 'mantine-base', test: MANTINE_BASE, priority: 1 },
          ],
        },
      },
    },
  },
});
