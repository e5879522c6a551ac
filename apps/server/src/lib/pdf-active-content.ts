import { inflateSync } from 'node:zlib';

/**
 * Finds active content in a PDF while it streams past (issue 17): uploads refuse a PDF whose
 * dictionaries use one of `activeNames` (JavaScript and its `/JS` key, `/Launch`, embedded files,
 * `/RichMedia`, the additional actions `/AA`). An `/OpenAction` is only active through those (a
 * JavaScript or Launch action), so it is not refused by itself: most PDFs open at a page with it.
 *
 * The rule, exactly: the bytes are read as PDF tokens (comments, literal and hex strings skipped;
 * names decoded from `#xx`). Outside stream data, any name in `activeNames` refuses the file.
 * Stream data is skipped up to `endstream` (compressed page content is random bytes, where a
 * plain search would find `/JS` by chance), except object streams (`/Type /ObjStm`, where
 * PDF 1.5+ keeps dictionaries): those are inflated (FlateDecode or no filter) and read by the
 * same rule; an object stream with another filter, decode parameters, more than
 * `maxObjectStreamBytes` or data that does not inflate cannot be checked and refuses the file.
 * Memory: one object stream at a time, never the file.
 *
 * Known limit: a file crafted so that a reader finds an object (by its cross-reference offset)
 * inside what this scan takes for the data of another stream is not seen; the PDFs are served
 * with a sandboxing Content-Security-Policy as well (media-files.routes.ts).
 */
export const activeNames = new Set([
  'JavaScript',
  'JS',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'RichMedia',
  'AA',
]);

/** Raw (compressed) bytes of one object stream that are checked; more refuses the file. */
export const maxObjectStreamBytes = 8 * 1024 * 1024;
/** Inflated bytes of one object stream. */
const maxInflatedBytes = 64 * 1024 * 1024;

const otherFilters = new Set([
  'ASCIIHexDecode',
  'AHx',
  'ASCII85Decode',
  'A85',
  'LZWDecode',
  'LZW',
  'RunLengthDecode',
  'RL',
  'Crypt',
  'DecodeParms',
  'DP',
]);

const isWhite = (c: number) =>
  c === 0x00 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d || c === 0x20;
// ( ) < > [ ] { } / %
const isDelimiter = (c: number) =>
  c === 0x28 ||
  c === 0x29 ||
  c === 0x3c ||
  c === 0x3e ||
  c === 0x5b ||
  c === 0x5d ||
  c === 0x7b ||
  c === 0x7d ||
  c === 0x2f ||
  c === 0x25;
const isRegular = (c: number) => !isWhite(c) && !isDelimiter(c);

const endstream = Buffer.from('endstream', 'latin1');

/** `J#53` → `JS`. */
function decodeName(raw: string): string {
  return raw.replace(/#([0-9A-Fa-f]{2})/g, (_m, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
}

type Mode = 'normal' | 'comment' | 'string' | 'hex' | 'lt' | 'name' | 'keyword' | 'stream';

export interface PdfScanner {
  /** Reads the next bytes; answers what makes the file active (`/JS`, …) or null. */
  push(chunk: Buffer): string | null;
  /** The file is complete; answers the finding of its last bytes or null. */
  end(): string | null;
}

export function createPdfScanner(): PdfScanner {
  let mode: Mode = 'normal';
  let depth = 0;
  let escaped = false;
  let token = '';
  // The dictionary before a `stream` keyword: what kind of stream follows.
  let objectStream = false;
  let flate = false;
  let unreadableFilter = false;
  let collected: Buffer[] | null = null;
  let collectedBytes = 0;
  let found: string | null = null;
  // The last bytes of stream data seen, in case `endstream` starts in one chunk and ends in the next.
  let carry = Buffer.alloc(0);

  const resetObject = () => {
    objectStream = false;
    flate = false;
    unreadableFilter = false;
  };

  const finishName = () => {
    const name = decodeName(token);
    if (activeNames.has(name)) found ??= `/${name}`;
    else if (name === 'ObjStm') objectStream = true;
    else if (name === 'FlateDecode' || name === 'Fl') flate = true;
    else if (otherFilters.has(name)) unreadableFilter = true;
  };

  /** Answers true when stream data follows. */
  const finishKeyword = (): boolean => {
    if (token === 'stream') {
      mode = 'stream';
      carry = Buffer.alloc(0);
      collected = objectStream ? [] : null;
      collectedBytes = 0;
      return true;
    }
    if (token === 'obj' || token === 'endobj') resetObject();
    return false;
  };

  const checkObjectStream = (data: Buffer) => {
    if (unreadableFilter) {
      found ??= 'ObjStm (filter)';
      return;
    }
    let body = data.subarray(data[0] === 0x0d && data[1] === 0x0a ? 2 : data[0] === 0x0a ? 1 : 0);
    if (flate) {
      try {
        body = inflateSync(body, { maxOutputLength: maxInflatedBytes });
      } catch {
        found ??= 'ObjStm (unreadable)';
        return;
      }
    }
    const inner = createPdfScanner();
    found ??= inner.push(body) ?? inner.end();
  };

  const endStream = () => {
    if (collected) {
      const data = Buffer.concat(collected);
      // The keyword's own bytes were collected too; a line end before it belongs to the data.
      checkObjectStream(data.subarray(0, Math.max(0, data.length - endstream.length)));
    }
    collected = null;
    mode = 'normal';
    resetObject();
  };

  const step = (c: number) => {
    switch (mode) {
      case 'stream':
        return;
      case 'comment':
        if (c === 0x0a || c === 0x0d) mode = 'normal';
        return;
      case 'string':
        if (escaped) escaped = false;
        else if (c === 0x5c) escaped = true;
        else if (c === 0x28) depth += 1;
        else if (c === 0x29 && --depth === 0) mode = 'normal';
        return;
      case 'hex':
        if (c === 0x3e) mode = 'normal';
        return;
      case 'lt':
        if (c === 0x3c) {
          mode = 'normal';
          return;
        }
        mode = 'hex';
        step(c);
        return;
      case 'name':
        if (isRegular(c)) {
          if (token.length < 128) token += String.fromCharCode(c);
          return;
        }
        finishName();
        mode = 'normal';
        break;
      case 'keyword':
        if (isRegular(c)) {
          if (token.length < 16) token += String.fromCharCode(c);
          return;
        }
        mode = 'normal';
        if (finishKeyword()) return;
        break;
      case 'normal':
        break;
    }
    // normal
    if (c === 0x25) mode = 'comment';
    else if (c === 0x28) {
      mode = 'string';
      depth = 1;
      escaped = false;
    } else if (c === 0x3c) mode = 'lt';
    else if (c === 0x2f) {
      mode = 'name';
      token = '';
    } else if (isRegular(c)) {
      mode = 'keyword';
      token = String.fromCharCode(c);
    }
  };

  const keep = (bytes: Buffer) => {
    if (!collected) return;
    collected.push(bytes);
    collectedBytes += bytes.length;
    if (collectedBytes > maxObjectStreamBytes + endstream.length) found ??= 'ObjStm (too large)';
  };

  /** Stream data from `chunk[from]` on; answers where the tokens go on, or the chunk's end. */
  const skipStream = (chunk: Buffer, from: number): number => {
    const rest = chunk.subarray(from);
    const window = carry.length > 0 ? Buffer.concat([carry, rest]) : rest;
    const at = window.indexOf(endstream);
    if (at < 0) {
      keep(rest);
      carry = Buffer.from(window.subarray(Math.max(0, window.length - endstream.length + 1)));
      return chunk.length;
    }
    const consumed = at + endstream.length - carry.length;
    keep(rest.subarray(0, consumed));
    carry = Buffer.alloc(0);
    if (!found) endStream();
    return from + consumed;
  };

  const push = (chunk: Buffer): string | null => {
    let i = 0;
    while (i < chunk.length && !found) {
      if (mode === 'stream') {
        i = skipStream(chunk, i);
        continue;
      }
      step(chunk[i]!);
      i += 1;
    }
    return found;
  };

  return {
    push,
    end: () => {
      if (mode === 'name') finishName();
      return found;
    },
  };
}

/**
 * Passes an upload's chunks through, throwing `refusal()` as soon as the PDF shows active
 * content (at the latest after its last chunk), so storage never completes such a file.
 */
export async function* refuseActivePdf(
  chunks: AsyncIterable<Buffer>,
  refusal: () => Error,
): AsyncGenerator<Buffer> {
  const scanner = createPdfScanner();
  for await (const chunk of chunks) {
    if (scanner.push(chunk)) throw refusal();
    yield chunk;
  }
  if (scanner.end()) throw refusal();
}
