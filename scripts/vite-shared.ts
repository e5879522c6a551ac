import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip as gzipCallback } from 'node:zlib';
import type { Alias, Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

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

/** Files worth a precompressed copy: text formats above 1 kB (smaller ones gain nothing). */
const compressible = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|wasm)$/;
const minCompressBytes = 1024;

/**
 * Writes `<file>.br` and `<file>.gz` beside each compressible file of the build (issue 20), for
 * the server's `@fastify/static` `preCompressed` option: the bytes are compressed once at build
 * time, at the strongest settings, instead of per request. A copy that is not smaller is left out
 * (the server then sends the file itself). Runs on zlib's thread pool, so the files compress in
 * parallel.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'ajar-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile() && compressible.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (file) => {
          const source = await readFile(file);
          if (source.length < minCompressBytes) return;
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzip(source, { level: zlibConstants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < source.length) await writeFile(`${file}.br`, br);
          if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}
