// `npm run db:template`: dumps an empty cluster made by the installed PGlite's initdb to
// apps/server/db-template/pglite-<version>.tar.gz, where the server starts new embedded databases
// from (apps/server/src/db/pglite.ts), and removes the templates of other versions. Run it after
// upgrading @electric-sql/pglite; the server's tests fail until it has run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const folder = path.join(root, 'apps/server/db-template');
const { version } = JSON.parse(
  fs.readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ajar-pglite-template-'));
try {
  const db = await PGlite.create({ dataDir: path.join(work, 'db') });
  const dump = Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer());
  await db.close();
  fs.mkdirSync(folder, { recursive: true });
  for (const old of fs.readdirSync(folder)) fs.rmSync(path.join(folder, old));
  const file = path.join(folder, `pglite-${version}.tar.gz`);
  fs.writeFileSync(file, dump);
  console.log(`${path.relative(root, file)}: ${(dump.length / 1e6).toFixed(1)} MB`);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
