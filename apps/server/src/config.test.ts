import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseDuration } from './config';
import { FailureLimiter } from './lib/rate-limit';
import { decryptText, encryptText, loadSecrets } from './secrets';

describe('config', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      seedDemo: true,
      accessTokenTtl: 900,
      refreshTokenTtlDays: 30,
      refreshReuseGraceSeconds: 10,
      registrationOpen: false,
      snapshotIntervalHours: 6,
      snapshotKeep: 3,
      loginRateLimit: { account: 5, address: 30, device: 10, windowSeconds: 900 },
    });
    expect(c.dataDir).toBe(join(process.cwd(), 'data'));
  });

  it('reads the environment', () => {
    const c = loadConfig({
      PORT: '8080',
      SEED_DEMO: 'false',
      ACCESS_TOKEN_TTL: '5m',
      REGISTRATION_OPEN: 'true',
      DATABASE_URL: 'postgres://x@y/z',
      LOGIN_RATE_LIMIT_ACCOUNT: '50',
    });
    expect(c).toMatchObject({
      port: 8080,
      seedDemo: false,
      accessTokenTtl: 300,
      registrationOpen: true,
      databaseUrl: 'postgres://x@y/z',
      loginRateLimit: { account: 50 },
    });
  });

  it('reads the update feed and finds CHANGELOG.md at the repository root', () => {
    expect(loadConfig({}).updateFeedUrl).toBeUndefined();
    expect(loadConfig({ UPDATE_FEED_URL: '  ' }).updateFeedUrl).toBeUndefined();
    expect(loadConfig({ UPDATE_FEED_URL: ' https://example.org/versi.json ' }).updateFeedUrl).toBe(
      'https://example.org/versi.json',
    );
    expect(loadConfig({}).changelogPath).toMatch(/[\\/]CHANGELOG\.md$/);
  });

  it('refuses nonsense with a clear message', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(parseDuration('900', 1, 'X')).toBe(900);
    expect(parseDuration('1h', 1, 'X')).toBe(3600);
    expect(() => parseDuration('soon', 1, 'X')).toThrow(ConfigError);
  });
});

describe('secrets', () => {
  it('are generated once into DATA_DIR/secrets.json with mode 0600, then reused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'erapor-secrets-'));
    try {
      const a = loadSecrets({ dataDir: dir, jwtSecret: undefined, encryptionKey: undefined });
      expect(a.source).toBe('generated');
      const file = join(dir, 'secrets.json');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const b = loadSecrets({ dataDir: dir, jwtSecret: undefined, encryptionKey: undefined });
      expect(b.source).toBe('file');
      expect(Buffer.from(b.jwtKey).equals(Buffer.from(a.jwtKey))).toBe(true);
      expect(JSON.parse(readFileSync(file, 'utf8')).jwtSecret.length).toBeGreaterThanOrEqual(43);
      const env = loadSecrets({ dataDir: dir, jwtSecret: 'x'.repeat(40), encryptionKey: 'y'.repeat(40) });
      expect(env.source).toBe('env');
      const sealed = encryptText(env.encryptionKey, 'token dapodik');
      expect(sealed).not.toContain('token');
      expect(decryptText(env.encryptionKey, sealed)).toBe('token dapodik');
      expect(() => decryptText(a.encryptionKey, sealed)).toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('FailureLimiter', () => {
  it('blocks after the limit until the window ends; reset clears', () => {
    let now = 0;
    const l = new FailureLimiter(3, 60_000, () => now);
    l.fail('a');
    l.fail('a');
    expect(l.retryAfter('a')).toBe(0);
    l.fail('a');
    expect(l.retryAfter('a')).toBe(60);
    expect(l.retryAfter('b')).toBe(0);
    now = 30_000;
    expect(l.retryAfter('a')).toBe(30);
    now = 60_001;
    expect(l.retryAfter('a')).toBe(0);
    l.fail('a');
    l.reset('a');
    expect(l.retryAfter('a')).toBe(0);
    for (let i = 0; i < 3; i++) l.fail('c');
    l.refund('c');
    expect(l.retryAfter('c')).toBe(0);
  });

  it('stays bounded under a flood of distinct keys', () => {
    const l = new FailureLimiter(1, 60_000, () => 0, 1000);
    for (let i = 0; i < 5000; i++) l.fail(`k${i}`);
    expect((l as unknown as { entries: Map<string, unknown> }).entries.size).toBeLessThanOrEqual(1000);
  });
});
