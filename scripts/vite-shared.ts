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

const withVarsStub = '\0ajar:mui-create-theme-with-vars';

/**
 * Leaves MUI's CSS-variables theme builder (`createThemeWithVars`, ~7 kB compressed with its
 * helpers) out of a production build. Every MUI component reaches it through the default theme's
 * `createTheme()`, which calls it only for a theme with `cssVariables` (and `colorSchemes`); a
 * theme without them, as the back office's and MUI's default theme are, is built by
 * `createThemeNoVars` alone (bundle budget). Should a theme ever ask for CSS variables,
 * the replacement throws at start-up rather than render without them.
 */
export function muiThemeWithoutCssVariables(): Plugin {
  return {
    name: 'ajar-mui-theme-without-css-variables',
    apply: 'build',
    // Before Vite's own resolver, which would resolve the relative import first.
    enforce: 'pre',
    resolveId: {
      filter: { id: /^\.\/createThemeWithVars\.js$/ },
      handler(source, importer) {
        if (
          importer &&
          /[\\/]@mui[\\/]material[\\/]esm[\\/]styles[\\/]createTheme\.js$/.test(importer)
        ) {
          return withVarsStub;
        }
        return null;
      },
    },
    load: {
      filter: { id: new RegExp(`^${withVarsStub}$`) },
      handler() {
        return (
          'export default function createThemeWithVars() {\n' +
          "  throw new Error('This build leaves out MUI CSS-variables themes (scripts/vite-shared.ts).');\n" +
          '}\n'
        );
      },
    },
  };
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

/**
 * Files worth a precompressed copy: text formats above `minBytes` (1 kB unless a build says
 * otherwise: below that a copy saves few bytes).
 */
const compressible = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|wasm)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside each compressible file of the build, for
 * the server's `@fastify/static` `preCompressed` option: the bytes are compressed once at build
 * time, at the strongest settings, instead of per request. A copy that is not smaller is left out
 * (the server then sends the file itself). Runs on zlib's thread pool, so the files compress in
 * parallel.
 */
export function precompress({ minBytes = 1024 } = {}): Plugin {
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
          if (source.length < minBytes) return;
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

/** A chunk of `routeChunks`: the modules its root files import, directly or not. */
export interface RouteChunk {
  name: string;
  /** Paths (ends of module ids) the chunk's modules are imported from. */
  roots: string[];
}

// A package's index that re-exports most of it (`@mui/material`, `@mui/system`): what its
// importers use from it is known only after tree-shaking, so a chunk does not follow it.
const isPackageBarrel = (id: string, imports: readonly string[]) =>
  /node_modules[\\/].*[\\/]index\.m?js$/.test(id) && imports.length >= 6;

/**
 * Groups a build's modules by the screens that need them rather than by every distinct set of
 * importers, which splits a screen into dozens of small files that each compress on their own
 * (bundle budget). `first` is what the first page needs besides the entry's own imports
 * (it joins the entry's chunk, with Rolldown's runtime); each chunk after it takes the modules its
 * roots import that no earlier chunk took. Modules outside every chunk keep Rolldown's automatic
 * splitting. Returns the plugin that reads the module graph and the `output.codeSplitting`
 * option that uses it.
 */
export function routeChunks(entry: RouteChunk, chunks: RouteChunk[]) {
  const members = new Map<string, Set<string>>();
  const plugin: Plugin = {
    name: 'ajar-route-chunks',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const closure = (roots: string[]) => {
        const seen = new Set<string>();
        const queue = ids.filter((id) => roots.some((root) => id.endsWith(root)));
        for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
          if (seen.has(id)) continue;
          seen.add(id);
          const imports = this.getModuleInfo(id)?.importedIds ?? [];
          if (!isPackageBarrel(id, imports)) queue.push(...imports);
        }
        return seen;
      };
      const entrySet = closure(entry.roots);
      const sets = chunks.map((chunk) => closure(chunk.roots));
      // What the first page's chunk shares with a later one loads with the entry: both need it.
      const [first, ...later] = sets;
      for (const id of first ?? []) {
        if (later.some((set) => set.has(id))) entrySet.add(id);
      }
      members.set(entry.name, entrySet);
      chunks.forEach((chunk, i) => members.set(chunk.name, sets[i]!));
    },
  };
  const groups = [entry, ...chunks].map((chunk, i) => ({
    name: chunk.name,
    priority: 100 - i,
    test: (id: string) =>
      (members.get(chunk.name)?.has(id) ?? false) ||
      (chunk === entry && /^\0rolldown[\\/]runtime/.test(id)),
  }));
  return { plugin, codeSplitting: { groups } };
}
