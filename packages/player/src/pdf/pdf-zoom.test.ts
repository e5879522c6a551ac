import { describe, expect, it } from 'vitest';
import { canvasRatio, nextZoom, pageScale, pdfZoom, zoomLabel } from './pdf-zoom';

describe('PDF zoom', () => {
  it('steps in and out and comes back to fit width exactly', () => {
    let zoom = 1;
    for (let i = 0; i < 3; i++) zoom = nextZoom(zoom, 1);
    expect(zoom).toBe(1.953125);
    for (let i = 0; i < 3; i++) zoom = nextZoom(zoom, -1);
    expect(zoom).toBe(1);
    expect(zoomLabel(nextZoom(1, 1))).toBe('125 %');
  });

  it('stays within its limits', () => {
    let zoom = 1;
    for (let i = 0; i < 20; i++) zoom = nextZoom(zoom, 1);
    expect(zoom).toBe(pdfZoom.max);
    for (let i = 0; i < 40; i++) zoom = nextZoom(zoom, -1);
    expect(zoom).toBe(pdfZoom.min);
  });

  it('fits the page to the box at zoom 1', () => {
    // An A4 page (595 pt) in a 358 px wide box.
    expect(595 * pageScale(595, 358, 1)).toBeCloseTo(358);
    expect(595 * pageScale(595, 358, 2)).toBeCloseTo(716);
    expect(pageScale(0, 358, 1)).toBe(0);
    expect(pageScale(595, 0, 1)).toBe(0);
  });

  it('keeps the screen density until the canvas grows too large', () => {
    expect(canvasRatio(358, 506, 3)).toBe(3);
    const ratio = canvasRatio(1400, 2000, 3);
    expect(ratio).toBeLessThan(3);
    expect(1400 * ratio * 2000 * ratio).toBeCloseTo(pdfZoom.maxCanvasPixels, -2);
    expect(canvasRatio(100, 100, 0)).toBe(1);
  });
});
