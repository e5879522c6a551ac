import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config';

/** An inclusive byte range, as in an HTTP `Range: bytes=start-end` header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObjectInfo {
  size: number;
  modifiedAt: Date;
}

/**
 * Where uploaded files live. Local disk by default; an S3-compatible store implements the same
 * calls (DESIGN §1), so nothing above this interface knows which one runs.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** Runs once at start (the local disk sweeps temp files a crash left behind). */
  prepare(): Promise<void>;
  /**
   * Stores the stream under `key`. All or nothing: if the stream fails or is aborted, nothing is
   * left under `key` and the error is rethrown.
   */
  put(key: string, body: Readable | AsyncIterable<Uint8Array>): Promise<{ size: number }>;
  /** Removes the object; a missing object is not an error. */
  remove(key: string): Promise<void>;
  /** Size and time of an object, or null when there is none. */
  stat(key: string): Promise<StoredObjectInfo | null>;
  /** The object's bytes, or the inclusive range of them. */
  createReadStream(key: string, range?: ByteRange): Promise<Readable>;
  /** The address a browser loads the object from. */
  publicUrl(key: string): string;
}

/**
 * Keys are `/`-separated segments of letters, digits, `.`, `_` and `-`, none starting with a dot:
 * so no `..`, no absolute path, no hidden file, and the temp folder can never be addressed.
 */
const keyPattern = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export function isValidStorageKey(key: string): boolean {
  return key.length <= 512 && keyPattern.test(key);
}

function assertKey(key: string): void {
  if (!isValidStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}

/** `/media/<key>`, absolute when a public base URL is configured. */
export function mediaPublicUrl(publicBaseUrl: string | undefined, key: string): string {
  const base = (publicBaseUrl ?? '').replace(/\/+$/, '');
  return `${base}/media/${key}`;
}

const tempFolder = '.tmp';
/** Temp files older than this at start belong to no live upload (one upload never takes a day). */
const staleTempMs = 24 * 60 * 60 * 1000;

export interface LocalStorageOptions {
  root: string;
  publicBaseUrl?: string;
}

/** Files on local disk under `root`; uploads are written to a temp file and renamed into place. */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  private readonly root: string;
  private readonly tempDir: string;

  constructor(private readonly options: LocalStorageOptions) {
    this.root = path.resolve(options.root);
    this.tempDir = path.join(this.root, tempFolder);
  }

  /** The file of a key; the key check plus this prefix check make escaping the root impossible. */
  private filePath(key: string): string {
    assertKey(key);
    const file = path.resolve(this.root, key);
    if (!file.startsWith(this.root + path.sep)) throw new Error('storage key escapes the root');
    return file;
  }

  async prepare(): Promise<void> {
    await fs.mkdir(this.tempDir, { recursive: true });
    const now = Date.now();
    for (const name of await fs.readdir(this.tempDir)) {
      const file = path.join(this.tempDir, name);
      const info = await fs.stat(file).catch(() => null);
      if (info && now - info.mtimeMs > staleTempMs) await fs.rm(file, { force: true });
    }
  }

  async put(key: string, body: Readable | AsyncIterable<Uint8Array>): Promise<{ size: number }> {
    const target = this.filePath(key);
    await fs.mkdir(this.tempDir, { recursive: true });
    const temp = path.join(this.tempDir, `${randomUUID()}.part`);
    let size = 0;
    // Opened before any byte arrives, so the temp file exists by the time a failure removes it
    // (a lazily opened stream could create it after the cleanup ran).
    const handle = await fs.open(temp, 'wx');
    try {
      await pipeline(
        body,
        async function* count(source: AsyncIterable<Uint8Array>) {
          for await (const chunk of source) {
            size += chunk.length;
            yield chunk;
          }
        },
        handle.createWriteStream(),
      );
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Same file system, so the rename is atomic: readers see the whole file or none.
      await fs.rename(temp, target);
      return { size };
    } catch (error) {
      await handle.close().catch(() => undefined);
      await fs.rm(temp, { force: true });
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.filePath(key), { force: true });
  }

  async stat(key: string): Promise<StoredObjectInfo | null> {
    try {
      const info = await fs.stat(this.filePath(key));
      return info.isFile() ? { size: info.size, modifiedAt: info.mtime } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async createReadStream(key: string, range?: ByteRange): Promise<Readable> {
    return createReadStream(
      this.filePath(key),
      range ? { start: range.start, end: range.end } : {},
    );
  }

  publicUrl(key: string): string {
    return mediaPublicUrl(this.options.publicBaseUrl, key);
  }
}

/** The storage the configuration asks for; an unavailable choice stops the start with a clear line. */
export function createStorage(config: Pick<Config, 'STORAGE' | 'PUBLIC_URL' | 'dataDir'>): Storage {
  if (config.STORAGE === 's3') {
    throw new Error(
      'STORAGE=s3: S3 media storage is not implemented in this build. ' +
        'Unset STORAGE (or set STORAGE=local) to keep media on local disk under DATA_DIR/media.',
    );
  }
  return new LocalStorage({
    root: path.join(config.dataDir, 'media'),
    publicBaseUrl: config.PUBLIC_URL,
  });
}
