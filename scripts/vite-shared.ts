import { createRequire } from 'node:module';
import path from 'node:path';
import type { Alias } from 'vite';

// What both browser apps' Vite configs share.

/**
 * Vite aliases for both browser apps' production builds. React Router's package exports offer
 * only its development build (warnings and checks that cost ~20 kB gzipped); production builds
 * use the production files shipped next to it.
 */
export function reactRouterProduction(fromConfig: string): Alias[] {
  const reactRouterDir = path.dirname(
    createRequire(fromConfig).resolve('react-router/package.json'),
  );
  return [
    { find: /^react-router$/, replacement: `${reactRouterDir}/dist/production/index.mjs` },
    {
      find: /^react-router\/dom$/,
      replacement: `${reactRouterDir}/dist/production/dom-export.mjs`,
    },
  ];
}

/**
 * The development server's proxy to the API server (`AJAR_API`, default localhost:3000), the
 * same for both apps.
 */
export function apiProxy() {
  const api = process.env.AJAR_API ?? 'http://localhost:3000';
  return {
    '/api': { target: api, ws: true },
    '/media': api,
    '/file': api,
  };
}
