import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite, types, type QueryOptions } from '@electric-sql/pglite';
import { serverPath } from '../lib/server-root';

/**
 * Memory for the embedded database, sized for what it holds (a demo or small installation's
 * database is some 10–40 MB): PostgreSQL's defaults assume a server of its own. WebAssembly
 * memory never shrinks, so whatever PostgreSQL touches once stays in the process for good.
 * - `shared_buffers` 16 MB (default 128 MB, all of it touched at start): pages beyond it come from
 *   the operating system's file cache.
 * - `maintenance_work_mem` 16 MB (64 MB): index builds and vacuum of these tables fit.
 * - `temp_buffers` 2 MB (8 MB): the server makes no temporary tables.
 * - `max_connections` 10 (100): PGlite runs one backend; fewer slots, smaller lock tables.
 * `work_mem` stays at its 4 MB (taken per sort or hash only while one runs).
 */
export const pgliteSettings: Record<string, string> = {
  shared_buffers: '16MB',
  maintenance_work_mem: '16MB',
  temp_buffers: '2MB',
  max_connections: '10',
};

/**
 * drizzle's PGlite driver hands PGlite its type parsers (dates, times, intervals and some arrays
 * kept as text, which drizzle maps itself) with every query, and PGlite then copies its whole table
 * of 300-odd parsers for that query: ~0.4 ms of CPU per query, more than a small query itself
 * costs. The same parsers are set once on the instance, and the per-query copy is dropped.
 */
const keptAsText = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

type QueryFn = PGlite['query'];

function withoutParsers(query: QueryFn): QueryFn {
  return ((text: string, params?: unknown[], options?: QueryOptions) => {
    if (!options?.parsers) return query(text, params, options);
    const { parsers: _perQuery, ...rest } = options;
    return query(text, params, rest);
  }) as QueryFn;
}

/** The installed PGlite's version, from its package.json next to its entry point. */
export function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  for (let dir = path.dirname(entry); path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (!fs.existsSync(manifest)) continue;
    const { name, version } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as {
      name?: string;
      version?: string;
    };
    if (name === '@electric-sql/pglite' && version) return version;
  }
  throw new Error('the version of @electric-sql/pglite was not found');
}

/**
 * An empty cluster as PGlite's initdb makes it, dumped once per PGlite version
 * (`npm run db:template`, scripts/pglite-template.mjs). A new database starts from it instead of
 * running initdb: initdb takes ≈ 4.6 s and peaks at ≈ 660 MB (WebAssembly memory never shrinks,
 * and initdb runs PostgreSQL's bootstrap beside a copy of its heap), the template ≈ 1.4 s and
 * ≈ 250 MB (a first start's time and memory).
 */
export const pgliteTemplatePath = () =>
  serverPath('db-template', `pglite-${pgliteVersion()}.tar.gz`);

/** A data directory that holds a cluster already (PostgreSQL writes `PG_VERSION` first). */
const holdsCluster = (dataDir: string) => fs.existsSync(path.join(dataDir, 'PG_VERSION'));

/** The empty cluster to start a new database from; none when the template is missing. */
function templateFor(dataDir: string | undefined): Blob | undefined {
  if (dataDir && holdsCluster(dataDir)) return undefined;
  const file = pgliteTemplatePath();
  return fs.existsSync(file) ? new Blob([fs.readFileSync(file)]) : undefined;
}

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob }) {
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir ?? templateFor(options.dataDir),
    startParams: [
      ...PGlite.defaultStartParams,
      ...Object.entries(pgliteSettings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
  });
  // After create: PGlite installs its array parsers while it starts, over any given before.
  for (const oid of keptAsText) client.parsers[oid] = (value: string) => value;
  client.query = withoutParsers(client.query.bind(client));
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback) =>
    transaction((tx) => {
      tx.query = withoutParsers(tx.query);
      return callback(tx);
    })) as PGlite['transaction'];
  return client;
}
