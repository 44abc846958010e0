import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { REPO_ROOT } from './paths';

/** Everything the server reads from the environment, parsed once. */
export interface AppConfig {
  port: number;
  host: string;
  /** Absolute path: embedded database, snapshots, generated secrets. */
  dataDir: string;
  /** The national reference set (`REFERENCE_DIR`, else ../shared/reference next to the installation). */
  referenceDir: string;
  /** Backup archives (`BACKUP_DIR`, else `DATA_DIR/backups`). */
  backupDir: string;
  /** Set: node-postgres against this server. Unset: embedded PGlite in `dataDir/pgdata`. */
  databaseUrl: string | undefined;
  seedDemo: boolean;
  /** Size of the demo school: 'smk-standard' (~1,500 pupils, default) or 'tiny' (tests). */
  demoProfile: 'smk-standard' | 'tiny';
  /** Seconds. */
  accessTokenTtl: number;
  refreshTokenTtlDays: number;
  refreshReuseGraceSeconds: number;
  jwtSecret: string | undefined;
  encryptionKey: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Public address of the app, used in e-mailed links. */
  appUrl: string | undefined;
  registrationOpen: boolean;
  snapshotIntervalHours: number;
  snapshotKeep: number;
  /** Scheduled backups (`BACKUP_SCHEDULE`, default on; the time and days kept are each school's setting). */
  backupSchedule: boolean;
  /**
   * Failures in `windowSeconds` before a pause: per account from unknown browsers, per client
   * address, and per account on a browser that has logged in as it before (decision 041).
   */
  loginRateLimit: { account: number; address: number; device: number; windowSeconds: number };
  trustProxy: boolean;
  logLevel: string;
  /** The built web app (`apps/web/dist`). */
  webDistDir: string;
  version: string;
  /** The release notes Daftar Perubahan shows (`CHANGELOG.md` at the repository root). */
  changelogPath: string;
  /** Where Cek Pembaharuan asks for the latest version (JSON feed or GitHub latest release); unset: never asked. */
  updateFeedUrl: string | undefined;
}

export class ConfigError extends Error {}

export { REPO_ROOT };

function readVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(resolve(REPO_ROOT, 'package.json'), 'utf8')) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

function bool(value: string | undefined, fallback: boolean, name: string): boolean {
  if (value === undefined || value === '') return fallback;
  const v = value.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on', 'ya'].includes(v)) return true;
  if (['0', 'false', 'no', 'off', 'tidak'].includes(v)) return false;
  throw new ConfigError(`${name}: nilai "${value}" bukan true/false (expected true or false)`);
}

function num(value: string | undefined, fallback: number, name: string, min = 0): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min) {
    throw new ConfigError(`${name}: nilai "${value}" bukan angka yang valid (expected a number >= ${min})`);
  }
  return n;
}

function demoProfile(value: string | undefined): 'smk-standard' | 'tiny' {
  if (value === undefined || value === '' || value === 'smk-standard') return 'smk-standard';
  if (value === 'tiny') return 'tiny';
  throw new ConfigError(`DEMO_PROFILE: nilai "${value}" tidak dikenali (expected smk-standard or tiny)`);
}

/** `15m`, `900s`, `1h`, `900` (seconds) → seconds. */
export function parseDuration(value: string | undefined, fallbackSeconds: number, name: string): number {
  if (value === undefined || value === '') return fallbackSeconds;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(s|m|h|d)?\s*$/i.exec(value);
  if (!m) throw new ConfigError(`${name}: durasi "${value}" tidak dikenali (use e.g. 15m, 900s, 1h)`);
  const unit = (m[2] ?? 's').toLowerCase();
  const factor = unit === 'd' ? 86400 : unit === 'h' ? 3600 : unit === 'm' ? 60 : 1;
  const seconds = Math.round(Number(m[1]) * factor);
  if (seconds < 1) throw new ConfigError(`${name}: durasi terlalu pendek (must be at least 1 second)`);
  return seconds;
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<AppConfig> = {},
): AppConfig {
  const dataDir = resolve(overrides.dataDir ?? (env.DATA_DIR || './data'));
  const config: AppConfig = {
    port: num(env.PORT, 3000, 'PORT'),
    host: env.HOST || '0.0.0.0',
    dataDir,
    referenceDir: resolve(env.REFERENCE_DIR || resolve(REPO_ROOT, '../shared/reference')),
    backupDir: resolve(env.BACKUP_DIR || resolve(dataDir, 'backups')),
    databaseUrl: env.DATABASE_URL || undefined,
    seedDemo: bool(env.SEED_DEMO, true, 'SEED_DEMO'),
    demoProfile: demoProfile(env.DEMO_PROFILE),
    accessTokenTtl: parseDuration(env.ACCESS_TOKEN_TTL, 15 * 60, 'ACCESS_TOKEN_TTL'),
    refreshTokenTtlDays: num(env.REFRESH_TOKEN_TTL_DAYS, 30, 'REFRESH_TOKEN_TTL_DAYS', 0.0001),
    refreshReuseGraceSeconds: num(env.REFRESH_REUSE_GRACE_SECONDS, 10, 'REFRESH_REUSE_GRACE_SECONDS'),
    jwtSecret: env.JWT_SECRET || undefined,
    encryptionKey: env.ENCRYPTION_KEY || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'e-Rapor SMK <no-reply@localhost>',
    appUrl: env.APP_URL ? env.APP_URL.replace(/\/+$/, '') : undefined,
    registrationOpen: bool(env.REGISTRATION_OPEN, false, 'REGISTRATION_OPEN'),
    snapshotIntervalHours: num(env.SNAPSHOT_INTERVAL_HOURS, 6, 'SNAPSHOT_INTERVAL_HOURS'),
    snapshotKeep: num(env.SNAPSHOT_KEEP, 3, 'SNAPSHOT_KEEP', 1),
    backupSchedule: bool(env.BACKUP_SCHEDULE, true, 'BACKUP_SCHEDULE'),
    loginRateLimit: {
      account: num(env.LOGIN_RATE_LIMIT_ACCOUNT, 5, 'LOGIN_RATE_LIMIT_ACCOUNT', 1),
      address: num(env.LOGIN_RATE_LIMIT_ADDRESS, 30, 'LOGIN_RATE_LIMIT_ADDRESS', 1),
      device: num(env.LOGIN_RATE_LIMIT_DEVICE, 10, 'LOGIN_RATE_LIMIT_DEVICE', 1),
      windowSeconds: parseDuration(env.LOGIN_RATE_LIMIT_WINDOW, 15 * 60, 'LOGIN_RATE_LIMIT_WINDOW'),
    },
    trustProxy: bool(env.TRUST_PROXY, false, 'TRUST_PROXY'),
    logLevel: env.LOG_LEVEL || 'warn',
    webDistDir: resolve(env.WEB_DIST_DIR || resolve(REPO_ROOT, 'apps/web/dist')),
    version: readVersion(),
    changelogPath: resolve(REPO_ROOT, 'CHANGELOG.md'),
    updateFeedUrl: env.UPDATE_FEED_URL?.trim() || undefined,
    ...overrides,
  };
  if (config.jwtSecret !== undefined && config.jwtSecret.length < 32) {
    throw new ConfigError(
      'JWT_SECRET terlalu pendek: minimal 32 karakter (JWT_SECRET must be at least 32 characters)',
    );
  }
  if (config.encryptionKey !== undefined && config.encryptionKey.length < 32) {
    throw new ConfigError(
      'ENCRYPTION_KEY terlalu pendek: minimal 32 karakter (ENCRYPTION_KEY must be at least 32 characters)',
    );
  }
  return config;
}
