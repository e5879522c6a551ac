/**
 * What a server on the embedded database says when it was started without `--liftoff-only` and
 * `PGLITE_OPTIMIZE` does not ask for V8's optimizing tier: a process manager running
 * `node apps/server/dist/main.js` itself, without the flags `npm start` gives
 * (scripts/server-flags.mjs). V8 reads the flag only from the command line.
 */
export function liftoffWarning(input: {
  embedded: boolean;
  optimize: boolean;
  execArgv: readonly string[];
}): string | null {
  if (!input.embedded || input.optimize || input.execArgv.includes('--liftoff-only')) return null;
  return (
    'started on the embedded database without --liftoff-only: V8 keeps optimized copies of ' +
    "PostgreSQL's code, and a restart peaks at ≈ 800 MB instead of ≈ 230 MB. Start with " +
    '`node --liftoff-only --max-semi-space-size=4 apps/server/dist/main.js` (what npm start ' +
    'runs), or set PGLITE_OPTIMIZE=true to keep the optimizing tier on purpose.'
  );
}
