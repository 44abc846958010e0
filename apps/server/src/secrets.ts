import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from './config';

export interface Secrets {
  /** HS256 key of the access tokens. */
  jwtKey: Uint8Array;
  /** AES-256-GCM key for tokens the server stores (e.g. the Dapodik web-service token). */
  encryptionKey: Buffer;
  /** Where they came from, for the start-up log. */
  source: 'env' | 'file' | 'generated';
}

interface SecretsFile {
  jwtSecret: string;
  encryptionKey: string;
}

/**
 * `JWT_SECRET` / `ENCRYPTION_KEY` from the environment win. Otherwise they are generated once
 * into `DATA_DIR/secrets.json` (mode 0600) and read from there on every later start.
 */
export function loadSecrets(config: Pick<AppConfig, 'dataDir' | 'jwtSecret' | 'encryptionKey'>): Secrets {
  let jwtSecret = config.jwtSecret;
  let encryptionKey = config.encryptionKey;
  let source: Secrets['source'] = 'env';
  if (!jwtSecret || !encryptionKey) {
    const file = join(config.dataDir, 'secrets.json');
    let stored: Partial<SecretsFile> = {};
    if (existsSync(file)) {
      stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<SecretsFile>;
      if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
      source = 'file';
    }
    if (!stored.jwtSecret || !stored.encryptionKey) {
      stored = {
        jwtSecret: stored.jwtSecret ?? randomBytes(48).toString('base64url'),
        encryptionKey: stored.encryptionKey ?? randomBytes(32).toString('base64url'),
      };
      mkdirSync(config.dataDir, { recursive: true });
      writeFileSync(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
      chmodSync(file, 0o600);
      source = 'generated';
    }
    jwtSecret ??= stored.jwtSecret;
    encryptionKey ??= stored.encryptionKey;
  }
  return {
    jwtKey: new TextEncoder().encode(jwtSecret),
    encryptionKey: createHash('sha256').update(String(encryptionKey)).digest(),
    source,
  };
}

/** AES-256-GCM; output `v1.<iv>.<tag>.<ciphertext>` in base64url. */
export function encryptText(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function decryptText(key: Buffer, sealed: string): string {
  const [v, iv, tag, data] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || data === undefined) throw new Error('Unknown ciphertext format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
