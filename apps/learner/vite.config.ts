import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { apiProxy, precompress, reactRouterProduction } from '../../scripts/vite-shared.ts';
import { serviceWorker } from './build/service-worker-plugin.ts';

/** Ajar Belajar, the participants' app, served by the server under /belajar/. */
export default defineConfig(({ command }) => ({
  base: '/belajar/',
  plugins: [react(), serviceWorker(), precompress()],
  resolve: { alias: command === 'build' ? reactRouterProduction(import.meta.url) : [] },
  server: {
    port: 5174,
    proxy: apiProxy(),
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // dist/.vite/manifest.json: the entry and its static imports (the first screen's budget).
    manifest: true,
    chunkSizeWarningLimit: 500,
  },
}));
