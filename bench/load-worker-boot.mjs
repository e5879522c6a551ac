// Worker entry: Node 20 does not carry the parent's `--import tsx` hooks into a worker whose entry
// is a .ts file, so the worker registers tsx itself before loading the TypeScript module: the load
// generator, or the module a worker names in `workerData.entry` (the cohort's participants).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData?.entry ?? './load-worker.ts');
