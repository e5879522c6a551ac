import type { PDFDocumentLoadingTask } from 'pdfjs-dist';

/** Where the PDF comes from: an address the browser may fetch, or bytes already fetched. */
export type PdfSource = string | Uint8Array;

/**
 * pdf.js, loaded only when a PDF is shown (its own chunks, outside every first screen). The
 * legacy build: participants' phones run browsers older than the ones the modern build targets.
 * The worker is a same-origin asset of the app, which the page's `worker-src 'self'` allows.
 */
async function pdfjs() {
  const [lib, worker] = await Promise.all([
    import('pdfjs-dist/legacy/build/pdf.mjs'),
    import('pdfjs-dist/legacy/build/pdf.worker.min.mjs?url'),
  ]);
  if (!lib.GlobalWorkerOptions.workerSrc) lib.GlobalWorkerOptions.workerSrc = worker.default;
  return lib;
}

/** Starts loading the document; the task's `destroy()` stops it and frees the worker. */
export async function loadPdf(source: PdfSource): Promise<PDFDocumentLoadingTask> {
  const lib = await pdfjs();
  return lib.getDocument({
    ...(typeof source === 'string'
      ? // One request: range requests would each go through the opening address again (which
        // records an opening each time), and only help linearized files.
        { url: source, disableRange: true }
      : // pdf.js hands the buffer to its worker: a copy keeps the caller's bytes usable.
        { data: source.slice() }),
    enableXfa: false,
  });
}
