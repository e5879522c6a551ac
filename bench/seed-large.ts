// `npm run seed:large [-- --count=100000] [-- --replace]`: adds the program "Uji Beban: 100.000
// Peserta" with 100,000 redemptions to the database the server uses (PostgreSQL when DATABASE_URL
// is set, else the embedded PGlite database in DATA_DIR, default ./data; stop the server first,
// an embedded database has one user at a time).
//
// The rows are generated in bulk SQL (generate_series, insert … select, one transaction), not by
// 100,000 calls of the member services: those take about 10 ms each on PGlite, hours in all, and
// the benches measure reading and grading this data, not making it. The demo seed (a few hundred
// participants) is the one made through the services. See bench/large-redemptions.ts for what
// the rows hold; members sign in as bebanN@contoh.id / Rahasia123.
//
// Refused with NODE_ENV=production: this is test data.
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { ensureReferenceData } from '../apps/server/src/db/reference-data';
import { seedIfEmpty } from '../apps/server/src/seed/seed';
import {
  findLargeProgram,
  largeMemberPassword,
  largeProgramTitle,
  removeLargeProgram,
  seedLargeRedemptions,
} from './large-redemptions';

const args = process.argv.slice(2);
const countArg = args.find((a) => a.startsWith('--count='));
const count = countArg ? Number(countArg.slice('--count='.length)) : 100_000;
if (!Number.isInteger(count) || count < 1 || count > 1_000_000) {
  console.error('--count must be a whole number from 1 to 1000000');
  process.exit(1);
}

const config = loadConfig();
if (config.NODE_ENV === 'production') {
  console.error('seed:large writes test data: refused with NODE_ENV=production');
  process.exit(1);
}
const database = await openDatabase(
  config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_URL }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db') },
);
try {
  await database.migrate();
  await ensureReferenceData(database.db);
  // A fresh data directory gets the demo data first, as a first start of the server would.
  await seedIfEmpty(database.db, (msg) => console.log(msg));
  const existing = await findLargeProgram(database.db);
  if (existing && !args.includes('--replace')) {
    console.log(`"${largeProgramTitle}" already exists (${existing}); --replace makes it again.`);
  } else {
    if (existing) await removeLargeProgram(database.db);
    console.log(`Generating ${count} redemptions on ${database.kind}…`);
    const result = await seedLargeRedemptions(database.db, count);
    console.log(
      `"${largeProgramTitle}" (${result.programId}): ${result.redemptions} redemptions, ` +
        `${result.activityRows} activity rows in ${result.seconds.toFixed(1)} s. ` +
        `Members sign in as beban1@contoh.id … beban${count}@contoh.id / ${largeMemberPassword}.`,
    );
  }
} finally {
  await database.close();
}
