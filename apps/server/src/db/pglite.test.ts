import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, pgliteTemplatePath, pgliteVersion } from './pglite';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ajar-pglite-test-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** What initdb decides of a cluster: its databases, their encoding and locale, the catalogue. */
async function clusterShape(db: PGlite) {
  const databases = await db.query(
    'select datname, pg_encoding_to_char(encoding) as encoding, datcollate, datctype, datlocprovider from pg_database order by datname',
  );
  const version = await db.query('show server_version');
  const catalogue = await db.query(
    "select count(*)::int as n from pg_class where relnamespace = 'pg_catalog'::regnamespace",
  );
  return { databases: databases.rows, version: version.rows, catalogue: catalogue.rows };
}

const systemId = async (db: PGlite) =>
  (await db.query<{ id: string }>('select system_identifier::text as id from pg_control_system()'))
    .rows[0]!.id;

describe('the embedded database (PGlite)', () => {
  it('ships the empty cluster of the installed PGlite version (else run `npm run db:template`)', () => {
    expect(fs.existsSync(pgliteTemplatePath()), pgliteTemplatePath()).toBe(true);
    expect(path.basename(pgliteTemplatePath())).toBe(`pglite-${pgliteVersion()}.tar.gz`);
  });

  it('starts a new data directory from the template: the cluster initdb makes', async () => {
    const fromTemplate = await openPglite({ dataDir: path.join(work, 'template') });
    const shape = await clusterShape(fromTemplate);
    const id = await systemId(fromTemplate);
    await fromTemplate.close();
    // initdb gives every cluster a new system identifier; copies of the template share one.
    const inMemory = await openPglite({});
    expect(await systemId(inMemory)).toBe(id);
    await inMemory.close();
    const fromInitdb = await PGlite.create({ dataDir: path.join(work, 'initdb') });
    expect(await systemId(fromInitdb)).not.toBe(id);
    expect(shape).toEqual(await clusterShape(fromInitdb));
    await fromInitdb.close();
  }, 60_000);

  it('opens a data directory that holds a database as it is', async () => {
    const dataDir = path.join(work, 'kept');
    const first = await openPglite({ dataDir });
    await first.exec("create table kept (v text); insert into kept values ('ada')");
    await first.close();
    const again = await openPglite({ dataDir });
    expect((await again.query('select v from kept')).rows).toEqual([{ v: 'ada' }]);
    await again.close();
  }, 60_000);
});
