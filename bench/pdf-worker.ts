import { parentPort, workerData } from 'node:worker_threads';
import { renderCertificatePdf } from '../apps/server/src/lib/certificate-pdf';
import { sampleCertificate } from './certificate-sample';

// Renders `count` certificates one after another on its own thread after a warm-up (fonts, JIT);
// answers each one's ms and the wall-clock span of the measured part.
const { count } = workerData as { count: number };
for (let i = 0; i < 5; i += 1) await renderCertificatePdf(sampleCertificate(i));
const times: number[] = [];
const start = performance.timeOrigin + performance.now();
for (let i = 0; i < count; i += 1) {
  const started = performance.now();
  await renderCertificatePdf(sampleCertificate(i));
  times.push(performance.now() - started);
}
parentPort?.postMessage({ times, start, end: performance.timeOrigin + performance.now() });
