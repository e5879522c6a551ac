import type { QRCode } from 'qrcode';
import {
  certificateIssuer,
  certificateKindLabels,
  certificateMessages,
  type CertificateKind,
} from '@ajar/shared/certificates/certificates.constants';
import {
  formatIndonesianDate,
  formatLearningTime,
} from '@ajar/shared/certificates/certificates.rules';
import { loadCertificateFonts, type CertificateFont } from './certificate-fonts';
import { loadPdfKit, loadQrCode } from './lazy-modules';

/** Everything printed on one certificate (spec 01 §9, DESIGN §6). */
export interface CertificateContent {
  kind: CertificateKind;
  number: string;
  fullname: string;
  programTitle: string;
  /** The program's learning time in minutes (0: the line is left out). */
  programMinutes: number;
  competences: string[];
  isPrakerja: boolean;
  /** The date printed (completion for graduation, first issue otherwise). */
  date: Date;
  /** The end of its validity ('Berlaku hingga …' beside the number); null: no end printed. */
  validUntil: Date | null;
  /** The public verification address the QR code opens. */
  verifyUrl: string;
}

interface Template {
  primary: string;
  accent: string;
  soft: string;
  label: string;
}

/** Prakerja and Umum differ in colours, caption and the verification mark. */
const templates: Record<'prakerja' | 'umum', Template> = {
  prakerja: { primary: '#0F5F73', accent: '#F28C28', soft: '#E8F3F5', label: 'Program Prakerja' },
  umum: { primary: '#1F3A93', accent: '#C9A227', soft: '#EEF1FA', label: 'Program Umum' },
};

// A4 landscape in points.
const W = 841.89;
const H = 595.28;

const intro: Record<CertificateKind, string> = {
  participant: 'atas partisipasinya sebagai peserta dalam program',
  graduation: 'atas keberhasilannya menyelesaikan dan lulus program',
};

function useFont(doc: PDFKit.PDFDocument, font: CertificateFont, size: number) {
  return doc.font(font).fontSize(size);
}

function drawFrame(doc: PDFKit.PDFDocument, t: Template) {
  doc.rect(0, 0, W, H).fill(t.soft);
  doc
    .rect(18, 18, W - 36, H - 36)
    .lineWidth(6)
    .stroke(t.primary);
  doc
    .rect(30, 30, W - 60, H - 60)
    .lineWidth(1.2)
    .stroke(t.accent);
  // A band on the left edge, the template's signature.
  doc.rect(30.6, 30.6, 14, H - 61.2).fill(t.primary);
}

/** Vector QR code (crisp at any zoom, no image to encode). */
function drawQr(doc: PDFKit.PDFDocument, qr: QRCode, x: number, y: number, size: number) {
  const n = qr.modules.size;
  const quiet = 2;
  const cell = size / (n + quiet * 2);
  doc.rect(x, y, size, size).fill('#FFFFFF');
  for (let r = 0; r < n; r += 1) {
    for (let c = 0; c < n; c += 1) {
      if (qr.modules.get(r, c))
        doc.rect(x + (c + quiet) * cell, y + (r + quiet) * cell, cell, cell);
    }
  }
  doc.fill('#000000');
}

/** The Prakerja verification mark: a round seal. */
function drawPrakerjaMark(doc: PDFKit.PDFDocument, t: Template, cx: number, cy: number) {
  doc.circle(cx, cy, 42).lineWidth(3).stroke(t.accent);
  doc.circle(cx, cy, 35).lineWidth(1).stroke(t.primary);
  useFont(doc, 'bold', 10).fillColor(t.primary);
  doc.text('PRAKERJA', cx - 40, cy - 14, { width: 80, align: 'center' });
  useFont(doc, 'regular', 7).fillColor(t.primary);
  doc.text('TERVERIFIKASI', cx - 40, cy + 1, { width: 80, align: 'center' });
  doc.text('✓', cx - 40, cy + 10, { width: 80, align: 'center' });
}

/** Nothing of the body may reach the QR code and signature block below this line. */
const bodyBottom = 436;

function drawCompetences(doc: PDFKit.PDFDocument, t: Template, items: string[], top: number) {
  if (items.length === 0) return;
  useFont(doc, 'bold', 10).fillColor(t.primary);
  doc.text('Kompetensi yang dicapai:', 120, top, { width: W - 240, align: 'center' });
  // Two columns once the list grows, and smaller type for long lists, so it stays on the page;
  // as many rows as fit above the signature, the rest counted on the last row.
  const columns = items.length > 4 ? 2 : 1;
  const size = items.length > 8 ? 8 : 9.5;
  const rowHeight = size + 5;
  const maxRows = Math.max(1, Math.floor((bodyBottom - top - 16) / rowHeight));
  const fitsAll = items.length <= maxRows * columns;
  const shown = fitsAll ? items : items.slice(0, Math.max(0, maxRows - 1) * columns);
  const colWidth = columns === 2 ? 260 : 420;
  const left = (W - colWidth * columns - (columns - 1) * 20) / 2;
  const perColumn = Math.max(1, Math.ceil(shown.length / columns));
  useFont(doc, 'regular', size).fillColor('#333333');
  shown.forEach((item, i) => {
    const col = Math.floor(i / perColumn);
    const row = i % perColumn;
    const x = left + col * (colWidth + 20);
    doc.text(`• ${item}`, x, top + 16 + row * rowHeight, {
      width: colWidth,
      height: size + 4,
      ellipsis: true,
      lineBreak: false,
      // A short list reads best centred under its heading.
      align: columns === 1 ? 'center' : 'left',
    });
  });
  if (!fitsAll) {
    const rows = shown.length === 0 ? 0 : perColumn;
    doc.text(
      `… dan ${items.length - shown.length} kompetensi lainnya`,
      left,
      top + 16 + rows * rowHeight,
      {
        width: colWidth * columns,
      },
    );
  }
}

/** Whether every character of `text` has a glyph in the font last set on `doc`. */
function fontCovers(doc: PDFKit.PDFDocument, text: string): boolean {
  // pdfkit keeps the fontkit font of an embedded TTF here; its typings do not show it.
  const font = (doc as unknown as { _font?: { font?: FontkitFont } })._font?.font;
  if (!font) return true;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp > 0x20 && !font.hasGlyphForCodePoint(cp)) return false;
  }
  return true;
}
interface FontkitFont {
  hasGlyphForCodePoint(codePoint: number): boolean;
}

/**
 * Writes `text` whole inside a box: the largest size from `max` down to `min` whose wrapped
 * lines fit `height`, centred vertically; at `min` it is written whole even if taller. Answers
 * the bottom of what was written.
 */
function fitText(
  doc: PDFKit.PDFDocument,
  text: string,
  box: { x: number; y: number; width: number; height: number },
  font: CertificateFont,
  sizes: { max: number; min: number },
): number {
  // A script the serif face lacks (it has fewer than DejaVu Sans) falls back to the sans face.
  let face = font;
  useFont(doc, face, sizes.max);
  if (face === 'serifBold' && !fontCovers(doc, text)) face = 'bold';
  const options = { width: box.width, align: 'center' as const };
  let size = sizes.max;
  let height = 0;
  for (; size >= sizes.min; size -= 0.5) {
    useFont(doc, face, size);
    height = doc.heightOfString(text, options);
    if (height <= box.height) break;
  }
  size = Math.max(size, sizes.min);
  useFont(doc, face, size);
  height = doc.heightOfString(text, options);
  const y = box.y + Math.max(0, (box.height - height) / 2);
  doc.text(text, box.x, y, options);
  return y + height;
}

function drawSignature(doc: PDFKit.PDFDocument, t: Template, date: Date) {
  const x = W - 300;
  const width = 220;
  useFont(doc, 'regular', 10).fillColor('#333333');
  doc.text(`${certificateIssuer.city}, ${formatIndonesianDate(date)}`, x, H - 155, {
    width,
    align: 'center',
  });
  doc.text(certificateIssuer.directorTitle, x, H - 140, { width, align: 'center' });
  // The director's signature stroke.
  doc
    .moveTo(x + 60, H - 85)
    .bezierCurveTo(x + 80, H - 120, x + 95, H - 75, x + 110, H - 100)
    .bezierCurveTo(x + 125, H - 120, x + 135, H - 80, x + 160, H - 98)
    .lineWidth(1.4)
    .stroke(t.primary);
  useFont(doc, 'bold', 11).fillColor('#222222');
  doc.text(certificateIssuer.directorName, x, H - 75, { width, align: 'center' });
  doc
    .moveTo(x + 20, H - 60)
    .lineTo(x + width - 20, H - 60)
    .lineWidth(0.8)
    .stroke('#555555');
  useFont(doc, 'regular', 9).fillColor('#555555');
  doc.text(certificateIssuer.organization, x, H - 55, { width, align: 'center' });
}

function drawCertificate(doc: PDFKit.PDFDocument, c: CertificateContent, qr: QRCode) {
  const t = c.isPrakerja ? templates.prakerja : templates.umum;
  drawFrame(doc, t);

  useFont(doc, 'bold', 11).fillColor(t.primary);
  doc.text(certificateIssuer.organization.toUpperCase(), 70, 52, { width: 400 });
  useFont(doc, 'regular', 9).fillColor(t.accent);
  doc.text(t.label, 70, 67, { width: 400 });
  if (c.isPrakerja) drawPrakerjaMark(doc, t, W - 100, 100);

  useFont(doc, 'serifBold', 40).fillColor(t.primary);
  doc.text('SERTIFIKAT', 0, 86, { width: W, align: 'center', characterSpacing: 6 });
  useFont(doc, 'bold', 14).fillColor(t.accent);
  doc.text(certificateKindLabels[c.kind].toUpperCase(), 0, 135, { width: W, align: 'center' });
  useFont(doc, 'regular', 10).fillColor('#444444');
  const validity = c.validUntil
    ? `   |   ${certificateMessages.validUntil(formatIndonesianDate(c.validUntil))}`
    : '';
  doc.text(`Nomor: ${c.number}${validity}`, 0, 155, { width: W, align: 'center' });

  useFont(doc, 'regular', 12).fillColor('#333333');
  doc.text('Diberikan kepada', 0, 182, { width: W, align: 'center' });
  // The whole name, always: it shrinks, then wraps (up to three lines) rather than being cut.
  doc.fillColor('#111111');
  fitText(doc, c.fullname, { x: 70, y: 199, width: W - 140, height: 62 }, 'serifBold', {
    max: 30,
    min: 12,
  });
  doc
    .moveTo(W / 2 - 200, 266)
    .lineTo(W / 2 + 200, 266)
    .lineWidth(1)
    .stroke(t.accent);

  useFont(doc, 'regular', 12).fillColor('#333333');
  doc.text(intro[c.kind], 0, 274, { width: W, align: 'center' });
  doc.fillColor(t.primary);
  let bottom = fitText(
    doc,
    c.programTitle,
    { x: 100, y: 291, width: W - 200, height: 40 },
    'bold',
    {
      max: 16,
      min: 10,
    },
  );
  const learningTime = formatLearningTime(c.programMinutes);
  if (learningTime) {
    useFont(doc, 'regular', 10).fillColor('#444444');
    doc.text(`Durasi belajar: ${learningTime}`, 0, bottom + 3, { width: W, align: 'center' });
    bottom += 16;
  }

  drawCompetences(doc, t, c.competences, bottom + 8);

  const qrSize = 92;
  drawQr(doc, qr, 70, H - 58 - qrSize - 14, qrSize);
  useFont(doc, 'regular', 7.5).fillColor('#555555');
  // Under the code, each on one line: the caption, then the address itself for a reader without
  // a scanner.
  doc.text('Pindai untuk verifikasi keaslian, atau buka:', 70, H - 69, { lineBreak: false });
  useFont(doc, 'regular', 7.5).fillColor('#333333');
  doc.text(c.verifyUrl, 70, H - 59, { lineBreak: false });

  drawSignature(doc, t, c.date);
}

/** The certificate as a one-page A4 landscape PDF (fonts embedded as subsets). */
export async function renderCertificatePdf(c: CertificateContent): Promise<Buffer> {
  const [PDFDocument, QRCode, fonts] = await Promise.all([
    loadPdfKit(),
    loadQrCode(),
    loadCertificateFonts(),
  ]);
  const qr = QRCode.create(c.verifyUrl, { errorCorrectionLevel: 'M' });
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      layout: 'landscape',
      margin: 0,
      // null (not undefined, which pdfkit replaces by Helvetica) skips loading a standard font
      // per document: the registered TTFs are the only fonts used. The typings allow no null.
      font: null as unknown as string,
      info: {
        Title: `${certificateKindLabels[c.kind]} ${c.number}`,
        Author: certificateIssuer.organization,
        Subject: c.programTitle,
      },
    });
    for (const [name, bytes] of Object.entries(fonts)) doc.registerFont(name, bytes);
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      drawCertificate(doc, c, qr);
      doc.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
