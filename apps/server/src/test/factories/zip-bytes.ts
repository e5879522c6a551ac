import zlib from 'node:zlib';

/** An entry of a hand-built zip; `declaredSize` lets a test lie about the unpacked size. */
export interface RawZipEntry {
  name: string;
  data: Buffer;
  deflate?: boolean;
  declaredSize?: number;
}

/**
 * A zip archive built byte by byte, so tests can make what no well-behaved writer makes: bombs,
 * archives that lie about their sizes, thousands of entries.
 */
export function zipBytes(entries: RawZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const packed = entry.deflate === false ? entry.data : zlib.deflateRawSync(entry.data);
    const method = entry.deflate === false ? 0 : 8;
    const crc = zlib.crc32(entry.data);
    const size = entry.declaredSize ?? entry.data.length;
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * The first bytes of an OLE compound file as Office writes a password-protected .xlsx (the
 * `EncryptedPackage` stream name in the directory), or a legacy .xls without it.
 */
export function oleBytes(encrypted: boolean): Buffer {
  const file = Buffer.alloc(4096);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(file, 0);
  const stream = encrypted ? 'EncryptedPackage' : 'Workbook';
  Buffer.from(stream, 'utf16le').copy(file, 1024);
  return file;
}
