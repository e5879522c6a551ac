import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createPdfScanner, maxObjectStreamBytes } from './pdf-active-content';

/** A PDF of the given object bodies (object 1 is the catalog), with a valid cross-reference. */
function pdfOf(bodies: (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  bodies.forEach((body, i) => {
    offsets.push(length);
    const bytes = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(bytes);
    length += bytes.length;
  });
  const xref =
    `xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}

/** A stream object's body: dictionary entries and data. */
function streamOf(dict: string, data: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

const pages = '<< /Type /Pages /Kids [3 0 R] /Count 1 >>';
const page = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R >>';
const content = (text: string) => streamOf('', Buffer.from(text, 'latin1'));

/** The finding of the whole file, read in one piece and read one byte at a time. */
function scan(bytes: Buffer): string | null {
  const whole = createPdfScanner();
  const found = whole.push(bytes) ?? whole.end();
  const bytewise = createPdfScanner();
  let one: string | null = null;
  for (let i = 0; i < bytes.length && !one; i += 1) one = bytewise.push(bytes.subarray(i, i + 1));
  expect(one ?? bytewise.end(), 'the same when streamed byte by byte').toBe(found);
  return found;
}

const plain = (catalogExtra = '', text = 'BT (Halo) Tj ET') =>
  pdfOf([`<< /Type /Catalog /Pages 2 0 R ${catalogExtra} >>`, pages, page, content(text)]);

describe('createPdfScanner', () => {
  it('passes an ordinary PDF, an OpenAction to a page, and active words in text or comments', () => {
    expect(scan(plain())).toBeNull();
    expect(scan(plain('/OpenAction [3 0 R /Fit]'))).toBeNull();
    expect(scan(plain('/Title (about /JavaScript and /JS \\) /AA) % /Launch'))).toBeNull();
    expect(scan(plain('/Lang <2f4a53>'))).toBeNull();
    // Page content is not dictionaries: compressed or plain, its bytes are not read as names.
    expect(scan(plain('', '/JS /AA /Launch BT (x) Tj ET'))).toBeNull();
    expect(scan(plain('/JSON (x) /AAB 1 /Launcher 2'))).toBeNull();
  });

  it('refuses JavaScript, Launch, embedded files, rich media and additional actions', () => {
    const cases: [string, string][] = [
      ['/OpenAction << /S /JavaScript /JS (app.alert(1)) >>', '/JavaScript'],
      ['/OpenAction 5 0 R /Names << /JS 6 0 R >>', '/JS'],
      ['/OpenAction << /S /Launch /F (calc.exe) >>', '/Launch'],
      ['/Names << /EmbeddedFiles 7 0 R >>', '/EmbeddedFiles'],
      ['/X << /Type /EmbeddedFile >>', '/EmbeddedFile'],
      ['/X << /Subtype /RichMedia >>', '/RichMedia'],
      ['/AA << /O 8 0 R >>', '/AA'],
      // Names written with #xx escapes are the same names.
      ['/OpenAction << /S /Java#53cript /J#53 (x) >>', '/JavaScript'],
      ['/Names << /#4A#53 6 0 R >>', '/JS'],
    ];
    for (const [extra, found] of cases) expect(scan(plain(extra)), extra).toBe(found);
  });

  it('reads the dictionaries inside compressed object streams', () => {
    const objects = '5 0 << /S /JavaScript /JS (app.alert(1)) >>';
    const hidden = pdfOf([
      '<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R >>',
      pages,
      page,
      content('BT ET'),
      streamOf('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', deflateSync(objects)),
    ]);
    expect(scan(hidden)).toBe('/JavaScript');
    const harmless = pdfOf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      pages,
      page,
      content('BT ET'),
      streamOf('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', deflateSync('5 0 << /A 1 >>')),
    ]);
    expect(scan(harmless)).toBeNull();
  });

  it('refuses an object stream it cannot read', () => {
    const hex = Buffer.from(Buffer.from('5 0 << /JS (x) >>').toString('hex'));
    const cases = [
      streamOf('/Type /ObjStm /N 1 /First 4 /Filter /ASCIIHexDecode', hex),
      streamOf('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', Buffer.from('kein zlib')),
    ];
    for (const objectStream of cases) {
      expect(scan(pdfOf(['<< /Type /Catalog /Pages 2 0 R >>', pages, page, objectStream]))).toMatch(
        /^ObjStm/,
      );
    }
    const huge = streamOf('/Type /ObjStm /N 1 /First 4', Buffer.alloc(maxObjectStreamBytes + 10));
    const scanner = createPdfScanner();
    const bytes = pdfOf(['<< /Type /Catalog >>', huge]);
    expect(scanner.push(bytes) ?? scanner.end()).toBe('ObjStm (too large)');
  });
});
