// `node --import scripts/record-imports.mjs …`: appends every bare package specifier the process
// imports (ESM `import`, static or dynamic) to the file AJAR_IMPORTS_LOG; used by
// scripts/measure-start.mjs to see what a start loads.
import { register } from 'node:module';

if (process.env.AJAR_IMPORTS_LOG) {
  register('./record-imports-hooks.mjs', import.meta.url, {
    data: { file: process.env.AJAR_IMPORTS_LOG },
  });
}
