import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { apiProxy, reactRouterProduction } from '../../scripts/vite-shared.ts';

export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: { alias: command === 'build' ? reactRouterProduction(import.meta.url) : [] },
  server: {
    port: 5173,
    proxy: apiProxy(),
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 500,
  },
}));
