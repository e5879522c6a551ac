import { parentPort, workerData } from 'node:worker_threads';
import { load } from './load';

// Runs the load generator on its own thread, so it does not share the server's event loop.
const result = await load(workerData as Parameters<typeof load>[0]);
parentPort?.postMessage(result);
