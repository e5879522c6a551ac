// The Node flags of the server process `npm start` runs (scripts/measure-start.mjs copies them),
// and of the process that prepares a new database beside the builds (`main.js --prepare`).
// V8 (Node 24) reads its flags once, at start: set at run time with `v8.setFlagsFromString`
// they no longer apply, so they go on the command line.

/**
 * - `--max-semi-space-size=4`: a 4 MB young generation (V8's default is 16 MB) keeps the idle
 *   server ≈ 15 MB smaller, and the preparing process's peak ≈ 490 MB instead of ≈ 600 MB, the
 *   seed as fast.
 * - `--liftoff-only` on the embedded database (no `DATABASE_URL`) unless `PGLITE_OPTIMIZE=true`:
 *   V8's optimizing tier keeps a second, optimized copy of PostgreSQL's hot code; without it a
 *   restart on the demo data peaks at ≈ 230 MB instead of ≈ 800 MB, and the preparing process
 *   at ≈ 490 MB instead of ≈ 1.3 GB.
 */
export function serverNodeFlags(env = process.env) {
  const liftoff = !env.DATABASE_URL && env.PGLITE_OPTIMIZE !== 'true' ? ['--liftoff-only'] : [];
  return ['--max-semi-space-size=4', ...liftoff];
}
