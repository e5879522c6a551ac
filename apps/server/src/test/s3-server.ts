import { randomBytes } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import Module, { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * A real S3-compatible server on loopback for tests: `@20minutes/s3rver` (the maintained fork of
 * s3rver, which verifies SigV4 header and presigned-query signatures, expiry included, and serves
 * multipart uploads and range GETs), on a free port with a fresh temp directory and its own random
 * key pair, so a wrongly signed request fails as it would on AWS.
 *
 * Two things the fork lacks are added here as a small middleware in front of its router, working
 * on its own file store: AbortMultipartUpload (the AWS SDK's `Upload` calls it when a stream
 * fails) and ListMultipartUploads (tests check that no upload is left pending). Both are signed
 * and verified like every other call. Unsigned requests are refused, as by a private bucket.
 * Three bugs of the fork are worked around: bucket calls signed as `/bucket/`, `bytes=0-0`, and
 * the encoding of signed query values.
 */

export interface StartS3ServerOptions {
  /** Bucket name; a fresh random one by default. */
  bucket?: string;
  /** Create the bucket at start (default true); false to test a missing bucket. */
  createBucket?: boolean;
  region?: string;
  /** Port on 127.0.0.1; a free one by default. */
  port?: number;
  /** Fixed key pair instead of a random one (the CLI, for a config that survives restarts). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Keep the data in this folder, not removed at close (default: a fresh temp folder, removed). */
  directory?: string;
}

export interface S3TestServer {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** STORAGE=s3 and the S3_* variables, for loadConfig / createTestApp or a child process. */
  env: Record<string, string>;
  /** The server's data directory (objects and pending multipart uploads live under it). */
  directory: string;
  /** Every request the server received, in order (tests count multipart parts with it). */
  requests: S3RequestRecord[];
  close(): Promise<void>;
}

export interface S3RequestRecord {
  method: string;
  /** Decoded path: `/bucket/key`. */
  path: string;
  /** Query parameter names (`uploads`, `uploadId`, `partNumber`, `X-Amz-Signature`…). */
  query: string[];
}

// s3rver ships no types: the few members used here, written out.
interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  headers: Record<string, string | string[] | undefined>;
  params?: Record<string, string | undefined>;
  mountPath?: string;
  state: Record<string, unknown>;
  status: number;
  body: unknown;
}
type KoaMiddleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void> | void;

interface StoredObject {
  content: Readable | null;
  range?: { start: number; end: number };
}
interface FilesystemStore {
  getResourcePath(bucket: string, key: string | undefined, resource: string): string;
  getObject(
    bucket: string,
    key: string,
    options?: { start?: number; end?: number },
  ): Promise<StoredObject | null>;
}
interface S3rverInstance {
  middleware: KoaMiddleware[];
  store: FilesystemStore;
  run(): Promise<{ address: string; port: number }>;
  httpServer?: { closeAllConnections(): void };
  close(): Promise<void>;
}
interface S3rverModule {
  new (options: Record<string, unknown>): S3rverInstance;
}
interface S3ErrorModule {
  new (code: string, message?: string, detail?: Record<string, unknown>): Error;
}
interface AccountModule {
  DUMMY_ACCOUNT: {
    createKeyPair(accessKeyId: string, secretAccessKey: string): void;
    revokeAccessKey(accessKeyId: string): void;
  };
}

const require = createRequire(import.meta.url);

/**
 * The fork re-encodes SigV4 query values with `encodeURIComponent`, which leaves `'()*!` bare
 * where SigV4 (and the SDK) encode them, so a presigned link with
 * `response-content-disposition=attachment; filename*=UTF-8''…` would be refused. Its checker is
 * loaded once here with the RFC 3986 encoder it already has, before the router requires it.
 */
function loadFixedAuthentication(): void {
  const file = require.resolve('@20minutes/s3rver/lib/middleware/authentication');
  if (require.cache[file]) return;
  const buggy = '[param, value].map(encodeURIComponent)';
  const source = readFileSync(file, 'utf8');
  if (!source.includes(buggy)) {
    throw new Error('s3-server: @20minutes/s3rver changed; review loadFixedAuthentication');
  }
  const fixed = source.replace(buggy, '[param, value].map(encodeURIComponentRFC3986)');
  const loaded = new Module(file);
  loaded.filename = file;
  // The module's own CommonJS wrapper, with a require that resolves from its folder.
  const wrapper = new Function('exports', 'require', 'module', '__filename', '__dirname', fixed);
  wrapper(loaded.exports, createRequire(file), loaded, file, path.dirname(file));
  loaded.loaded = true;
  require.cache[file] = loaded;
}
loadFixedAuthentication();

const S3rver = require('@20minutes/s3rver') as S3rverModule;
const S3Error = require('@20minutes/s3rver/lib/models/error') as S3ErrorModule;
const accounts = require('@20minutes/s3rver/lib/models/account') as AccountModule;
const authentication = (
  require('@20minutes/s3rver/lib/middleware/authentication') as () => KoaMiddleware
)();

const bucketPattern = /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/;

function hasSignature(ctx: KoaContext): boolean {
  return (
    'authorization' in ctx.headers || 'X-Amz-Algorithm' in ctx.query || 'Signature' in ctx.query
  );
}

/** The extra calls (abort, list uploads) and the refusal of unsigned requests. */
function extensions(server: S3rverInstance, directory: string): KoaMiddleware {
  const uploadsDir = (bucket: string) => server.store.getResourcePath(bucket, undefined, 'uploads');
  return async (ctx, next) => {
    if (ctx.method !== 'OPTIONS' && !hasSignature(ctx)) {
      throw new S3Error('AccessDenied', 'Access Denied');
    }
    if (/^\/[^/]+\/$/.test(ctx.path)) {
      // The SDK signs bucket calls as `/bucket/`; the fork's checker would rebuild `/bucket` and
      // refuse the signature. Its virtual-host branch puts the mount path after the bucket.
      ctx.state.vhost = true;
      ctx.mountPath = '/';
    }
    const [bucket, ...keyParts] = ctx.path.replace(/^\//, '').split('/').map(decodeURIComponent);
    const key = keyParts.join('/');
    const uploadId = typeof ctx.query.uploadId === 'string' ? ctx.query.uploadId : undefined;
    const isAbort = ctx.method === 'DELETE' && key !== '' && uploadId !== undefined;
    const isList = ctx.method === 'GET' && key === '' && bucket && 'uploads' in ctx.query;
    if (!bucket || (!isAbort && !isList)) return next();
    if (!bucketPattern.test(bucket)) throw new S3Error('InvalidBucketName');

    ctx.params = { bucket, key: key || undefined };
    await authentication(ctx, async () => {
      if (!(await exists(path.join(directory, bucket)))) {
        throw new S3Error('NoSuchBucket', 'The specified bucket does not exist', {
          BucketName: bucket,
        });
      }
      if (isAbort && uploadId !== undefined) {
        // The fork's upload ids are hex; anything else names no upload (and no path).
        const dir = /^[0-9a-f]+$/.test(uploadId) ? path.join(uploadsDir(bucket), uploadId) : '';
        const storedKey = dir
          ? await fs.readFile(path.join(dir, 'key'), 'utf8').catch(() => null)
          : null;
        if (storedKey !== key) {
          throw new S3Error('NoSuchUpload', 'The specified upload does not exist.', {
            UploadId: uploadId,
          });
        }
        await fs.rm(dir, { recursive: true, force: true });
        ctx.status = 204;
        return;
      }
      const uploads = [];
      for (const id of await fs.readdir(uploadsDir(bucket)).catch(() => [] as string[])) {
        const dir = path.join(uploadsDir(bucket), id);
        const storedKey = await fs.readFile(path.join(dir, 'key'), 'utf8').catch(() => null);
        if (storedKey === null) continue;
        const info = await fs.stat(dir);
        uploads.push({ Key: storedKey, UploadId: id, Initiated: info.birthtime.toISOString() });
      }
      ctx.body = {
        ListMultipartUploadsResult: {
          '@': { xmlns: 'http://s3.amazonaws.com/doc/2006-03-01/' },
          Bucket: bucket,
          IsTruncated: false,
          Upload: uploads,
        },
      };
    });
  };
}

/**
 * The fork reads `Range: bytes=0-0` as "from 0 to the end" (`end || Infinity`) and sends the
 * whole object under a 206; S3 sends one byte. Browsers probe videos with small ranges.
 */
function fixFirstByteRange(store: FilesystemStore): void {
  const getObject = store.getObject.bind(store);
  store.getObject = async (bucket, key, options) => {
    const object = await getObject(bucket, key, options);
    if (object?.content && options?.start === 0 && options.end === 0) {
      object.content.destroy();
      object.content = createReadStream(store.getResourcePath(bucket, key, 'object'), {
        start: 0,
        end: 0,
      });
      object.range = { start: 0, end: 0 };
    }
    return object;
  };
}

async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(
    () => true,
    () => false,
  );
}

export async function startS3Server(options: StartS3ServerOptions = {}): Promise<S3TestServer> {
  const ownDirectory = options.directory === undefined;
  const directory = options.directory ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'ajar-s3-')));
  await fs.mkdir(directory, { recursive: true });
  const bucket = options.bucket ?? `ajar-${randomBytes(6).toString('hex')}`;
  const region = options.region ?? 'us-east-1';
  const accessKeyId =
    options.credentials?.accessKeyId ?? `AKIA${randomBytes(8).toString('hex').toUpperCase()}`;
  const secretAccessKey =
    options.credentials?.secretAccessKey ?? randomBytes(24).toString('base64url');
  accounts.DUMMY_ACCOUNT.createKeyPair(accessKeyId, secretAccessKey);

  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port ?? 0,
    silent: true,
    directory,
    // Path-style only: a request's Host is never read as a bucket name.
    vhostBuckets: false,
    configureBuckets: options.createBucket === false ? [] : [{ name: bucket }],
  });
  fixFirstByteRange(server.store);
  const requests: S3RequestRecord[] = [];
  server.middleware.unshift((ctx, next) => {
    requests.push({
      method: ctx.method,
      path: decodeURIComponent(ctx.path),
      query: Object.keys(ctx.query),
    });
    return next();
  });
  // Just before the router (the last middleware): after logging, XML encoding and path rewrite.
  server.middleware.splice(server.middleware.length - 1, 0, extensions(server, directory));

  let port: number;
  try {
    ({ port } = await server.run());
  } catch (error) {
    accounts.DUMMY_ACCOUNT.revokeAccessKey(accessKeyId);
    if (ownDirectory) await fs.rm(directory, { recursive: true, force: true });
    throw error;
  }
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    directory,
    requests,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: region,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: async () => {
      // Keep-alive sockets of the SDK's agent would hold close() open.
      const closing = server.close();
      server.httpServer?.closeAllConnections();
      await closing;
      accounts.DUMMY_ACCOUNT.revokeAccessKey(accessKeyId);
      if (ownDirectory) await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

/** The options of an `S3Storage` on the test server's bucket (path style, its key pair). */
export function s3StorageOptions(s3: S3TestServer) {
  return {
    bucket: s3.bucket,
    endpoint: s3.endpoint,
    region: s3.region,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    forcePathStyle: true,
  };
}
