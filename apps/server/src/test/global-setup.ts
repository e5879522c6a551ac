import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';

export const pgliteTemplateFile = path.join(os.tmpdir(), 'ajar-pglite-template.tar.gz');
export const pgTemplateDb = 'ajar_test_template';

/** Migrates one database once; each test file then clones it. */
export default async function globalSetup(project: TestProject) {
  if (project.config.env?.TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${pgTemplateDb} with (force)`);
    await admin.query(`create database ${pgTemplateDb}`);
    await admin.end();
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${pgTemplateDb}`;
    const database = await openDatabase({ kind: 'postgres', url: templateUrl.toString() });
    await database.migrate();
    await database.close();
    return;
  }
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  const dump = await database.dump!();
  fs.writeFileSync(pgliteTemplateFile, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}
