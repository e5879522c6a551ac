import { describe, expect, it } from 'vitest';
import { oleBytes, zipBytes } from '../test/factories/zip-bytes';
import { entryText, openZip, sniffContainer, ZipError } from './zip-read';

const limits = { entries: 10, unpackedBytes: 1024 * 1024 };

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return error instanceof ZipError ? error.code : 'other';
  }
  return undefined;
}

describe('zip reader', () => {
  it('tells zips, OLE files (plain and encrypted) and other bytes apart', () => {
    expect(sniffContainer(zipBytes([{ name: 'a', data: Buffer.from('x') }]))).toBe('zip');
    expect(sniffContainer(oleBytes(true))).toBe('encrypted-ole');
    expect(sniffContainer(oleBytes(false))).toBe('ole');
    expect(sniffContainer(Buffer.from('%PDF-1.7'))).toBe('other');
  });

  it('reads stored and deflated entries by case-insensitive name', async () => {
    const zip = openZip(
      zipBytes([
        { name: 'xl/Workbook.xml', data: Buffer.from('<a/>'), deflate: false },
        { name: 'xl/sheet.xml', data: Buffer.from('<b>ok</b>') },
      ]),
      limits,
    );
    expect(await entryText(zip, zip.entries.get('xl/workbook.xml')!)).toBe('<a/>');
    expect(await entryText(zip, zip.entries.get('xl/sheet.xml')!)).toBe('<b>ok</b>');
  });

  it('refuses too many entries and too many unpacked bytes before inflating', () => {
    const many = Array.from({ length: 11 }, (_, i) => ({ name: `${i}`, data: Buffer.from('x') }));
    expect(codeOf(() => openZip(zipBytes(many), limits))).toBe('too-big');
    const big = [{ name: 'a', data: Buffer.alloc(2 * 1024 * 1024) }];
    expect(codeOf(() => openZip(zipBytes(big), limits))).toBe('too-big');
  });

  it('stops an entry that grows past its declared size, and one that does not match it', async () => {
    const lying = openZip(
      zipBytes([{ name: 'a', data: Buffer.alloc(64 * 1024), declaredSize: 100 }]),
      limits,
    );
    await expect(entryText(lying, lying.entries.get('a')!)).rejects.toMatchObject({
      code: 'too-big',
    });
    const short = openZip(
      zipBytes([{ name: 'a', data: Buffer.alloc(10), declaredSize: 100 }]),
      limits,
    );
    await expect(entryText(short, short.entries.get('a')!)).rejects.toMatchObject({
      code: 'broken',
    });
  });

  it('calls a truncated archive broken', () => {
    const file = zipBytes([{ name: 'a', data: Buffer.from('hello') }]);
    expect(codeOf(() => openZip(file.subarray(0, file.length - 10), limits))).toBe('broken');
  });
});
