// The certificate PDF worker's entry when the server runs from its TypeScript source (tsx in
// `npm run dev`, vitest): a worker thread does not inherit the parent's loader, so it registers
// tsx itself before loading the .ts worker. The built server starts dist/certificate-pdf-worker.js.
import { register } from 'tsx/esm/api';

register();
await import('./certificate-pdf-worker.ts');
