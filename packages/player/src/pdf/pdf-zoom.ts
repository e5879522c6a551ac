/**
 * The zoom of the in-app PDF viewer: 1 is the page fitted to the viewer's width, the steps go
 * from half that to four times, and a canvas never holds more pixels than a low-end phone can
 * keep for each of the few pages on screen.
 */
export const pdfZoom = {
  min: 0.5,
  max: 4,
  step: 1.25,
  /** Canvas pixels of one page at most (about 16 MB of RGBA). */
  maxCanvasPixels: 4_000_000,
} as const;

/**
 * The next zoom in (`1`) or out (`-1`), within the limits: the zooms are the powers of `step`, so
 * fit width (1) stays reachable from both sides.
 */
export function nextZoom(zoom: number, direction: 1 | -1): number {
  const n = Math.round(Math.log(zoom) / Math.log(pdfZoom.step)) + direction;
  return Math.min(pdfZoom.max, Math.max(pdfZoom.min, pdfZoom.step ** n));
}

/** The zoom as people read it: '125 %'. */
export function zoomLabel(zoom: number): string {
  return `${Math.round(zoom * 100)} %`;
}

/**
 * CSS pixels per PDF point: a page `pageWidth` wide (the first page's) fits `boxWidth` at zoom 1;
 * the other pages take the same scale, so they keep their sizes relative to one another.
 */
export function pageScale(pageWidth: number, boxWidth: number, zoom: number): number {
  if (!(pageWidth > 0) || !(boxWidth > 0)) return 0;
  return (boxWidth / pageWidth) * zoom;
}

/**
 * Canvas pixels per CSS pixel: the screen's density, lowered so the page's canvas stays within
 * `maxCanvasPixels` (the page is then a little blurred at high zoom, never a crashed tab).
 */
export function canvasRatio(cssWidth: number, cssHeight: number, devicePixelRatio: number) {
  const ratio = Math.max(1, devicePixelRatio || 1);
  const area = cssWidth * cssHeight * ratio * ratio;
  if (!(area > pdfZoom.maxCanvasPixels)) return ratio;
  return ratio * Math.sqrt(pdfZoom.maxCanvasPixels / area);
}
