import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { serverPath } from './server-root';

/**
 * The certificate's TrueType fonts (DejaVu, shipped by the `dejavu-fonts-ttf` package: it covers
 * every Latin name a member may have). Read from disk once, when the first certificate is made
 * (not at start: a server that makes none never holds them), never per document;
 * plain TTF, so no per-document decompression either. pdfkit embeds only the glyphs a document
 * uses (a subset).
 */
// Resolved as a dependency of the server package, wherever the running module sits (src or dist).
const require = createRequire(serverPath('package.json'));

function load(file: string): Buffer {
  return readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));
}

function loadAll() {
  return {
    regular: load('DejaVuSans.ttf'),
    bold: load('DejaVuSans-Bold.ttf'),
    serifBold: load('DejaVuSerif-Bold.ttf'),
  } as const;
}

export type CertificateFont = keyof ReturnType<typeof loadAll>;

let fonts: ReturnType<typeof loadAll> | undefined;
export async function loadCertificateFonts() {
  fonts ??= loadAll();
  return fonts;
}
