import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;

const here = path.dirname(fileURLToPath(import.meta.url));
const template = path.join(here, 'sw.template.js');
const publicDir = path.resolve(here, '../public');

/** Files under public/ (manifest, icons), as paths relative to the build folder. */
function publicFiles(dir = publicDir, prefix = ''): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return publicFiles(path.join(dir, entry.name), relative);
    return [relative];
  });
}

/** Libraries a screen loads only when it shows them (pdf.js for a PDF): not precached. */
const onDemandPackages = ['/node_modules/pdfjs-dist/'];

/**
 * Whether a chunk holds nothing but on-demand libraries: precaching it would cost every
 * participant its download (pdf.js: about 150 kB) on mobile data, for a screen many never open.
 */
function onlyOnDemand(output: OutputBundle[string]): boolean {
  return (
    output.type === 'chunk' &&
    output.moduleIds.length > 0 &&
    output.moduleIds.every((id) => onDemandPackages.some((p) => id.includes(p)))
  );
}

/**
 * Writes `sw.js` into the build: the service worker of sw.template.js with the app shell to
 * precache (index.html, every hashed script and style but on-demand libraries, the manifest and
 * icons). The cache name carries a hash of that list, so a new build replaces the old cache when
 * it activates. No workbox: the worker is small and has no download step.
 */
export function serviceWorker(): Plugin {
  let base = '/';
  let outDir = 'dist';
  return {
    name: 'ajar-learner-service-worker',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // Once the bundle is written: earlier, Vite may still drop chunks (e.g. CSS-only ones) that a
    // list made then would name, and the worker's install fails on the first missing file.
    writeBundle(_options, bundle) {
      const built = Object.keys(bundle).filter(
        (file) => /\.(js|css)$/.test(file) && !onlyOnDemand(bundle[file]!),
      );
      const files = ['index.html', ...built, ...publicFiles()]
        .filter((file) => !file.startsWith('.vite/') && file !== 'sw.js')
        .sort();
      const urls = files.map((file) => base + file);
      const version = createHash('sha256').update(urls.join('\n')).digest('hex').slice(0, 12);
      const source = fs
        .readFileSync(template, 'utf8')
        .replace('self.__PRECACHE__', JSON.stringify(urls))
        .replace('self.__VERSION__', JSON.stringify(version))
        .replace('self.__BASE__', JSON.stringify(base));
      fs.writeFileSync(path.join(outDir, 'sw.js'), source);
    },
  };
}
