import type { Readable } from 'node:stream';

/*
 * The storage contract and its key rule, shared by the local disk (storage.ts) and S3
 * (s3-storage.ts) without an import circle. Import them from `./storage`, which re-exports them.
 */

/** An inclusive byte range, as in an HTTP `Range: bytes=start-end` header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObjectInfo {
  size: number;
  modifiedAt: Date;
}

export interface PresignOptions {
  /** How long the link works. */
  expiresInSeconds: number;
  /** `Content-Disposition` the store answers with (e.g. an attachment with its file name). */
  contentDisposition?: string;
  contentType?: string;
  /** When the link's validity starts; now by default (tests sign in the past to prove expiry). */
  signedAt?: Date;
}

/**
 * Where uploaded files live. Local disk by default; an S3-compatible store implements the same
 * calls, so nothing above this interface knows which one runs.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** Runs once at start (the local disk sweeps temp files a crash left behind; S3 checks the bucket). */
  prepare(): Promise<void>;
  /**
   * Stores the stream under `key`. All or nothing: if the stream fails or is aborted, nothing is
   * left under `key` and the error is rethrown.
   */
  put(key: string, body: Readable | AsyncIterable<Uint8Array>): Promise<{ size: number }>;
  /** Removes the object; a missing object is not an error. */
  remove(key: string): Promise<void>;
  /** Removes every object under the folder `prefix` (keys `prefix/…`); none is not an error. */
  removeFolder(prefix: string): Promise<void>;
  /** Size and time of an object, or null when there is none. */
  stat(key: string): Promise<StoredObjectInfo | null>;
  /** The object's bytes, or the inclusive range of them. */
  createReadStream(key: string, range?: ByteRange): Promise<Readable>;
  /** The address a browser loads the object from. */
  publicUrl(key: string): string;
  /**
   * A short-lived signed GET link straight to the object, where the store can make one (S3).
   * Absent for local disk, whose files are only reached through the app.
   */
  presignedUrl?(key: string, options: PresignOptions): Promise<string>;
  /** Releases connections at shutdown. */
  close?(): Promise<void>;
}

/**
 * Keys are `/`-separated segments of letters, digits, `.`, `_` and `-`, none starting with a dot:
 * so no `..`, no absolute path, no hidden file, and the temp folder can never be addressed.
 */
const keyPattern = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export function isValidStorageKey(key: string): boolean {
  return key.length <= 512 && keyPattern.test(key);
}

export function assertStorageKey(key: string): void {
  if (!isValidStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}

/** `/media/<key>`, absolute when a public base URL is configured. */
export function mediaPublicUrl(publicBaseUrl: string | undefined, key: string): string {
  const base = (publicBaseUrl ?? '').replace(/\/+$/, '');
  return `${base}/media/${key}`;
}
