import { inflateSync } from 'node:zlib';

/**
 * Finds active content in a PDF while it streams past: uploads refuse a PDF whose dictionaries use
 * one of `activeNames` (JavaScript and its `/JS` key, `/Launch`, embedded files, `/RichMedia`, the
 * additional actions `/AA`, and XFA forms, whose XML can carry scripts: refused altogether). An
 * `/OpenAction` is only active through those (a JavaScript or Launch action), so it is not refused
 * by itself: most PDFs open at a page with it.
 *
 * The rule, exactly: the bytes are read as PDF tokens (comments, literal and hex strings skipped;
 * names decoded from `#xx`). Outside stream data, any name in `activeNames` refuses the file.
 * Stream data is skipped up to `endstream` (compressed page content is random bytes, where a
 * plain search would find `/JS` by chance), except object streams (PDF 1.5+ keeps dictionaries
 * there; a stream is taken for one when its dictionary has `/Type /ObjStm` or a `/First` key, as a
 * reader needs nothing more): those are inflated (FlateDecode or no filter) and read by the same
 * rule, names inside its strings and comments included (a reader finds its objects by offsets,
 * which may point there). An object stream with another filter, a filter given indirectly, decode
 * parameters, more than `maxObjectStreamBytes` or data that does not inflate cannot be checked and
 * refuses the file.
 *
 * Hidden objects: a reader finds an object where the cross-reference table points, so an object
 * can sit inside what this scan skips (stream data, a string, a comment). Every object header
 * there (`12 0 obj`, or `obj` at a line start) starts a second scan from that point by the same
 * rule, until that object's `endobj`; more than `maxHiddenObjects` of them refuse the file.
 * Memory: one object stream at a time, never the file. The PDFs are also served with a
 * sandboxing Content-Security-Policy (media-files.routes.ts).
 */
export const activeNames = new Set([
  'JavaScript',
  'JS',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'RichMedia',
  'AA',
  'XFA',
]);

/** Raw (compressed) bytes of one object stream that are checked; more refuses the file. */
export const maxObjectStreamBytes = 8 * 1024 * 1024;
/** Inflated bytes of one object stream. */
const maxInflatedBytes = 64 * 1024 * 1024;
/** Object headers inside skipped bytes (each read by a second scan) one file may have. */
export const maxHiddenObjects = 64;

/** `12 0 obj` (a digit before, maybe spaces) or `obj` at a line start, at the end of the text. */
const objectHeaderEnd = /(?:\d|[\r\n])[\0\t\n\f\r ]*obj$/;
const obj = Buffer.from('obj', 'latin1');
/** Bytes kept before a possible header (its numbers and spaces). */
const headerLookBehind = 40;

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

interface ScanOptions {
  /** Hidden objects started so far, shared by every scan of one file. */
  budget: { hidden: number };
  /** A scan of one hidden object: it is over at that object's `endobj`. */
  untilEndobj: boolean;
  /**
   * An object stream's data: a reader finds its objects by offsets, which may point into what
   * reads as a string or a comment (objects there have no header), so names count there too.
   */
  namesInSkipped: boolean;
}

interface Scan extends PdfScanner {
  /** The hidden object's `endobj` was read: nothing more to do. */
  done(): boolean;
}

export function createPdfScanner(): PdfScanner {
  return scanner({ budget: { hidden: 0 }, untilEndobj: false, namesInSkipped: false });
}

function scanner(options: ScanOptions): Scan {
  let mode: Mode = 'normal';
  let depth = 0;
  let escaped = false;
  let token = '';
  let finished = false;
  // The dictionary before a `stream` keyword: what kind of stream follows.
  let objectStream = false;
  let filters: string[] = [];
  let filterValue: 'none' | 'expect' | 'array' = 'none';
  let unreadableFilter = false;
  let collected: Buffer[] | null = null;
  let collectedBytes = 0;
  let found: string | null = null;
  // The last bytes of stream data seen, in case `endstream` starts in one chunk and ends in the next.
  let carry = Buffer.alloc(0);
  // The last skipped bytes (string, comment, stream data), where a hidden object header may end.
  let skippedText = '';
  let skippedData = Buffer.alloc(0);
  let headerAt: number | null = null;
  let skippedName: string | null = null;
  // Scans of hidden objects, each fed every byte after its header.
  let hidden: Scan[] = [];

  const resetObject = () => {
    objectStream = false;
    filters = [];
    filterValue = 'none';
    unreadableFilter = false;
  };

  /** A token other than a name where a filter name was expected: an indirect or odd filter. */
  const otherFilterToken = () => {
    if (filterValue !== 'none') {
      unreadableFilter = true;
      filterValue = 'none';
    }
  };

  const finishName = () => {
    const name = decodeName(token);
    if (activeNames.has(name)) found ??= `/${name}`;
    if (filterValue !== 'none') {
      filters.push(name);
      if (filterValue === 'expect') filterValue = 'none';
      return;
    }
    if (name === 'ObjStm' || name === 'First') objectStream = true;
    else if (name === 'Filter' || name === 'F') filterValue = 'expect';
    else if (name === 'DecodeParms' || name === 'DP') unreadableFilter = true;
  };

  /** Answers true when stream data follows. */
  const finishKeyword = (): boolean => {
    if (token === 'stream') {
      mode = 'stream';
      carry = Buffer.alloc(0);
      skippedData = Buffer.alloc(0);
      collected = objectStream ? [] : null;
      collectedBytes = 0;
      return true;
    }
    if (token === 'endobj' && options.untilEndobj) finished = true;
    if (token === 'obj' || token === 'endobj') resetObject();
    else otherFilterToken(); // a number or `R`: the filter is given indirectly
    return false;
  };

  const checkObjectStream = (data: Buffer) => {
    const flate = filters.length === 1 && (filters[0] === 'FlateDecode' || filters[0] === 'Fl');
    if (unreadableFilter || filters.length > 1 || (filters.length === 1 && !flate)) {
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
    const inner = scanner({ budget: options.budget, untilEndobj: false, namesInSkipped: true });
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

  /** Reads a hidden object from `bytes` (what follows its header) on, by the same rule. */
  const startHidden = (bytes: Buffer) => {
    options.budget.hidden += 1;
    if (options.budget.hidden > maxHiddenObjects) {
      found ??= 'hidden objects (too many)';
      return;
    }
    const scan = scanner({
      budget: options.budget,
      untilEndobj: true,
      namesInSkipped: options.namesInSkipped,
    });
    found ??= scan.push(bytes);
    if (!scan.done()) hidden.push(scan);
  };

  /** A skipped byte (string, comment, hex string): notes where a hidden object header ends. */
  const skipped = (c: number) => {
    skippedText = (skippedText + String.fromCharCode(c)).slice(-headerLookBehind);
    if (c === 0x6a && objectHeaderEnd.test(skippedText)) headerAt = 0;
    if (!options.namesInSkipped) return;
    if (skippedName !== null) {
      if (isRegular(c)) {
        if (skippedName.length < 128) skippedName += String.fromCharCode(c);
        return;
      }
      const name = decodeName(skippedName);
      if (activeNames.has(name)) found ??= `/${name}`;
      skippedName = null;
    }
    if (c === 0x2f) skippedName = '';
  };

  const enterSkipped = (next: Mode) => {
    mode = next;
    skippedText = '';
    skippedName = null;
  };

  const step = (c: number) => {
    switch (mode) {
      case 'stream':
        return;
      case 'comment':
        skipped(c);
        if (c === 0x0a || c === 0x0d) mode = 'normal';
        return;
      case 'string':
        skipped(c);
        if (escaped) escaped = false;
        else if (c === 0x5c) escaped = true;
        else if (c === 0x28) depth += 1;
        else if (c === 0x29 && --depth === 0) mode = 'normal';
        return;
      case 'hex':
        skipped(c);
        if (c === 0x3e) mode = 'normal';
        return;
      case 'lt':
        if (c === 0x3c) {
          mode = 'normal';
          return;
        }
        otherFilterToken();
        enterSkipped('hex');
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
    if (c === 0x25) enterSkipped('comment');
    else if (c === 0x28) {
      otherFilterToken();
      enterSkipped('string');
      depth = 1;
      escaped = false;
    } else if (c === 0x3c) mode = 'lt';
    else if (c === 0x2f) {
      mode = 'name';
      token = '';
    } else if (c === 0x5b) {
      if (filterValue === 'expect') filterValue = 'array';
      else otherFilterToken();
    } else if (c === 0x5d) {
      if (filterValue === 'array') filterValue = 'none';
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

  /** Object headers ending in stream data `data` (of `chunk`, from `from`): hidden objects. */
  const headersInStreamData = (chunk: Buffer, from: number, data: Buffer) => {
    const before = skippedData.length;
    const text = before > 0 ? Buffer.concat([skippedData, data]) : data;
    for (let at = text.indexOf(obj); at >= 0 && !found; at = text.indexOf(obj, at + 1)) {
      const endsAt = at + obj.length;
      if (endsAt <= before) continue; // seen with the previous chunk
      const head = text.subarray(Math.max(0, at - headerLookBehind), endsAt).toString('latin1');
      if (objectHeaderEnd.test(head)) startHidden(chunk.subarray(from + endsAt - before));
    }
    skippedData = Buffer.from(text.subarray(Math.max(0, text.length - headerLookBehind)));
  };

  /** Stream data from `chunk[from]` on; answers where the tokens go on, or the chunk's end. */
  const skipStream = (chunk: Buffer, from: number): number => {
    const rest = chunk.subarray(from);
    const window = carry.length > 0 ? Buffer.concat([carry, rest]) : rest;
    const at = window.indexOf(endstream);
    if (at < 0) {
      keep(rest);
      headersInStreamData(chunk, from, rest);
      carry = Buffer.from(window.subarray(Math.max(0, window.length - endstream.length + 1)));
      return chunk.length;
    }
    const consumed = at + endstream.length - carry.length;
    keep(rest.subarray(0, consumed));
    headersInStreamData(chunk, from, rest.subarray(0, consumed));
    carry = Buffer.alloc(0);
    if (!found) endStream();
    return from + consumed;
  };

  const push = (chunk: Buffer): string | null => {
    if (finished) return found;
    // Hidden objects found earlier read this chunk whole; those found in it, from their header.
    for (const scan of hidden) found ??= scan.push(chunk);
    hidden = hidden.filter((scan) => !scan.done());
    let i = 0;
    while (i < chunk.length && !found && !finished) {
      if (mode === 'stream') {
        i = skipStream(chunk, i);
        continue;
      }
      step(chunk[i]!);
      i += 1;
      if (headerAt !== null) {
        headerAt = null;
        startHidden(chunk.subarray(i));
      }
    }
    return found;
  };

  return {
    push,
    end: () => {
      if (mode === 'name') finishName();
      if (skippedName !== null) skipped(0x20);
      for (const scan of hidden) found ??= scan.end();
      return found;
    },
    done: () => finished,
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
