import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import {
  apiProxy,
  muiThemeWithoutCssVariables,
  precompress,
  reactRouterProduction,
  routeChunks,
} from '../../scripts/vite-shared.ts';

/** `@/…` is `src/…` (tsconfig `paths`; the web project of vitest.config.ts says the same). */
export const srcAlias = {
  find: /^@\//,
  replacement: `${path.resolve(import.meta.dirname, 'src')}/`,
};

// Files by screen (bundle budget): what the sign-in page needs, the bar shown while a
// screen loads, the data layer, the signed-in shell; each screen's own modules as Rolldown splits
// them.
const chunks = routeChunks({ name: 'index', roots: ['src/main.tsx'] }, [
  {
    name: 'sign-in',
    roots: ['src/layout/guest-layout.tsx', 'src/features/auth/pages/login-page.tsx'],
  },
  { name: 'navigation-progress', roots: ['src/layout/navigation-progress-bar.tsx'] },
  { name: 'data', roots: ['src/data-providers.tsx'] },
  { name: 'shell', roots: ['src/layout/app-shell.tsx', 'src/routes/signed-in-routes.ts'] },
]);

// CommonJS helpers that only React's and Emotion's unused exports need: without side effects, so
// they go when nothing uses them.
const sideEffectFree = /node_modules[\\/](hoist-non-react-statics|react-is)[\\/]/;

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    muiThemeWithoutCssVariables(),
    chunks.plugin,
    // Small files too: the byte budget counts each one.
    precompress({ minBytes: 256 }),
  ],
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
    // Fewer, larger files (routeChunks) leave little to preload; the helper and its polyfill
    // would cost every page ~1.5 kB.
    modulePreload: false,
    rolldownOptions: {
      output: { codeSplitting: chunks.codeSplitting },
      treeshake: { moduleSideEffects: (id: string) => !sideEffectFree.test(id) },
    },
  },
}));
