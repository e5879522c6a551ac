import { deflateSync } from 'node:zlib';

/** A PDF of the given object bodies (object 1 is the catalog), with a valid cross-reference. */
export function pdfOf(bodies: (string | Buffer)[]): Buffer {
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
export function streamOf(dict: string, data: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

/**
 * A PDF written as text, objects 1 to `count` found wherever their header `n 0 obj` stands, also
 * inside another object's stream data or string: the cross-reference table points there, as a
 * reader follows it.
 */
export function pdfFromText(body: string, count: number): Buffer {
  const head = '%PDF-1.7\n';
  const offsets = Array.from({ length: count }, (_, i) => {
    // The header's tokens may be split by white space and comments, as a reader allows.
    const at = new RegExp(`(?<!\\d)${i + 1}(?:\\s|%.*\\n)+0(?:\\s|%.*\\n)+obj`).exec(body);
    if (!at) throw new Error(`object ${i + 1} is missing`);
    return head.length + at.index;
  });
  const xref =
    `xref\n0 ${count + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${count + 1} /Root 1 0 R >>\nstartxref\n${head.length + body.length}\n%%EOF\n`;
  return Buffer.from(head + body + xref, 'latin1');
}

const pageTree =
  '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n' +
  '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R >>\nendobj\n';

/**
 * JavaScript hidden in the data of another stream: the page's content stream declares the length
 * of its text only, and the action object the catalog opens with stands after it, before
 * `endstream`, where the cross-reference table points.
 */
export function pdfWithJavaScriptInStreamData(): Buffer {
  const text = 'BT (Halo) Tj ET';
  return pdfFromText(
    '1 0 obj\n<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R >>\nendobj\n' +
      pageTree +
      `4 0 obj\n<< /Length ${text.length} >>\nstream\n${text}\n` +
      '5 0 obj\n<< /S /JavaScript /JS (app.alert\\(1\\)) >>\nendobj\n' +
      'endstream\nendobj\n',
    5,
  );
}

/** An XFA form whose template carries a script (the XML in a compressed stream). */
export function pdfWithXfaScript(): Buffer {
  const xdp =
    '<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"><template><subform><event activity="initialize">' +
    '<script contentType="application/x-javascript">app.alert(1)</script></event></subform>' +
    '</template></xdp:xdp>';
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [] /XFA 5 0 R >> >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R >>',
    streamOf('', Buffer.from('BT ET', 'latin1')),
    streamOf('/Filter /FlateDecode', deflateSync(xdp)),
  ]);
}
