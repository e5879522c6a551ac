import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  pdfFromText,
  pdfOf,
  pdfWithJavaScriptInStreamData,
  pdfWithXfaScript,
  streamOf,
} from '../test/factories/crafted-pdfs';
import { createPdfScanner, maxHiddenObjects, maxObjectStreamBytes } from './pdf-active-content';

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

  it('finds objects hidden where the scan skips: stream data, strings, comments', () => {
    expect(scan(pdfWithJavaScriptInStreamData())).toBe('/JavaScript');
    const action = '5 0 obj\n<< /S /JavaScript /JS (app.alert\\(1\\)) >>\nendobj';
    const catalog = '1 0 obj\n<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R >>\nendobj\n';
    const tree =
      '2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n' +
      '3 0 obj\n<< /Producer (x) >>\nendobj\n4 0 obj\nnull\nendobj\n';
    // Inside a string of another object (the header `5 0 obj` is where the xref points).
    const inString = pdfFromText(`${catalog}${tree.replace('(x)', `(${action})`)}`, 5);
    expect(scan(inString)).toBe('/JavaScript');
    // On a comment line.
    expect(scan(pdfFromText(`${catalog}${tree}% ${action.replaceAll('\n', ' ')}\n`, 5))).toBe(
      '/JavaScript',
    );
    // In stream data, a header's tokens split by comments still make a header.
    const split = action.replace('5 0 obj', '5%a\n0%b\nobj');
    const stream = `4 0 obj\n<< /Length 1 >>\nstream\nx\n${split}\nendstream\nendobj\n`;
    expect(
      scan(pdfFromText(`${catalog}${tree.replace('4 0 obj\nnull\nendobj\n', stream)}`, 5)),
    ).toBe('/JavaScript');
    // An XFA form hidden the same way.
    const xfa = pdfFromText(
      `${catalog.replace('/OpenAction 5 0 R', '/AcroForm 5 0 R')}${tree.replace(
        '(x)',
        '(5 0 obj << /XFA 6 0 R >> endobj)',
      )}`,
      5,
    );
    expect(scan(xfa)).toBe('/XFA');
  });

  it('passes text that only looks like an object header, and random stream data', () => {
    expect(scan(plain('/Title (Bab 2 objektif: membaca 3 obj) /Subject (12 0 obj)'))).toBeNull();
    let seed = 7;
    const random = Buffer.from(
      Buffer.alloc(128 * 1024).map(() => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        return seed >> 16;
      }),
    );
    const bytes = pdfOf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      pages,
      page,
      streamOf('/Filter /FlateDecode', random),
    ]);
    expect(scan(bytes)).toBeNull();
    const many = Array.from({ length: maxHiddenObjects + 1 }, (_, i) => `(${i} 0 obj)`).join(' ');
    expect(scan(plain(`/Keywords [${many}]`))).toBe('hidden objects (too many)');
  });

  it('refuses XFA forms altogether', () => {
    expect(scan(pdfWithXfaScript())).toBe('/XFA');
    const inObjectStream = pdfOf([
      '<< /Type /Catalog /Pages 2 0 R /AcroForm 5 0 R >>',
      pages,
      page,
      content('BT ET'),
      streamOf(
        '/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode',
        deflateSync('5 0 << /Fields [] /XFA 6 0 R >>'),
      ),
    ]);
    expect(scan(inObjectStream)).toBe('/XFA');
  });

  it('reads object streams a reader would use: without /Type, and refuses indirect filters', () => {
    const objects = deflateSync('5 0 << /S /JavaScript /JS (app.alert(1)) >>');
    const catalog = '<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R >>';
    // A reader takes any stream a cross-reference stream names as an object stream.
    expect(
      scan(pdfOf([catalog, pages, page, streamOf('/N 1 /First 4 /Filter /FlateDecode', objects)])),
    ).toBe('/JavaScript');
    for (const filter of ['/Filter 9 0 R', '/Filter [/FlateDecode /FlateDecode]', '/F 9 0 R']) {
      expect(
        scan(
          pdfOf([catalog, pages, page, streamOf(`/Type /ObjStm /N 1 /First 4 ${filter}`, objects)]),
        ),
        filter,
      ).toBe('ObjStm (filter)');
    }
    expect(
      scan(
        pdfOf([
          catalog,
          pages,
          page,
          streamOf('/Type /ObjStm /N 1 /First 4 /Filter [/Fl]', objects),
        ]),
      ),
    ).toBe('/JavaScript');
  });

  it('reads names in strings and comments of an object stream, where its offsets may point', () => {
    // Object 5 at offset 5 of the data: inside what reads as a string.
    const data = '5 5 (<< /S /JavaScript /JS (app.alert\\(1\\)) >>)';
    const bytes = pdfOf([
      '<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R >>',
      pages,
      page,
      streamOf('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', deflateSync(data)),
    ]);
    expect(scan(bytes)).toBe('/JavaScript');
    const comment = pdfOf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      pages,
      page,
      streamOf('/Type /ObjStm /N 1 /First 4', Buffer.from('5 0 %<< /AA << /O 6 0 R >> >>\n1')),
    ]);
    expect(scan(comment)).toBe('/AA');
  });
});
