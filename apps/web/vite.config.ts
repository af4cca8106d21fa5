import react from '@vitejs/plugin-react';
import type { AcceptedPlugin } from 'postcss';
import postcssPresetMantine from 'postcss-preset-mantine';
import { defineConfig } from 'vite';
import { doorServiceWorker } from './door-service-worker';
import { precompress } from './precompress';

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
        // Libraries that change rarely get their own long-cached chunks, so a deploy of the app
        // does not make returning visitors download React and Mantine again.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/](core|hooks|store)[\\/]/, priority: 2 },
          ],
        },
      },
    },
  },
});
