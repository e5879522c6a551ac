// `npm run build -w @ajar/server` (part of the root `npm run build`): compiles the server and the
// shared package to one JavaScript file, apps/server/dist/main.js (+ source map), run with plain
// `node` in production: no TypeScript loader at run time. The certificate PDF worker thread's
// entry is a second bundle beside it, dist/certificate-pdf-worker.js.
//
// - @ajar/shared (TypeScript source in the workspace) is bundled in; every real package stays an
//   import resolved from node_modules at run time, so packages that read their own files (fonts,
//   wasm, native parts) work as installed. Only production dependencies may be imported.
// - Files the server reads at run time are named from `serverRoot` (src/lib/server-root.ts). A
//   module that still builds a path from `import.meta.url` gets the URL of its source location,
//   so relative paths resolve as they do from the source; the build names those modules. The
//   certificate PDF pool is left as it is: it names its worker's bundle beside the running one.
// - `--if-stale`: build only when dist/main.js is missing or one of its inputs changed since the
//   last build began (the start script, the browser and system tests use it, so none of them
//   runs an out-of-date build).
// - Files are written to a temporary name and renamed, so a server starting meanwhile (or a
//   second build at the same moment) never reads a half-written file.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(root, 'apps/server');
const sharedDir = path.join(root, 'packages/shared');
const outDir = path.join(serverDir, 'dist');
const outFile = path.join(outDir, 'main.js');
const workerFile = path.join(outDir, 'certificate-pdf-worker.js');
const metaFile = path.join(outDir, 'build-inputs.json');
const rootHelper = path.join(serverDir, 'src/lib/server-root.ts');
// Modules whose `import.meta.url` must stay the running bundle's (see the header).
const ownLocation = [rootHelper, path.join(serverDir, 'src/lib/certificate-pdf-pool.ts')];
// Besides the bundled modules, a change to these makes the build out of date.
const alwaysInputs = [
  'scripts/build-server.mjs',
  'apps/server/package.json',
  'packages/shared/package.json',
  'tsconfig.base.json',
];

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/** True when the build is missing or one of its inputs changed since that build began. */
export function isStale() {
  if (![outFile, workerFile, metaFile].every((file) => fs.existsSync(file))) return true;
  const { startedAt, inputs } = readJson(metaFile);
  if (typeof startedAt !== 'number' || !Array.isArray(inputs)) return true;
  return inputs.some((input) => {
    const file = path.join(root, input);
    return !fs.existsSync(file) || fs.statSync(file).mtimeMs > startedAt;
  });
}

/** The package name of a bare import (`@scope/name/sub` → `@scope/name`). */
function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Real packages stay imports; the workspace's shared TypeScript is compiled in. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@ajar/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** Modules reading `import.meta.url` see their source location (see the header). */
function sourceLocations(found) {
  return {
    name: 'source-locations',
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, async (args) => {
        const inWorkspace = [serverDir, sharedDir].some((dir) => args.path.startsWith(dir));
        if (!inWorkspace || ownLocation.includes(args.path)) return undefined;
        let contents = await fs.promises.readFile(args.path, 'utf8');
        if (/import\.meta\.(dirname|filename)/.test(contents)) {
          return {
            errors: [
              {
                text: `${path.relative(root, args.path)}: use serverPath() from src/lib/server-root.ts instead of import.meta.dirname/filename`,
              },
            ],
          };
        }
        if (contents.includes('import.meta.url')) {
          const source = path.relative(outDir, args.path).split(path.sep).join('/');
          contents = contents.replaceAll(
            'import.meta.url',
            `new URL(${JSON.stringify(source)}, import.meta.url).href`,
          );
          found.push(path.relative(root, args.path));
        }
        return { contents, loader: 'ts' };
      });
    },
  };
}

export async function buildServer() {
  const started = performance.now();
  // A source saved while the build reads it is newer than this, so the next check rebuilds.
  const startedAt = Date.now();
  // Imported here: `isStale` must work on a production install without devDependencies.
  const { build } = await import('esbuild');
  const relocated = [];
  const result = await build({
    absWorkingDir: root,
    entryPoints: {
      [path.parse(outFile).name]: path.join(serverDir, 'src/main.ts'),
      [path.parse(workerFile).name]: path.join(serverDir, 'src/lib/certificate-pdf-worker.ts'),
    },
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Plugin and function names stay as written (Fastify names plugins after their functions).
    keepNames: true,
    sourcemap: 'linked',
    sourcesContent: false,
    legalComments: 'none',
    metafile: true,
    write: false,
    logLevel: 'warning',
    plugins: [externalPackages, sourceLocations(relocated)],
  });

  // Every import left in the bundle must be a production dependency: a devDependency (tsx,
  // esbuild, drizzle-kit, a test helper's package) would be missing on a production install.
  const allowed = new Set([
    ...Object.keys(readJson(path.join(serverDir, 'package.json')).dependencies ?? {}),
    ...Object.keys(readJson(path.join(sharedDir, 'package.json')).dependencies ?? {}),
  ]);
  const imported = new Set(
    Object.values(result.metafile.outputs)
      .flatMap((output) => output.imports)
      .filter((entry) => entry.external && !entry.path.startsWith('node:'))
      .map((entry) => packageName(entry.path)),
  );
  const notAllowed = [...imported].filter((name) => !allowed.has(name));
  if (notAllowed.length > 0) {
    throw new Error(
      `the server imports packages that are not dependencies of @ajar/server or @ajar/shared: ${notAllowed.join(', ')}`,
    );
  }

  fs.mkdirSync(outDir, { recursive: true });
  const inputs = [
    ...new Set([...Object.keys(result.metafile.inputs).map(normalizeInput), ...alwaysInputs]),
  ].sort();
  const files = [
    ...result.outputFiles.map((file) => ({ path: file.path, contents: file.contents })),
    { path: metaFile, contents: JSON.stringify({ startedAt, inputs }, null, 2) + '\n' },
  ];
  // The inputs list is renamed last: while it is missing or old, the build counts as stale.
  files.sort((a, b) => Number(a.path === metaFile) - Number(b.path === metaFile));
  for (const file of files) {
    const temp = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(temp, file.contents);
    fs.renameSync(temp, file.path);
  }

  const size = fs.statSync(outFile).size;
  const ms = performance.now() - started;
  console.log(
    `server built: ${path.relative(root, outFile)} (${(size / 1024).toFixed(0)} kB, ${inputs.length} inputs, ${ms.toFixed(0)} ms)`,
  );
  if (relocated.length > 0) {
    console.log(
      `note: these modules build paths from import.meta.url; they resolve as from their source location (prefer serverPath()): ${relocated.join(', ')}`,
    );
  }
}

/** Metafile inputs are relative to the working directory, sometimes with a plugin namespace. */
function normalizeInput(input) {
  return input.replace(/^[a-z-]+:/, '');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--if-stale') && !isStale()) process.exit(0);
  try {
    await buildServer();
  } catch (error) {
    console.error(`server build failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
