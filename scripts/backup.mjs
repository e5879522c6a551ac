// `npm run backup [-- FILE]` and `npm run restore -- FILE` (docs/decisions.md, "Backups"): run the
// compiled server (apps/server/dist/main.js, rebuilt when stale, as `npm start` does) with
// `--backup` or `--restore`, so a production install without devDependencies can run them.
// - backup, embedded database: through the running server when one runs on this DATA_DIR and
//   PORT (PGlite opens its data directory in one process only), else from DATA_DIR directly.
// - backup, PostgreSQL: pg_dump (on PATH) plus DATA_DIR/media.
// - restore: into an empty (or missing) DATA_DIR only, every file checked against the manifest.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, isStale } from './build-server.mjs';
import { serverNodeFlags } from './server-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverMain = path.join(root, 'apps/server/dist/main.js');
const command = process.argv[2] === 'restore' ? '--restore' : '--backup';
const file = process.argv[3];

if (isStale()) {
  await buildServer().catch((error) => {
    if (!fs.existsSync(serverMain)) {
      console.error(
        `The server has no build and could not be built: ${error}. Run \`npm run build\`.`,
      );
      process.exit(1);
    }
  });
}

const child = spawn(
  process.execPath,
  [...serverNodeFlags(), serverMain, command, ...(file ? [path.resolve(file)] : [])],
  { stdio: 'inherit', env: process.env },
);
child.on('exit', (code) => process.exit(code ?? 1));
