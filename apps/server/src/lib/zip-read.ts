import zlib from 'node:zlib';

/**
 * A small, strict reader of zip archives held in memory (an uploaded .xlsx of a few MB): it reads
 * the central directory itself so entry count and unpacked sizes are known BEFORE anything is
 * inflated, and it inflates an entry as a stream that stops as soon as it grows past what the
 * directory declared (a zip bomb that lies about its sizes is stopped too).
 */

/** Why an archive was refused; the caller words it for its users. */
export type ZipErrorCode = 'not-zip' | 'ole' | 'encrypted-ole' | 'broken' | 'too-big';

export class ZipError extends Error {
  constructor(
    readonly code: ZipErrorCode,
    detail: string,
  ) {
    super(detail);
    this.name = 'ZipError';
  }
}

export interface ZipLimits {
  /** Most entries an archive may list. */
  entries: number;
  /** Most bytes all entries may unpack to, together. */
  unpackedBytes: number;
}

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  crc32: number;
  /** Offset of the entry's local header. */
  localOffset: number;
}

export interface ZipArchive {
  buffer: Buffer;
  /** Entries by lower-case name (OPC part names compare without case). */
  entries: Map<string, ZipEntry>;
}

const SIG_LOCAL = 0x04034b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_END = 0x06054b50;
const SIG_END64 = 0x06064b50;
const SIG_END64_LOCATOR = 0x07064b50;
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** What the first bytes say: a zip, an OLE compound file (legacy .xls or an encrypted OOXML), or other. */
export function sniffContainer(buffer: Buffer): 'zip' | 'ole' | 'encrypted-ole' | 'other' {
  if (buffer.length >= 4 && buffer.readUInt32LE(0) === SIG_LOCAL) return 'zip';
  if (buffer.length >= 22 && buffer.readUInt32LE(0) === SIG_END) return 'zip'; // empty archive
  if (buffer.length >= 8 && buffer.subarray(0, 8).equals(OLE_MAGIC)) {
    // Office keeps a password-protected .xlsx as an OLE file with an `EncryptedPackage` stream.
    return buffer.includes(Buffer.from('EncryptedPackage', 'utf16le')) ? 'encrypted-ole' : 'ole';
  }
  return 'other';
}

function findEnd(buffer: Buffer): number {
  const last = buffer.length - 22;
  const first = Math.max(0, last - 0xffff);
  for (let i = last; i >= first; i -= 1) {
    if (buffer.readUInt32LE(i) === SIG_END) return i;
  }
  throw new ZipError('broken', 'no end of central directory');
}

/** Entry count, directory offset and size, from the classic or the zip64 end record. */
function readEnd(buffer: Buffer) {
  const end = findEnd(buffer);
  let count = buffer.readUInt16LE(end + 10);
  let size = buffer.readUInt32LE(end + 12);
  let offset = buffer.readUInt32LE(end + 16);
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
    const locator = end - 20;
    if (locator < 0 || buffer.readUInt32LE(locator) !== SIG_END64_LOCATOR) {
      throw new ZipError('broken', 'zip64 locator missing');
    }
    const end64 = Number(buffer.readBigUInt64LE(locator + 8));
    if (end64 + 56 > buffer.length || buffer.readUInt32LE(end64) !== SIG_END64) {
      throw new ZipError('broken', 'zip64 end record missing');
    }
    count = Number(buffer.readBigUInt64LE(end64 + 32));
    size = Number(buffer.readBigUInt64LE(end64 + 40));
    offset = Number(buffer.readBigUInt64LE(end64 + 48));
  }
  return { count, size, offset };
}

/** Sizes and offset saturated in the directory record come from its zip64 extra field. */
function applyZip64(buffer: Buffer, extraStart: number, extraEnd: number, entry: ZipEntry) {
  let p = extraStart;
  while (p + 4 <= extraEnd) {
    const id = buffer.readUInt16LE(p);
    const len = buffer.readUInt16LE(p + 2);
    if (id === 0x0001) {
      let q = p + 4;
      const take = () => {
        if (q + 8 > p + 4 + len) throw new ZipError('broken', 'short zip64 field');
        const v = Number(buffer.readBigUInt64LE(q));
        q += 8;
        return v;
      };
      if (entry.size === 0xffffffff) entry.size = take();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = take();
      if (entry.localOffset === 0xffffffff) entry.localOffset = take();
      return;
    }
    p += 4 + len;
  }
}

/**
 * Opens an archive: checks the container type, reads the central directory, and refuses it
 * (`ZipError`) when it is not a zip, is broken, or lists too many entries or too many unpacked
 * bytes. Nothing is inflated here.
 */
export function openZip(buffer: Buffer, limits: ZipLimits): ZipArchive {
  const kind = sniffContainer(buffer);
  if (kind === 'ole' || kind === 'encrypted-ole') throw new ZipError(kind, 'OLE compound file');
  if (kind === 'other') throw new ZipError('not-zip', 'no zip signature');
  const { count, size, offset } = readEnd(buffer);
  if (count > limits.entries) throw new ZipError('too-big', `${count} entries`);
  if (offset + size > buffer.length) throw new ZipError('broken', 'directory outside the file');

  const entries = new Map<string, ZipEntry>();
  let unpacked = 0;
  let p = offset;
  for (let i = 0; i < count; i += 1) {
    if (p + 46 > buffer.length || buffer.readUInt32LE(p) !== SIG_CENTRAL) {
      throw new ZipError('broken', 'bad directory record');
    }
    const flags = buffer.readUInt16LE(p + 8);
    const nameLength = buffer.readUInt16LE(p + 28);
    const extraLength = buffer.readUInt16LE(p + 30);
    const commentLength = buffer.readUInt16LE(p + 32);
    const nameStart = p + 46;
    if (nameStart + nameLength + extraLength > buffer.length) {
      throw new ZipError('broken', 'directory record outside the file');
    }
    const entry: ZipEntry = {
      name: buffer.toString('utf8', nameStart, nameStart + nameLength).replace(/\\/g, '/'),
      method: buffer.readUInt16LE(p + 10),
      crc32: buffer.readUInt32LE(p + 16),
      compressedSize: buffer.readUInt32LE(p + 20),
      size: buffer.readUInt32LE(p + 24),
      localOffset: buffer.readUInt32LE(p + 42),
    };
    applyZip64(buffer, nameStart + nameLength, nameStart + nameLength + extraLength, entry);
    if (flags & 0x1) throw new ZipError('broken', 'encrypted entry');
    unpacked += entry.size;
    if (unpacked > limits.unpackedBytes) throw new ZipError('too-big', 'unpacked size');
    entries.set(entry.name.replace(/^\/+/, '').toLowerCase(), entry);
    p = nameStart + nameLength + extraLength + commentLength;
  }
  return { buffer, entries };
}

/** The entry's packed bytes, found through its local header. */
function packedBytes(zip: ZipArchive, entry: ZipEntry): Buffer {
  const { buffer } = zip;
  const p = entry.localOffset;
  if (p + 30 > buffer.length || buffer.readUInt32LE(p) !== SIG_LOCAL) {
    throw new ZipError('broken', `bad local header of ${entry.name}`);
  }
  const start = p + 30 + buffer.readUInt16LE(p + 26) + buffer.readUInt16LE(p + 28);
  if (start + entry.compressedSize > buffer.length) {
    throw new ZipError('broken', `${entry.name} outside the file`);
  }
  return buffer.subarray(start, start + entry.compressedSize);
}

/**
 * The entry's unpacked bytes as chunks. Stops with `too-big` once more bytes come out than the
 * directory declared, and with `broken` on bad deflate data, a short entry or a CRC mismatch.
 */
export async function* entryChunks(zip: ZipArchive, entry: ZipEntry): AsyncGenerator<Buffer> {
  const packed = packedBytes(zip, entry);
  let produced = 0;
  let crc = 0;
  const check = (chunk: Buffer) => {
    produced += chunk.length;
    if (produced > entry.size) throw new ZipError('too-big', `${entry.name} grows past its size`);
    crc = zlib.crc32(chunk, crc);
  };
  if (entry.method === 0) {
    check(packed);
    yield packed;
  } else if (entry.method === 8) {
    const inflate = zlib.createInflateRaw({ chunkSize: 64 * 1024 });
    inflate.end(packed);
    try {
      for await (const chunk of inflate) {
        check(chunk as Buffer);
        yield chunk as Buffer;
      }
    } catch (error) {
      if (error instanceof ZipError) throw error;
      throw new ZipError('broken', `${entry.name}: ${(error as Error).message}`);
    } finally {
      inflate.destroy();
    }
  } else {
    throw new ZipError('broken', `${entry.name}: compression method ${entry.method}`);
  }
  if (produced !== entry.size || crc !== entry.crc32) {
    throw new ZipError('broken', `${entry.name} does not match its directory record`);
  }
}

/** A small entry (a few KB of XML) read whole as text. */
export async function entryText(zip: ZipArchive, entry: ZipEntry): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of entryChunks(zip, entry)) parts.push(chunk);
  return Buffer.concat(parts).toString('utf8');
}
