import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config';
import { S3Storage } from './s3-storage';
import {
  assertStorageKey,
  mediaPublicUrl,
  type ByteRange,
  type Storage,
  type StoredObjectInfo,
} from './storage-base';

export {
  isValidStorageKey,
  mediaPublicUrl,
  type ByteRange,
  type PresignOptions,
  type Storage,
  type StoredObjectInfo,
} from './storage-base';

const tempFolder = '.tmp';
/**
 * A temp file nobody wrote to for this long belongs to no live upload or zip (both write as the
 * bytes come), whoever made it.
 */
const staleTempMs = 60 * 60 * 1000;

/** This machine, as the first part of its temp files' names (a hash: names stay short and safe). */
const hostTag = createHash('sha256').update(os.hostname()).digest('hex').slice(0, 12);
const ownedTemp = /^([0-9a-f]{12})-(\d+)-[0-9a-f-]{36}\.part$/;

/** Whether another process with this id runs on this machine (EPERM: it does, as another user). */
function otherProcessRuns(pid: number): boolean {
  if (pid === process.pid) return false; // at start: a former process that had the same id
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether a temp file left in the folder at start is garbage: made on this machine by a process
 * that is gone (an interrupted upload or zip job), or untouched for `staleTempMs`. A file of
 * another live server sharing the folder (a shared DATA_DIR), or of another machine, written to
 * lately, may be in use and stays.
 */
function isLeftOver(name: string, modifiedMs: number, now: number): boolean {
  if (now - modifiedMs > staleTempMs) return true;
  const owner = ownedTemp.exec(name);
  return owner !== null && owner[1] === hostTag && !otherProcessRuns(Number(owner[2]));
}

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
    assertStorageKey(key);
    const file = path.resolve(this.root, key);
    if (!file.startsWith(this.root + path.sep)) throw new Error('storage key escapes the root');
    return file;
  }

  /** At start: makes the temp folder and removes what interrupted uploads and zips left there. */
  async prepare(): Promise<void> {
    await fs.mkdir(this.tempDir, { recursive: true });
    const now = Date.now();
    for (const name of await fs.readdir(this.tempDir)) {
      const file = path.join(this.tempDir, name);
      const info = await fs.stat(file).catch(() => null);
      if (info?.isFile() && isLeftOver(name, info.mtimeMs, now)) {
        await fs.rm(file, { force: true });
      }
    }
  }

  async put(key: string, body: Readable | AsyncIterable<Uint8Array>): Promise<{ size: number }> {
    const target = this.filePath(key);
    await fs.mkdir(this.tempDir, { recursive: true });
    // Named after its writer, so a start can tell a dead writer's file from a live one's.
    const temp = path.join(this.tempDir, `${hostTag}-${process.pid}-${randomUUID()}.part`);
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

  async removeFolder(prefix: string): Promise<void> {
    await fs.rm(this.filePath(prefix), { recursive: true, force: true });
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

type StorageConfig = Pick<
  Config,
  | 'STORAGE'
  | 'PUBLIC_URL'
  | 'dataDir'
  | 'S3_ENDPOINT'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

/** The storage the configuration asks for (local disk under DATA_DIR/media, or an S3 bucket). */
export function createStorage(config: StorageConfig): Storage {
  if (config.STORAGE === 's3') {
    // loadConfig refuses STORAGE=s3 without a bucket; this guards a hand-made config.
    if (!config.S3_BUCKET) throw new Error('STORAGE=s3 needs S3_BUCKET');
    return createS3Storage(config, config.S3_BUCKET);
  }
  return new LocalStorage({
    root: path.join(config.dataDir, 'media'),
    publicBaseUrl: config.PUBLIC_URL,
  });
}

/**
 * A bucket reached with the configured S3 endpoint, region and keys: the media bucket, or the one
 * `BACKUP_DIR=s3://bucket/prefix` names.
 */
export function createS3Storage(
  config: Omit<StorageConfig, 'STORAGE' | 'dataDir'>,
  bucket: string,
): S3Storage {
  return new S3Storage({
    bucket,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? {
            accessKeyId: config.S3_ACCESS_KEY_ID,
            secretAccessKey: config.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    publicBaseUrl: config.PUBLIC_URL,
  });
}
