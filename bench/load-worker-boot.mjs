// Worker entry: Node 20 does not carry the parent's `--import tsx` hooks into a worker whose entry
// is a .ts file, so the worker registers tsx itself before loading the TypeScript load generator.
import { register } from 'tsx/esm/api';

register();
await import('./load-worker.ts');
