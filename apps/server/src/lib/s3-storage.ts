import { Readable } from 'node:stream';
import type * as ClientS3 from '@aws-sdk/client-s3';
import type * as LibStorage from '@aws-sdk/lib-storage';
import type * as Presigner from '@aws-sdk/s3-request-presigner';
import {
  assertStorageKey,
  mediaPublicUrl,
  type ByteRange,
  type PresignOptions,
  type Storage,
  type StoredObjectInfo,
} from './storage-base';

interface Sdk {
  s3: typeof ClientS3;
  lib: typeof LibStorage;
  presigner: typeof Presigner;
}

/**
 * The AWS SDK is loaded on first use: an install on local disk never pays its start time and
 * memory (about 100 ms and 25 MB).
 */
let sdkLoading: Promise<Sdk> | undefined;
function loadSdk(): Promise<Sdk> {
  sdkLoading ??= Promise.all([
    import('@aws-sdk/client-s3'),
    import('@aws-sdk/lib-storage'),
    import('@aws-sdk/s3-request-presigner'),
  ]).then(([s3, lib, presigner]) => ({ s3, lib, presigner }));
  return sdkLoading;
}

/** S3 refuses parts under 5 MiB (all but the last). */
export const minPartSize = 5 * 1024 * 1024;
/**
 * 8 MiB parts, two in flight: an upload holds at most about three parts (24 MiB) in memory
 * whatever the file's size, and 10 000 parts still allow 80 GB, far above any media limit.
 */
export const defaultPartSize = 8 * 1024 * 1024;
const partsInFlight = 2;

export interface S3StorageOptions {
  bucket: string;
  /** Custom endpoint (MinIO, R2, …); AWS when absent. */
  endpoint?: string;
  region: string;
  /** Static keys; without them the SDK's default chain applies (environment, IAM role, …). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
  /** Base of the `/media/…` URLs (PUBLIC_URL); media are served through the app. */
  publicBaseUrl?: string;
  partSize?: number;
}

/** The SDK's "not found" shapes: `NotFound` from HEAD (no body), `NoSuchKey`/404 otherwise. */
function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
}

/** Whether `Content-Range: bytes a-b/size` is the asked range (its end capped at the last byte). */
function answersRange(contentRange: string | undefined, range: ByteRange): boolean {
  const match = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(contentRange ?? '');
  if (!match) return false;
  const [, start, end, size] = match;
  const last = size === '*' ? range.end : Math.min(range.end, Number(size) - 1);
  return Number(start) === range.start && Number(end) === last;
}

/** Objects in one bucket of an S3-compatible store. */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  private readonly bucket: string;
  private readonly partSize: number;
  private connecting: Promise<{ sdk: Sdk; client: ClientS3.S3Client }> | undefined;

  constructor(private readonly options: S3StorageOptions) {
    const partSize = options.partSize ?? defaultPartSize;
    if (partSize < minPartSize) throw new Error(`S3 part size must be at least ${minPartSize}`);
    this.partSize = partSize;
    this.bucket = options.bucket;
  }

  /** The SDK and this store's client, made on first use. */
  private connect(): Promise<{ sdk: Sdk; client: ClientS3.S3Client }> {
    this.connecting ??= loadSdk().then((sdk) => ({ sdk, client: this.makeClient(sdk) }));
    return this.connecting;
  }

  /** The underlying client (tests inspect the bucket with it). */
  async getClient(): Promise<ClientS3.S3Client> {
    return (await this.connect()).client;
  }

  private makeClient(sdk: Sdk): ClientS3.S3Client {
    const options = this.options;
    const config: ClientS3.S3ClientConfig = {
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
      // Checksums only where S3 requires them: the newer default (CRC32 trailers on every
      // upload) is refused or mangled by several S3-compatible servers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A black-holed endpoint fails the start in seconds instead of hanging it; requestTimeout
      // is socket inactivity, so long transfers are not cut.
      requestHandler: { connectionTimeout: 10_000, requestTimeout: 60_000 },
    };
    return new sdk.s3.S3Client(config);
  }

  async prepare(): Promise<void> {
    const { sdk, client } = await this.connect();
    try {
      await client.send(new sdk.s3.HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const e = error as { name?: string; code?: string; $metadata?: { httpStatusCode?: number } };
      const status = e.$metadata?.httpStatusCode;
      const reason =
        status === 404 || e.name === 'NotFound'
          ? 'the bucket does not exist'
          : status === 403 || status === 401
            ? 'access denied (check S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY or the IAM role)'
            : `${e.name ?? 'error'}${e.code && e.code !== e.name ? ` ${e.code}` : ''}${status ? ` (HTTP ${status})` : ''}`;
      const where = this.options.endpoint ?? `AWS region ${this.options.region}`;
      throw new Error(
        `STORAGE=s3: bucket "${this.bucket}" at ${where} is not reachable: ${reason}. ` +
          'Check S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_FORCE_PATH_STYLE and the credentials.',
        { cause: error },
      );
    }
  }

  /**
   * Streams the body as a multipart upload (a single PUT when it fits in one part). S3 shows an
   * object only once its upload completes, so a reader never sees half a file; when the stream
   * fails, the multipart upload is aborted (its parts deleted) and the stream's own error is
   * rethrown, so a caller's "too large" stays a "too large".
   */
  async put(key: string, body: Readable | AsyncIterable<Uint8Array>): Promise<{ size: number }> {
    assertStorageKey(key);
    const { sdk, client } = await this.connect();
    let size = 0;
    let sourceFailed = false;
    let sourceError: unknown;
    async function* counted(): AsyncGenerator<Uint8Array> {
      try {
        for await (const chunk of body as AsyncIterable<Uint8Array | string>) {
          const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
          size += bytes.length;
          yield bytes;
        }
      } catch (error) {
        sourceFailed = true;
        sourceError = error;
        throw error;
      }
    }
    const source = Readable.from(counted(), { objectMode: false });
    const upload = new sdk.lib.Upload({
      client,
      params: { Bucket: this.bucket, Key: key, Body: source },
      partSize: this.partSize,
      queueSize: partsInFlight,
      // Aborted here instead, so that a failing abort cannot hide the stream's error.
      leavePartsOnError: true,
    });
    try {
      await upload.done();
      return { size };
    } catch (error) {
      // Like a failed pipeline: the producer (a request body, an export writer) is stopped.
      source.destroy();
      if (upload.uploadId) {
        // Best effort: the bucket's lifecycle rule for incomplete uploads is the net under this.
        const abort = new sdk.s3.AbortMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: upload.uploadId,
        });
        await client.send(abort).catch(() => undefined);
      }
      throw sourceFailed ? sourceError : error;
    }
  }

  async remove(key: string): Promise<void> {
    assertStorageKey(key);
    const { sdk, client } = await this.connect();
    // S3 answers 204 for a missing key too.
    await client.send(new sdk.s3.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async removeFolder(prefix: string): Promise<void> {
    assertStorageKey(prefix);
    for (const key of await this.list(`${prefix}/`)) await this.remove(key);
  }

  /** Every key under `prefix`, all pages (the daily backup's pruning reads it). */
  async list(prefix: string): Promise<string[]> {
    const { sdk, client } = await this.connect();
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new sdk.s3.ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: prefix,
          ContinuationToken: token,
        }),
      );
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  async stat(key: string): Promise<StoredObjectInfo | null> {
    assertStorageKey(key);
    const { sdk, client } = await this.connect();
    try {
      const head = await client.send(
        new sdk.s3.HeadObjectCommand({ Bucket: this.bucket, Key: key }),
      );
      return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async createReadStream(key: string, range?: ByteRange): Promise<Readable> {
    assertStorageKey(key);
    const { sdk, client } = await this.connect();
    const res = await client.send(
      new sdk.s3.GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    const body = res.Body;
    if (!(body instanceof Readable)) throw new Error('S3 GetObject gave no stream body');
    if (range && !answersRange(res.ContentRange, range)) {
      // Callers have already sent a Content-Range for these bytes: other bytes must not follow.
      body.destroy();
      throw new Error(
        `S3 answered bytes ${res.ContentRange ?? '(none)'} for ${range.start}-${range.end}`,
      );
    }
    return body;
  }

  publicUrl(key: string): string {
    return mediaPublicUrl(this.options.publicBaseUrl, key);
  }

  /** A GET link to the object signed for `expiresInSeconds`, answering with the given headers. */
  async presignedUrl(key: string, options: PresignOptions): Promise<string> {
    assertStorageKey(key);
    const { sdk, client } = await this.connect();
    const command = new sdk.s3.GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentDisposition: options.contentDisposition,
      ResponseContentType: options.contentType,
    });
    return sdk.presigner.getSignedUrl(client, command, {
      expiresIn: Math.max(1, Math.floor(options.expiresInSeconds)),
      ...(options.signedAt ? { signingDate: options.signedAt } : {}),
    });
  }

  async close(): Promise<void> {
    const connecting = this.connecting;
    this.connecting = undefined;
    if (connecting) (await connecting).client.destroy();
  }
}
