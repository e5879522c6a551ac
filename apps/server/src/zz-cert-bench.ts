import { sql } from 'drizzle-orm';
import { createTestApp } from './test/test-app';
import { buildProgram } from './test/factories/programs';
import { signedIn } from './test/factories/users';

const t = await createTestApp();
const admin = (await signedIn(t.db, 'admin')).headers;
const program = await buildProgram(t.db, { status: 'publish', title: 'Bench Zip' });
await t.db.execute(sql`insert into members (fullname, email) select 'Peserta Bench ' || g, 'b' || g || '@contoh.id' from generate_series(1, 1000) g`);
await t.db.execute(sql`insert into member_redeems (member_id, program_id, license, progress, start_test_at, end_test_at) select id, ${program.id}, 'LIC-' || id, 100, now(), now() from members where email like 'b%@contoh.id'`);
(globalThis as { gc?: () => void }).gc?.();
console.log('baseline rss MB', (process.memoryUsage().rss / 1e6).toFixed(0));
await t.app.listen({ port: 0, host: '127.0.0.1' });
const address = t.app.server.address() as { port: number };
let peak = 0;
const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 50);
const start = performance.now();
const res = await fetch(`http://127.0.0.1:${address.port}/api/certificate/v1/program/${program.id}/zip?kind=graduation`, { headers: admin });
let bytes = 0;
for await (const chunk of res.body!) bytes += (chunk as Uint8Array).length; // streamed, not kept
const ms = performance.now() - start;
clearInterval(timer);
console.log('status', res.status, 'bytes', bytes, 's', (ms / 1000).toFixed(1), 'peak rss MB', (peak / 1e6).toFixed(0));
await t.close();
