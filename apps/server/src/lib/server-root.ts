import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder of the `@ajar/server` package (the one holding `package.json`, `drizzle/`, `src/`,
 * `dist/`). Found by walking up from this module, so it is the same whether the server runs from
 * its TypeScript source (`src/lib/server-root.ts`) or from the compiled bundle (`dist/main.js`):
 * files the server reads at run time are named from here, never relative to a module's own path.
 */
export const serverRoot: string = findServerRoot(path.dirname(fileURLToPath(import.meta.url)));

function findServerRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const { name } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: unknown };
      if (name === '@ajar/server') return dir;
    }
    if (path.dirname(dir) === dir) {
      throw new Error(`the @ajar/server package was not found above ${start}`);
    }
  }
}

/** A path inside the server package (`serverPath('drizzle')`). */
export function serverPath(...segments: string[]): string {
  return path.join(serverRoot, ...segments);
}
