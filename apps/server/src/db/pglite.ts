import { PGlite, types, type QueryOptions } from '@electric-sql/pglite';

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

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob }) {
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
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
