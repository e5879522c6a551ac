import path from 'node:path';
import { isIP } from 'node:net';
import { z } from 'zod';
import { jobLimits } from '@ajar/shared/jobs/jobs.constants';
import { newPasswordField } from '@ajar/shared/auth/auth.schemas';
import { isCommonPassword } from './lib/common-passwords';
import { defaultPushServiceHosts, isPushHostPattern } from './lib/push-endpoint';
import { demoPassword } from './seed/demo-password';

const configSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /**
     * Unset: 127.0.0.1 when the start seeds demo data (its passwords are public), every interface
     * in production. Set it to listen elsewhere.
     */
    HOST: z.string().trim().min(1).optional(),
    DATA_DIR: z.string().default('./data'),
    /**
     * Embedded database only: where the daily backup (`npm run backup`'s archive) is written, and
     * how many of them are kept (the oldest are removed). docs/decisions.md, "Backups".
     */
    BACKUP_DIR: z.string().default('./backups'),
    BACKUP_KEEP: z.coerce.number().int().min(1).max(365).default(7),
    /** When the daily backup runs: a cron line in the server's time zone, or `off`. */
    BACKUP_SCHEDULE: z.string().trim().min(1).default('30 2 * * *'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
    STORAGE: z.enum(['local', 's3']).default('local'),
    /**
     * The FFmpeg that converts uploaded videos to HLS (docs/decisions.md, "Video that fits the
     * connection"): `ffmpeg` on PATH when unset; `off` converts nothing (the mp4 plays).
     */
    FFMPEG_PATH: z.string().trim().min(1).optional(),
    /** Threads one conversion may use; by default half the machine's cores (at least one). */
    FFMPEG_THREADS: z.coerce.number().int().min(1).max(64).optional(),
    /** S3-compatible storage (STORAGE=s3): AWS, MinIO, R2, Wasabi… */
    S3_ENDPOINT: z.url().optional(),
    S3_BUCKET: z.string().trim().min(3).max(63).optional(),
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** `true` for servers that address buckets by path (MinIO and most self-hosted ones). */
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false', '1', '0'])
      .default('false')
      .transform((value) => value === 'true' || value === '1'),
    /**
     * The address participants and staff open (`https://belajar.example.id`). Every link the
     * server writes (e-mails, push, downloads, certificates) starts with it, never with the
     * request's Host header, which a caller controls. Required in production.
     */
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    SMTP_URL: z.string().optional(),
    SMTP_FROM: z.string().default('Ajar <no-reply@ajar.test>'),
    /** The first superadmin of an installation without one (production has no demo accounts). */
    ADMIN_EMAIL: z.email().optional(),
    // The same rule as a password set in the app.
    ADMIN_PASSWORD: newPasswordField('ADMIN_PASSWORD').optional(),
    ADMIN_NAME: z.string().trim().min(1).max(255).default('Administrator'),
    VAPID_PUBLIC_KEY: z.string().optional(),
    VAPID_PRIVATE_KEY: z.string().optional(),
    VAPID_SUBJECT: z.string().default('mailto:admin@ajar.test'),
    /**
     * The push services a Web Push subscription may point at (comma-separated host names;
     * `*.push.apple.com` is any name under it). The default is the browsers' own services; a
     * subscription to any other host is refused, so the server never posts to an address a client
     * made up (docs/decisions.md, "Hardening").
     */
    PUSH_SERVICE_HOSTS: z
      .string()
      .trim()
      .default(defaultPushServiceHosts.join(','))
      .transform((value, ctx): string[] => {
        const hosts = value
          .split(',')
          .map((entry) => entry.trim().toLowerCase())
          .filter((entry) => entry !== '');
        if (hosts.length > 0 && hosts.every(isPushHostPattern)) return hosts;
        ctx.addIssue({
          code: 'custom',
          message:
            'must be host names separated by commas (for example fcm.googleapis.com,*.push.apple.com)',
        });
        return z.NEVER;
      }),
    /**
     * `true` lets pushes go to private, loopback and link-local addresses (a push service inside
     * your own network, or tests). Off by default: a push endpoint whose name resolves to such an
     * address is refused when sending.
     */
    PUSH_ALLOW_PRIVATE_ADDRESSES: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /**
     * The API description (`/api/docs`, its JSON and YAML): `true` or `false`. Unset, it is on
     * outside production and off in production, where it would show every route to
     * anyone.
     */
    API_DOCS: z.enum(['true', 'false']).optional(),
    /**
     * `true`: V8 also compiles the embedded database's hot code with its optimizing compiler
     * (≈ 30 % faster heavy queries, far more memory). Off by default. Read by
     * `npm start` (scripts/server-flags.mjs), which gives the server `--liftoff-only` without it.
     */
    PGLITE_OPTIMIZE: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    /**
     * `/api/metrics` (Prometheus): `true` or `false` (default). In production it needs
     * METRICS_TOKEN, which a scraper sends as `Authorization: Bearer <token>`.
     */
    METRICS: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    METRICS_TOKEN: z.string().trim().min(24, 'must be at least 24 characters').optional(),
    /**
     * Worker threads that render a certificate zip's PDFs. Unset: one per core the
     * process may use (`os.availableParallelism()`).
     */
    PDF_THREADS: z.coerce.number().int().min(1).max(64).optional(),
    /**
     * Certificates in one zip past which its start asks for a confirmation first (409 with the
     * count and an estimate until `confirm=true`; docs/decisions.md, "Job queue limits").
     */
    ZIP_CONFIRM_ABOVE: z.coerce.number().int().min(1).default(jobLimits.zipConfirmAbove),
    /**
     * Per-account limits on signed-in writes (plugins/rate-limit.ts): `true` (default) or
     * `false`, only for load tests and the route fuzz, which send far more than a person could.
     */
    RATE_LIMITS: z
      .enum(['true', 'false'])
      .default('true')
      .transform((value) => value === 'true'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /**
     * Outside production only, for browser tests of time-driven work (the reminders): the
     * server's clock starts at this instant (ISO 8601) and runs on from there. Unset: the real
     * time.
     */
    CLOCK_START: z.iso.datetime({ offset: true }).optional(),
    /**
     * Outside production only: seconds between runs of the reminder job, instead of every
     * `reminderTimes.runEveryMinutes` (a browser test waits seconds, not minutes).
     */
    REMINDER_EVERY_SECONDS: z.coerce.number().int().min(1).max(3600).optional(),
    /** Audit entries older than this many days are removed by a daily job (default 5 years). */
    AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).default(1826),
    SESSION_TTL_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .default(24 * 7),
    WEB_DIST: z.string().optional(),
    /** The participants' app's build (Ajar Belajar, served under /belajar/). */
    LEARNER_DIST: z.string().optional(),
    /**
     * Only behind a reverse proxy: the proxies' addresses or CIDR ranges (comma-separated, or
     * `loopback`, `linklocal`, `uniquelocal`) whose `X-Forwarded-For` is believed for the client
     * address (the per-address sign-in limit). The address is read from the right of the header up
     * to the first untrusted hop, where a client cannot write. `false` (default) uses the socket.
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .default('false')
      .transform((value, ctx): string | false => {
        if (value === 'false' || value === '0') return false;
        const entries = value.split(',').map((entry) => entry.trim());
        if (entries.every(isProxyAddress)) return entries.join(',');
        ctx.addIssue({
          code: 'custom',
          message:
            "must be false or the proxies' addresses / CIDR ranges (for example 127.0.0.1 or 10.0.0.0/8)",
        });
        return z.NEVER;
      }),
  })
  .refine((c) => (c.ADMIN_EMAIL === undefined) === (c.ADMIN_PASSWORD === undefined), {
    path: ['ADMIN_PASSWORD'],
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD go together',
  })
  .refine(
    (c) =>
      c.NODE_ENV !== 'production' ||
      c.ADMIN_PASSWORD === undefined ||
      (c.ADMIN_PASSWORD.toLowerCase() !== demoPassword.toLowerCase() &&
        !isCommonPassword(c.ADMIN_PASSWORD)),
    {
      path: ['ADMIN_PASSWORD'],
      message:
        'in production must not be the demo password or a common password (choose a long, unique one)',
    },
  )
  .refine((c) => c.NODE_ENV !== 'production' || c.PUBLIC_URL !== undefined, {
    path: ['PUBLIC_URL'],
    message:
      'production needs PUBLIC_URL (the address users open, for the links the server writes)',
  })
  .refine((c) => !c.METRICS || c.NODE_ENV !== 'production' || c.METRICS_TOKEN !== undefined, {
    path: ['METRICS_TOKEN'],
    message: 'METRICS=true in production needs METRICS_TOKEN',
  })
  .refine((c) => c.NODE_ENV !== 'production' || c.CLOCK_START === undefined, {
    path: ['CLOCK_START'],
    message: 'is for tests: production runs on the real time',
  })
  .refine((c) => c.NODE_ENV !== 'production' || c.REMINDER_EVERY_SECONDS === undefined, {
    path: ['REMINDER_EVERY_SECONDS'],
    message: 'is for tests: production sends reminders on their own schedule',
  })
  .refine((c) => c.STORAGE !== 's3' || c.S3_BUCKET !== undefined, {
    path: ['S3_BUCKET'],
    message: 'STORAGE=s3 needs S3_BUCKET',
  })
  .refine((c) => (c.S3_ACCESS_KEY_ID === undefined) === (c.S3_SECRET_ACCESS_KEY === undefined), {
    path: ['S3_SECRET_ACCESS_KEY'],
    message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
  });

/** `10.0.0.1`, `fd00::1`, `10.0.0.0/8`, `fd00::/8`, or a named range of proxy-addr. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

export type Config = Omit<z.infer<typeof configSchema>, 'API_DOCS'> & {
  dataDir: string;
  /** Whether `/api/docs` is served: API_DOCS, or by default everywhere but production. */
  API_DOCS: boolean;
};

/** Reads the configuration from the environment; a bad value stops the start with a clear line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`DATABASE_URL=`) means unset, as in most shells' .env files.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const { API_DOCS, ...values } = parsed.data;
  return {
    ...values,
    dataDir: path.resolve(values.DATA_DIR),
    API_DOCS: API_DOCS === undefined ? values.NODE_ENV !== 'production' : API_DOCS === 'true',
  };
}
