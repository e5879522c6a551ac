/**
 * Zod without run-time code generation. Zod 4 compiles a fast parser for each object schema with
 * `new Function`, and probes whether it may once; under the apps' Content-Security-Policy (no
 * 'unsafe-eval') the probe is blocked and reported as a violation on every page. The setting is
 * read when a schema is built, so each app's entry point imports this module before anything that
 * builds one (docs/decisions.md, "Hardening").
 *
 * Zod keeps its global configuration on `globalThis.__zod_globalConfig` and creates it only when
 * absent (zod/v4/core/core.js), so it is set here without loading zod: the first screens build no
 * schema and stay within their byte budgets. `e2e/security.spec.ts` fails if a zod stops reading
 * it (the probe would be reported again).
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
