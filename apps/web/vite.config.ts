import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { apiProxy, precompress, reactRouterProduction } from '../../scripts/vite-shared.ts';

/** `@/…` is `src/…` (tsconfig `paths`; the web project of vitest.config.ts says the same). */
export const srcAlias = {
  find: /^@\//,
  replacement: `${path.resolve(import.meta.dirname, 'src')}/`,
};

export default defineConfig(({ command }) => ({
  plugins: [react(), precompress()],
  resolve: {
    alias: [srcAlias, ...(command === 'build' ? reactRouterProduction(import.meta.url) : [])],
  },
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
