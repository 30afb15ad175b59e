// The only module that reads process.env: every setting is parsed and validated here once, at start-up.
import { isIP } from 'node:net';
import path from 'node:path';
import { isStrongPassword } from '@bridge-talk/contract';
import { z } from 'zod';

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * Which proxies to believe about the client's address and scheme: never every hop, or a client could
 * name any address it likes in X-Forwarded-For (and so escape every per-address limit). A count of
 * proxies in front of the portal ('true' is one: the TLS proxy), or their addresses (IPs or CIDRs).
 */
const ZTrustProxy = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    const lower = value.toLowerCase();
    if (['', 'false', '0', 'no'].includes(lower)) return false;
    if (['true', 'yes'].includes(lower)) return 1;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 10) return hops;
    }
    const addresses = value.split(',').map((part) => part.trim());
    const valid = (address: string) => {
      const [ip, bits, ...rest] = address.split('/');
      const version = isIP(ip ?? '');
      if (version === 0 || rest.length > 0) return false;
      if (bits === undefined) return true;
      return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
    };
    if (addresses.every(valid)) return addresses;
    ctx.addIssue({
      code: 'custom',
      message:
        'must be false, a number of proxies (1 to 10; true is 1), or their addresses (IPs or CIDRs, comma-separated)',
    });
    return z.NEVER;
  });

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Web Push's VAPID key pair (base64url, as `web-push generate-vapid-keys` prints it). */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{86,88}$/, 'must be a base64url P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{42,44}$/, 'must be a base64url P-256 private key')
    .optional(),
  /** Who push services may contact about this server's notifications: a mailto: or https: address. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'must start with mailto: or https://')
    .optional(),
  /** Tests only: push subscriptions may name loopback and private addresses (a push service stand-in). */
  PUSH_ALLOW_PRIVATE_ENDPOINTS: booleanish.default(false),
  /** How long a conversation stays quiet before its unread messages are e-mailed to the members. */
  UNREAD_MAIL_QUIET_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).max(3600).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  TRUST_PROXY: ZTrustProxy.default(false),
  ADMIN_EMAIL: z.email().default('admin@bridgetalk.local'),
  // The portal's own password rules: the first admin is held to what every other account is.
  ADMIN_PASSWORD: z
    .string()
    .refine(
      (password) => isStrongPassword(password, password),
      'must have at least 8 characters, an uppercase and a lowercase letter and a digit',
    )
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Bridge Talk <no-reply@bridgetalk.local>'),
  /** Unset: print bodies (codes) only in development, never into a production log by default. */
  OUTBOX_LOG_TEXT: booleanish.optional(),
  TEAM_EMAIL: z.email().default('team@bridgetalk.local'),
  WEB_DIST_DIR: z.string().optional(),
  FAMILY_DIST_DIR: z.string().optional(),
  RATE_LIMIT_AUTH_MAX: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_AUTH_WINDOW_SECONDS: z.coerce.number().int().min(1).default(300),
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).default(2),
  /** false: this API process only queues jobs; `npm run worker` (one or more) runs them. */
  JOB_WORKERS: booleanish.default(true),
  PAYMENTS_PROVIDER: z.enum(['local', 'stripe']).default('local'),
  STRIPE_SECRET_KEY: z.string().min(8).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(8).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
  STRIPE_DASHBOARD_URL: z.url().default('https://dashboard.stripe.com/'),
  STRIPE_API_HOST: z.string().min(1).optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  PLAN_EXCLUDED_ID: z.string().min(1).optional(),
  CHAT_PROVIDER: z.enum(['local', 'stream']).default('local'),
  STREAM_API_KEY: z.string().min(4).optional(),
  STREAM_API_SECRET: z.string().min(8).optional(),
  STREAM_BASE_URL: z.url().optional(),
  STORAGE_PROVIDER: z.enum(['local', 's3']).default('local'),
  /** Unset: DATA_DIR/files. */
  STORAGE_DIR: z.string().min(1).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Unset: true with S3_ENDPOINT (most S3-compatible services want it), false on AWS itself. */
  S3_FORCE_PATH_STYLE: booleanish.optional(),
  /** true: PUT /api/test/clock moves the agreements' clock (journeys that let time pass); never in service. */
  TEST_CLOCK: booleanish.default(false),
  /** Set: GET /metrics is served, to `Authorization: Bearer <token>` only. */
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{24,200}$/, 'must be 24 to 200 printable characters without spaces')
    .optional(),
  /** Set: a listener of its own on this port serves GET /metrics and nothing else. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z
    .string()
    .refine((host) => isIP(host) !== 0 || host === 'localhost', 'must be an IP address or localhost')
    .default('127.0.0.1'),
});

/** With CHAT_PROVIDER=stream the key and secret are required: the server SDK signs every call with them. */
const STREAM_REQUIRED = ['STREAM_API_KEY', 'STREAM_API_SECRET'] as const;

/** With PAYMENTS_PROVIDER=stripe the keys are required: the portal cannot take a payment without them. */
const STRIPE_REQUIRED = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

/**
 * With STORAGE_PROVIDER=s3 the bucket is required. The keys are not: unset, the SDK finds its own
 * (an instance or task role), but one of them alone is a mistake, not a choice.
 */
const S3_REQUIRED = ['S3_BUCKET'] as const;

type Env = z.infer<typeof ZEnv>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  logLevel: Env['LOG_LEVEL'];
  publicUrl: string | undefined;
  database: { url: string | undefined; dataDir: string; poolMax: number };
  auth: {
    jwtSecret: string | undefined;
    accessTokenTtlSeconds: number;
    refreshTokenTtlDays: number;
    cookieSecure: 'auto' | boolean;
    rateLimitMax: number;
    rateLimitWindowSeconds: number;
  };
  /** false, a number of proxy hops, or the proxies' addresses. */
  trustProxy: false | number | string[];
  bootstrapAdmin: { email: string; password: string | undefined };
  mail: {
    smtpUrl: string | undefined;
    from: string;
    outboxLogText: boolean;
    /** Outbox mode: where each message is written as an .eml file (DATA_DIR/outbox). */
    outboxDir: string;
    teamEmail: string;
  };
  webDistDir: string;
  /** The built families' app, served under /family. */
  familyDistDir: string;
  /** `workers`: whether the API process runs the job workers (`npm run worker` always does). */
  jobs: { pollSeconds: number; workers: boolean };
  /** The families' app's notifications: unread-message e-mails and Web Push. */
  notifications: {
    unreadQuietMinutes: number;
    /** Both or neither: unset, a pair is generated once and kept in DATA_DIR (vapid.json). */
    vapid: { publicKey: string; privateKey: string } | undefined;
    vapidSubject: string | undefined;
    pushAllowPrivateEndpoints: boolean;
  };
  payments: {
    provider: 'local' | 'stripe';
    /** The plan id that is never listed. */
    planExcludedId: string | undefined;
    stripe: {
      secretKey: string | undefined;
      publishableKey: string | undefined;
      webhookSecret: string | undefined;
      dashboardUrl: string;
      /** Another API host (tests point the SDK at a local stand-in). */
      apiHost: string | undefined;
      apiPort: number | undefined;
      apiProtocol: 'http' | 'https' | undefined;
    };
  };
  /** The family chat: our own tables (`local`) or Stream (STREAM_BASE_URL: another API host, for tests). */
  chat: {
    provider: 'local' | 'stream';
    stream: { apiKey: string | undefined; apiSecret: string | undefined; baseUrl: string | undefined };
  };
  /**
   * Prometheus metrics: never public by default. `token`: GET /metrics on the portal's port, for that
   * bearer token only; `port`: a listener of its own (on `host`) that serves nothing else.
   */
  metrics: { token: string | undefined; port: number | undefined; host: string };
  /** PUT /api/test/clock is served: the agreements' clock can be set. */
  testClock: boolean;
  /** Where the files members attach to messages are kept: a folder (`local`) or an S3-compatible bucket. */
  storage: {
    provider: 'local' | 's3';
    /** Local: the folder (STORAGE_DIR, or DATA_DIR/files). */
    dir: string;
    s3: {
      bucket: string | undefined;
      /** Unset: AWS itself. */
      endpoint: string | undefined;
      region: string;
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
      forcePathStyle: boolean;
    };
  };
}

export class ConfigError extends Error {}

/** Parses the environment; a wrong value throws a ConfigError naming each variable at fault. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZEnv.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const missingStripe =
    e.PAYMENTS_PROVIDER === 'stripe' ? STRIPE_REQUIRED.filter((name) => e[name] === undefined) : [];
  if (missingStripe.length > 0) {
    const lines = missingStripe.map((name) => `  ${name}: required when PAYMENTS_PROVIDER=stripe`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const missingStream =
    e.CHAT_PROVIDER === 'stream' ? STREAM_REQUIRED.filter((name) => e[name] === undefined) : [];
  if (missingStream.length > 0) {
    const lines = missingStream.map((name) => `  ${name}: required when CHAT_PROVIDER=stream`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined)) {
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both, or neither (a pair is then kept in DATA_DIR)',
    );
  }
  // The embedded database opens in one process only: no worker process could ever run the jobs.
  if (!e.JOB_WORKERS && e.DATABASE_URL === undefined) {
    throw new ConfigError(
      'Invalid configuration:\n  JOB_WORKERS: false needs DATABASE_URL (on the embedded database no other process can run the jobs)',
    );
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
    throw new ConfigError('Invalid configuration:\n  METRICS_PORT: must differ from PORT');
  }
  const missingS3 = e.STORAGE_PROVIDER === 's3' ? S3_REQUIRED.filter((name) => e[name] === undefined) : [];
  const loneS3Key =
    e.S3_ACCESS_KEY_ID === undefined && e.S3_SECRET_ACCESS_KEY !== undefined
      ? ['  S3_ACCESS_KEY_ID: required with S3_SECRET_ACCESS_KEY']
      : e.S3_ACCESS_KEY_ID !== undefined && e.S3_SECRET_ACCESS_KEY === undefined
        ? ['  S3_SECRET_ACCESS_KEY: required with S3_ACCESS_KEY_ID']
        : [];
  if (missingS3.length > 0 || loneS3Key.length > 0) {
    const lines = [...missingS3.map((name) => `  ${name}: required when STORAGE_PROVIDER=s3`), ...loneS3Key];
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    publicUrl: e.PUBLIC_URL,
    database: { url: e.DATABASE_URL, dataDir: path.resolve(e.DATA_DIR), poolMax: e.DATABASE_POOL_MAX },
    auth: {
      jwtSecret: e.JWT_SECRET,
      accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
      cookieSecure: e.COOKIE_SECURE === 'auto' ? 'auto' : e.COOKIE_SECURE === 'true',
      rateLimitMax: e.RATE_LIMIT_AUTH_MAX,
      rateLimitWindowSeconds: e.RATE_LIMIT_AUTH_WINDOW_SECONDS,
    },
    trustProxy: e.TRUST_PROXY,
    bootstrapAdmin: { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      outboxLogText: e.OUTBOX_LOG_TEXT ?? e.NODE_ENV === 'development',
      outboxDir: path.join(path.resolve(e.DATA_DIR), 'outbox'),
      teamEmail: e.TEAM_EMAIL,
    },
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? new URL('../../../web/dist', import.meta.url).pathname),
    familyDistDir: path.resolve(
      e.FAMILY_DIST_DIR ?? new URL('../../../family/dist', import.meta.url).pathname,
    ),
    jobs: { pollSeconds: e.JOB_POLL_SECONDS, workers: e.JOB_WORKERS },
    notifications: {
      unreadQuietMinutes: e.UNREAD_MAIL_QUIET_MINUTES,
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      vapidSubject: e.VAPID_SUBJECT,
      pushAllowPrivateEndpoints: e.PUSH_ALLOW_PRIVATE_ENDPOINTS,
    },
    payments: {
      provider: e.PAYMENTS_PROVIDER,
      planExcludedId: e.PLAN_EXCLUDED_ID,
      stripe: {
        secretKey: e.STRIPE_SECRET_KEY,
        publishableKey: e.STRIPE_PUBLISHABLE_KEY,
        webhookSecret: e.STRIPE_WEBHOOK_SECRET,
        dashboardUrl: e.STRIPE_DASHBOARD_URL,
        apiHost: e.STRIPE_API_HOST,
        apiPort: e.STRIPE_API_PORT,
        apiProtocol: e.STRIPE_API_PROTOCOL,
      },
    },
    chat: {
      provider: e.CHAT_PROVIDER,
      stream: { apiKey: e.STREAM_API_KEY, apiSecret: e.STREAM_API_SECRET, baseUrl: e.STREAM_BASE_URL },
    },
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST },
    testClock: e.TEST_CLOCK,
    storage: {
      provider: e.STORAGE_PROVIDER,
      dir: e.STORAGE_DIR ? path.resolve(e.STORAGE_DIR) : path.join(path.resolve(e.DATA_DIR), 'files'),
      s3: {
        bucket: e.S3_BUCKET,
        endpoint: e.S3_ENDPOINT,
        region: e.S3_REGION,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
      },
    },
  };
}
