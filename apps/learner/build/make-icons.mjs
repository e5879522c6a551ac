// Draws the PWA icons of Ajar Belajar (an open book on the brand blue) into public/icons/ as PNG,
// with a small PNG encoder on node:zlib (no image library needed). Run once after a design change:
// `node apps/learner/build/make-icons.mjs`; the PNGs are committed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/icons');
const blue = [11, 92, 173];
const white = [255, 255, 255];
const gold = [242, 169, 0];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** RGBA pixels (width × height × 4) as a PNG file. */
function png(width, height, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    rows[y * (width * 4 + 1)] = 0; // filter: none
    rgba.copy(rows, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  }
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function inPolygon(x, y, points) {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i];
    const [xj, yj] = points[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/**
 * The colour at a point of the unit square: the book (two pages and a bookmark) scaled into the
 * middle `content` part; `rounded` leaves the corners transparent (the plain icon), a maskable
 * icon fills the whole square.
 */
function colourAt(x, y, { content, rounded }) {
  if (rounded) {
    const r = 0.18;
    const cx = Math.min(Math.max(x, r), 1 - r);
    const cy = Math.min(Math.max(y, r), 1 - r);
    if ((x - cx) ** 2 + (y - cy) ** 2 > r * r) return null;
  }
  const u = (x - 0.5) / content + 0.5;
  const v = (y - 0.5) / content + 0.5;
  const left = [
    [0.08, 0.2],
    [0.47, 0.3],
    [0.47, 0.86],
    [0.08, 0.76],
  ];
  const right = [
    [0.53, 0.3],
    [0.92, 0.2],
    [0.92, 0.76],
    [0.53, 0.86],
  ];
  const bookmark = [
    [0.66, 0.24],
    [0.78, 0.21],
    [0.78, 0.5],
    [0.72, 0.45],
    [0.66, 0.52],
  ];
  if (inPolygon(u, v, bookmark)) return gold;
  if (inPolygon(u, v, left) || inPolygon(u, v, right)) return white;
  return blue;
}

function draw(size, options) {
  const rgba = Buffer.alloc(size * size * 4);
  const samples = 4; // 4 × 4 supersampling for smooth edges
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const colour = colourAt(
            (px + (sx + 0.5) / samples) / size,
            (py + (sy + 0.5) / samples) / size,
            options,
          );
          if (!colour) continue;
          sum[0] += colour[0];
          sum[1] += colour[1];
          sum[2] += colour[2];
          sum[3] += 255;
        }
      }
      const n = samples * samples;
      const covered = sum[3] / 255 || 1;
      const at = (py * size + px) * 4;
      rgba[at] = Math.round(sum[0] / covered);
      rgba[at + 1] = Math.round(sum[1] / covered);
      rgba[at + 2] = Math.round(sum[2] / covered);
      rgba[at + 3] = Math.round(sum[3] / n);
    }
  }
  return png(size, size, rgba);
}

fs.mkdirSync(out, { recursive: true });
const icons = [
  ['icon-192.png', 192, { content: 0.8, rounded: true }],
  ['icon-512.png', 512, { content: 0.8, rounded: true }],
  // Maskable: the whole square is painted, the book stays inside the 80 % safe circle.
  ['maskable-512.png', 512, { content: 0.6, rounded: false }],
  ['apple-touch-icon-180.png', 180, { content: 0.7, rounded: false }],
];
for (const [name, size, options] of icons) {
  fs.writeFileSync(path.join(out, name), draw(size, options));
  console.log(`public/icons/${name}`);
}
