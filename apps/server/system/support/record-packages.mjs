// Preloaded with `--import` by the lazy-loading test: appends the name of every package the
// process resolves, once, to the file named by AJAR_PACKAGES_FILE.
import fs from 'node:fs';
import { registerHooks } from 'node:module';

const file = process.env.AJAR_PACKAGES_FILE;
const seen = new Set();
registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    const name = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(resolved.url)?.[1];
    if (file && name && !seen.has(name)) {
      seen.add(name);
      fs.appendFileSync(file, `${name}\n`);
    }
    return resolved;
  },
});
