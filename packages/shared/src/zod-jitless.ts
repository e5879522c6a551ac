import { config } from 'zod/v4/core';

/**
 * Zod without run-time code generation. Zod 4 compiles a fast parser for each object schema with
 * `new Function`, and probes whether it may once; under the apps' Content-Security-Policy (no
 * 'unsafe-eval') the probe is blocked and reported as a violation on every page. The setting is
 * read when a schema is built, so each app's entry point imports this module before anything that
 * builds one (docs/decisions.md, "Hardening").
 */
config({ jitless: true });
