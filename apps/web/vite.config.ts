import react from '@vitejs/plugin-react';
import type { AcceptedPlugin } from 'postcss';
import postcssPresetMantine from 'postcss-preset-mantine';
import { defineConfig } from 'vite';

// The preset ships an untyped module declaration; this is its documented call signature.
const mantinePreset = postcssPresetMantine as () => AcceptedPlugin;

// The API serves the built SPA from apps/web/dist at the site root, so assets resolve from '/'.
// In development the API runs beside Vite on port 3000; the proxy keeps requests same-origin.
export default defineConfig({
  base: '/',
  plugins: [react()],
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
