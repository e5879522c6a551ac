import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = process.env.AJAR_API ?? 'http://localhost:3000';

// React Router's package exports offer only its development build (warnings and checks that cost
// ~20 kB gzipped); production builds use the production files shipped next to it.
const reactRouterDir = path.dirname(
  createRequire(import.meta.url).resolve('react-router/package.json'),
);
const reactRouterProduction = [
  { find: /^react-router$/, replacement: `${reactRouterDir}/dist/production/index.mjs` },
  { find: /^react-router\/dom$/, replacement: `${reactRouterDir}/dist/production/dom-export.mjs` },
];

/** `@/…` is `src/…` (tsconfig `paths`; the web project of vitest.config.ts says the same). */
export const srcAlias = {
  find: /^@\//,
  replacement: `${path.resolve(import.meta.dirname, 'src')}/`,
};

export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: { alias: [srcAlias, ...(command === 'build' ? reactRouterProduction : [])] },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, ws: true },
      '/media': api,
      '/file': api,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 500,
  },
}));
