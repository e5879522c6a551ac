import { useEffect, useRef, useState, type CSSProperties } from 'react';
import type { PDFDocumentLoadingTask, PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { loadPdf, type PdfSource } from './load-pdf';
import { pdfTexts } from './pdf-texts';
import { canvasRatio, nextZoom, pageScale, pdfZoom, zoomLabel } from './pdf-zoom';

/** A page's size in PDF points. */
interface Size {
  width: number;
  height: number;
}

export interface PdfViewerProps {
  /** The PDF's address (fetched by pdf.js) or its bytes. */
  source: PdfSource;
  /** Class of the toolbar's buttons: each app styles its own. */
  buttonClassName?: string;
  /** Called once when the PDF cannot be shown (the app then points to its fallback). */
  onFailed?: () => void;
}

const boxStyle: CSSProperties = {
  overflow: 'auto',
  background: '#e5e7eb',
  borderRadius: 8,
  padding: 8,
  maxHeight: '80vh',
};
/** The toolbar's buttons where the app gives them no class of its own. */
const plainButtonStyle: CSSProperties = {
  minWidth: 40,
  minHeight: 36,
  padding: '4px 12px',
  border: '1px solid #9ca3af',
  borderRadius: 6,
  background: '#fff',
  font: 'inherit',
  cursor: 'pointer',
};
const toolbarStyle: CSSProperties = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: 8,
  marginBottom: 8,
};

/**
 * One page: a box of the page's size at the current scale, whose canvas exists and is drawn only
 * while the page is on or near the screen, so a long e-book costs the memory of a few pages.
 */
function PdfPage({
  doc,
  number,
  scale,
  estimate,
  root,
}: {
  doc: PDFDocumentProxy;
  number: number;
  scale: number;
  /** The first page's size, until this page's own is known. */
  estimate: Size;
  /** The viewer's scrolling box. */
  root: HTMLElement;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [near, setNear] = useState(false);
  const [size, setSize] = useState(estimate);
  const [drawnAt, setDrawnAt] = useState(0);

  useEffect(() => {
    const el = holder.current;
    if (!el) return;
    // Half a box ahead, so scrolling rarely meets a blank page.
    const observer = new IntersectionObserver(
      (entries) => setNear(entries.some((entry) => entry.isIntersecting)),
      { root, rootMargin: '50% 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [root]);

  useEffect(() => {
    if (!near || !(scale > 0)) return;
    let cancelled = false;
    let task: RenderTask | null = null;
    void (async () => {
      const page = await doc.getPage(number);
      const own = page.getViewport({ scale: 1 });
      const el = canvas.current;
      if (cancelled || !el) return;
      setSize({ width: own.width, height: own.height });
      const viewport = page.getViewport({ scale });
      const ratio = canvasRatio(viewport.width, viewport.height, window.devicePixelRatio);
      el.width = Math.floor(viewport.width * ratio);
      el.height = Math.floor(viewport.height * ratio);
      task = page.render({
        canvas: el,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      });
      await task.promise;
      if (!cancelled) setDrawnAt(scale);
    })().catch(() => {
      // A render cancelled by scrolling away or zooming: the next one draws the page.
    });
    return () => {
      cancelled = true;
      task?.cancel();
      setDrawnAt(0);
    };
  }, [doc, number, near, scale]);

  const drawn = near && drawnAt === scale;
  return (
    <div
      ref={holder}
      role="img"
      aria-label={pdfTexts.page(number, doc.numPages)}
      data-drawn={drawn ? 'true' : 'false'}
      style={{
        width: Math.round(size.width * scale),
        height: Math.round(size.height * scale),
        margin: '0 auto 8px',
        background: '#fff',
        boxShadow: '0 1px 3px rgba(0, 0, 0, 0.25)',
      }}
    >
      {near && <canvas ref={canvas} style={{ display: 'block', width: '100%', height: '100%' }} />}
    </div>
  );
}

/**
 * A PDF shown inside the app with pdf.js (loaded with the first viewer, never before): page by
 * page, fitted to the width, zoomable with 'Perkecil', 'Perbesar' and 'Sesuaikan lebar'. The app
 * keeps its own link to open the file as the fallback.
 */
export function PdfViewer({ source, buttonClassName, onFailed }: PdfViewerProps) {
  const [doc, setDoc] = useState<{ proxy: PDFDocumentProxy; first: Size } | null>(null);
  const [failed, setFailed] = useState(false);
  const [zoom, setZoom] = useState(1);
  const [boxWidth, setBoxWidth] = useState(0);
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const failedRef = useRef(onFailed);
  useEffect(() => {
    failedRef.current = onFailed;
  });

  useEffect(() => {
    let cancelled = false;
    let task: PDFDocumentLoadingTask | null = null;
    setDoc(null);
    setFailed(false);
    void (async () => {
      task = await loadPdf(source);
      if (cancelled) return void task.destroy();
      const proxy = await task.promise;
      const page = await proxy.getPage(1);
      const { width, height } = page.getViewport({ scale: 1 });
      if (!cancelled) setDoc({ proxy, first: { width, height } });
    })().catch(() => {
      if (cancelled) return;
      setFailed(true);
      failedRef.current?.();
    });
    return () => {
      cancelled = true;
      void task?.destroy();
    };
  }, [source]);

  useEffect(() => {
    const el = box;
    if (!el) return;
    const measure = () => {
      const style = getComputedStyle(el);
      const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
      setBoxWidth(Math.max(0, el.clientWidth - padding));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [box]);

  if (failed) return <p role="alert">{pdfTexts.failed}</p>;
  const scale = doc ? pageScale(doc.first.width, boxWidth, zoom) : 0;
  return (
    <div>
      <div role="toolbar" aria-label={pdfTexts.toolbar} style={toolbarStyle}>
        <button
          type="button"
          className={buttonClassName}
          style={buttonClassName ? undefined : plainButtonStyle}
          aria-label={pdfTexts.zoomOut}
          disabled={zoom <= pdfZoom.min}
          onClick={() => setZoom((z) => nextZoom(z, -1))}
        >
          −
        </button>
        <span aria-live="polite">{zoomLabel(zoom)}</span>
        <button
          type="button"
          className={buttonClassName}
          style={buttonClassName ? undefined : plainButtonStyle}
          aria-label={pdfTexts.zoomIn}
          disabled={zoom >= pdfZoom.max}
          onClick={() => setZoom((z) => nextZoom(z, 1))}
        >
          +
        </button>
        <button
          type="button"
          className={buttonClassName}
          style={buttonClassName ? undefined : plainButtonStyle}
          disabled={zoom === 1}
          onClick={() => setZoom(1)}
        >
          {pdfTexts.fitWidth}
        </button>
      </div>
      {/* The pages scroll inside the box, so the app's own buttons below stay near; focusable, so
          the keyboard scrolls it too. */}
      <div ref={setBox} style={boxStyle} role="region" aria-label={pdfTexts.pages} tabIndex={0}>
        {doc && box && scale > 0 ? (
          Array.from({ length: doc.proxy.numPages }, (_, i) => (
            <PdfPage
              key={i}
              doc={doc.proxy}
              number={i + 1}
              scale={scale}
              estimate={doc.first}
              root={box}
            />
          ))
        ) : (
          <p role="status">{pdfTexts.loading}</p>
        )}
      </div>
    </div>
  );
}
