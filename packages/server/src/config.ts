import path from 'node:path';
import { z } from 'zod';

const Port = z.coerce.number().int().min(0).max(65535);
const Seconds = z.coerce.number().int().positive();

const EnvSchema = z.object({
  PORT: Port.default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  PUBLIC_URL: z.url({ message: 'PUBLIC_URL must be a full URL such as https://dashboard.example.edu' }).optional(),
  APP_MODE: z.enum(['production', 'development', 'test'], { message: 'APP_MODE must be production, development or test' }).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// (leave it unset for the embedded SQLite database)')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Harmony Dashboard <no-reply@localhost>'),
  SESSION_IDLE_SECONDS: Seconds.default(1800),
  SESSION_MAX_SECONDS: Seconds.default(43200),
  DEMO_DATA: z.enum(['0', '1']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  SIGN_IN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  SIGN_IN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(20),
  SIGN_IN_WINDOW_SECONDS: Seconds.default(900),
  TRUST_PROXY: z.enum(['0', '1']).default('0'),
  STORAGE_URL: z
    .string()
    .regex(/^s3:\/\/[^/?]+/, 'STORAGE_URL must look like s3://bucket?region=…&endpoint=… (leave it unset for files under DATA_DIR/files)')
    .optional(),
  FILES_SECRET: z.string().min(32, 'FILES_SECRET must be at least 32 characters').optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_AUTH_URL: z.url({ message: 'GOOGLE_AUTH_URL must be a full URL' }).default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.url({ message: 'GOOGLE_TOKEN_URL must be a full URL' }).default('https://oauth2.googleapis.com/token'),
  GOOGLE_CLASSROOM_URL: z.url({ message: 'GOOGLE_CLASSROOM_URL must be a full URL' }).default('https://classroom.googleapis.com'),
  FASTSPRING_API_URL: z.url({ message: 'FASTSPRING_API_URL must be a full URL' }).default('https://api.fastspring.com'),
  FASTSPRING_USERNAME: z.string().min(1).optional(),
  FASTSPRING_PASSWORD: z.string().min(1).optional(),
  FASTSPRING_STOREFRONT: z.string().min(1).optional(),
  FASTSPRING_WEBHOOK_SECRET: z.string().min(1).optional(),
  FILE_URL_SECONDS: Seconds.default(3600),
  JOBS_CONCURRENCY: z.coerce.number().int().min(0).max(32).default(1),
  JOBS_POLL_MS: z.coerce.number().int().min(10).default(1000),
  JOBS_LEASE_SECONDS: z.coerce.number().int().min(3).max(600).default(30),
  ROLE: z.enum(['all', 'worker']).default('all'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(500).default(10),
  SQLITE_SYNCHRONOUS: z.enum(['FULL', 'NORMAL'], { message: 'SQLITE_SYNCHRONOUS must be FULL or NORMAL' }).default('FULL'),
  MIGRATE_ON_START: z.enum(['0', '1']).default('1'),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).default(0),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  ORPHAN_GRACE_SECONDS: Seconds.default(3600),
  SWEEP_INTERVAL_SECONDS: Seconds.default(3600),
  MEDIA_TRANSCODE_SECONDS: Seconds.default(900),
  CPU_POOL_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  CPU_TASK_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  CPU_TASK_MEMORY_MB: z.coerce.number().int().min(256).max(65536).default(1024),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /**
   * The embedded database's `synchronous` (SQLITE_SYNCHRONOUS, decision 044): FULL (DESIGN §4) makes
   * every commit wait for the disk; NORMAL keeps commits through a process crash, not a power loss.
   */
  sqliteSynchronous: 'FULL' | 'NORMAL';
  publicUrl: string;
  /**
   * production, development or test (APP_MODE; by default production when PUBLIC_URL is https,
   * else development). Only outside production may LTI platforms live on http://127.0.0.1 (issue 28).
   */
  mode: 'production' | 'development' | 'test';
  databaseUrl: string | undefined;
  /** Postgres schema to work in; tests use one per file. */
  databaseSchema?: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  sessionIdleSeconds: number;
  sessionMaxSeconds: number;
  demoData: boolean | undefined;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  webDist: string | undefined;
  signIn: { maxFailuresPerAccount: number; maxFailuresPerAddress: number; windowSeconds: number };
  trustProxy: boolean;
  /** s3://… for a bucket; undefined keeps files under DATA_DIR/files. */
  storageUrl: string | undefined;
  /** Signs local file URLs; undefined means one kept in DATA_DIR/files-secret. */
  filesSecret: string | undefined;
  /** Google Classroom: set when both client id and secret are configured. */
  google: { clientId: string; clientSecret: string; authUrl: string; tokenUrl: string; classroomUrl: string } | undefined;
  /** FastSpring: live when API credentials are configured; otherwise the built-in test checkout. */
  fastspring:
    | { apiUrl: string; username: string; password: string; storefront: string | undefined; webhookSecret: string | undefined }
    | undefined;
  /** How long a signed file URL works. */
  fileUrlSeconds: number;
  jobs: { concurrency: number; pollIntervalMs: number; leaseSeconds: number };
  media: { transcodeSeconds: number };
  /**
   * The worker threads that read, analyse and draw scores (lib/cpu-pool.ts): how many at most
   * (default: the cores less one, at least one), how long one task may take and how much heap it
   * may use before its thread is stopped.
   */
  cpu: { threads: number | undefined; taskSeconds: number; memoryMb: number };
  /** 'worker': jobs only, HTTP answers health, readiness and metrics alone (`npm run worker`). */
  role: 'all' | 'worker';
  /** Connections each instance keeps open to PostgreSQL at most. */
  databasePoolSize: number;
  /** False when migrations run apart (`npm run migrate`); readiness then reports pending ones. */
  migrateOnStart: boolean;
  /** After SIGTERM: how long in-flight requests, uploads and jobs get before they are cut. */
  shutdownGraceSeconds: number;
  /** After SIGTERM: how long the instance keeps serving with readiness red, so a load balancer stops sending first. */
  shutdownDrainSeconds: number;
  /** Bearer token for GET /metrics; without it the endpoint does not exist. */
  metricsToken: string | undefined;
  /** Stored files no row references are removed once older than this. */
  orphanGraceSeconds: number;
  /** How often housekeeping (expired sessions, ended courses, orphan files) runs. */
  sweepIntervalSeconds: number;
};

export class ConfigError extends Error {}

/** Reads the environment into a typed config, or throws one error listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.SESSION_MAX_SECONDS < e.SESSION_IDLE_SECONDS) {
    throw new ConfigError('Invalid configuration:\n  SESSION_MAX_SECONDS must be at least SESSION_IDLE_SECONDS');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    sqliteSynchronous: e.SQLITE_SYNCHRONOUS,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    mode: e.APP_MODE ?? (e.PUBLIC_URL?.startsWith('https://') ? 'production' : 'development'),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sessionIdleSeconds: e.SESSION_IDLE_SECONDS,
    sessionMaxSeconds: e.SESSION_MAX_SECONDS,
    demoData: e.DEMO_DATA === undefined ? undefined : e.DEMO_DATA === '1',
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    signIn: {
      maxFailuresPerAccount: e.SIGN_IN_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerAddress: e.SIGN_IN_MAX_FAILURES_PER_ADDRESS,
      windowSeconds: e.SIGN_IN_WINDOW_SECONDS,
    },
    trustProxy: e.TRUST_PROXY === '1',
    storageUrl: e.STORAGE_URL,
    filesSecret: e.FILES_SECRET,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            authUrl: e.GOOGLE_AUTH_URL,
            tokenUrl: e.GOOGLE_TOKEN_URL,
            classroomUrl: e.GOOGLE_CLASSROOM_URL,
          }
        : undefined,
    fastspring:
      e.FASTSPRING_USERNAME && e.FASTSPRING_PASSWORD
        ? {
            apiUrl: e.FASTSPRING_API_URL,
            username: e.FASTSPRING_USERNAME,
            password: e.FASTSPRING_PASSWORD,
            storefront: e.FASTSPRING_STOREFRONT,
            webhookSecret: e.FASTSPRING_WEBHOOK_SECRET,
          }
        : undefined,
    fileUrlSeconds: e.FILE_URL_SECONDS,
    jobs: { concurrency: e.JOBS_CONCURRENCY, pollIntervalMs: e.JOBS_POLL_MS, leaseSeconds: e.JOBS_LEASE_SECONDS },
    media: { transcodeSeconds: e.MEDIA_TRANSCODE_SECONDS },
    cpu: { threads: e.CPU_POOL_THREADS, taskSeconds: e.CPU_TASK_SECONDS, memoryMb: e.CPU_TASK_MEMORY_MB },
    role: e.ROLE,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    migrateOnStart: e.MIGRATE_ON_START === '1',
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS,
    metricsToken: e.METRICS_TOKEN,
    orphanGraceSeconds: e.ORPHAN_GRACE_SECONDS,
    sweepIntervalSeconds: e.SWEEP_INTERVAL_SECONDS,
  };
}
