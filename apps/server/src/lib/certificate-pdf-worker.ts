import { parentPort } from 'node:worker_threads';
import { renderCertificatePdf, type CertificateContent } from './certificate-pdf';

/** A render request from the pool (certificate-pdf-pool.ts). */
export interface RenderRequest {
  id: number;
  content: CertificateContent;
}

/** The answer: the PDF's bytes, or the render error's message and stack. */
export type RenderReply =
  { id: number; pdf: Uint8Array } | { id: number; error: { message: string; stack?: string } };

// Worker thread entry (built as dist/certificate-pdf-worker.js): renders certificates one at a
// time, so the pool's thread count is the number of PDFs made at once.
const port = parentPort;
if (!port) throw new Error('certificate-pdf-worker runs as a worker thread');

port.on('message', (request: RenderRequest) => {
  renderCertificatePdf(request.content).then(
    (pdf) => {
      // Moved, not copied, when the PDF owns its whole memory (a small Buffer may share
      // Node's allocation pool, which must not be handed away).
      const owned = pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength;
      const bytes = owned ? new Uint8Array(pdf.buffer) : new Uint8Array(pdf);
      const reply: RenderReply = { id: request.id, pdf: bytes };
      port.postMessage(reply, [bytes.buffer as ArrayBuffer]);
    },
    (error: unknown) => {
      const e = error instanceof Error ? error : new Error(String(error));
      const reply: RenderReply = { id: request.id, error: { message: e.message, stack: e.stack } };
      port.postMessage(reply);
    },
  );
});
