import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { OneTimeCredential } from '@erapor/contract/pengguna';
import { hashPassword } from '../../lib/passwords';

/** No 0/O, 1/l/I: a one-time password is read off paper and typed by hand. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const LENGTH = 10; // 31^10 ≈ 2^49.5

export function oneTimePassword(): string {
  let out = '';
  for (let i = 0; i < LENGTH; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/**
 * argon2id hashes of many passwords. @node-rs/argon2 hashes on libuv's thread pool, so a few
 * hashes in flight at once use every core (≈ 11 ms per hash per core).
 */
export async function hashMany(passwords: readonly string[], concurrency = 4): Promise<string[]> {
  const out: string[] = new Array(passwords.length);
  let next = 0;
  const worker = async () => {
    while (next < passwords.length) {
      const i = next++;
      out[i] = await hashPassword(passwords[i] as string);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, passwords.length) }, worker));
  return out;
}

export interface SlipBatch {
  sekolahId: string;
  kind: 'ptk' | 'pd';
  sekolahNama: string;
  semesterNama: string;
  credentials: OneTimeCredential[];
  createdAt: Date;
  expiresAt: Date;
}

/**
 * One-time passwords of a generation, kept only in this server process's memory for a short
 * time so the administrator can download the printable slips (docs/decisions/008). Never in the
 * database, never in a log. Lost on restart — then the administrator resets the passwords.
 */
export class SlipStore {
  private readonly batches = new Map<string, SlipBatch>();
  constructor(
    private readonly ttlMs: number,
    private readonly now: () => Date,
  ) {}

  put(batch: Omit<SlipBatch, 'createdAt' | 'expiresAt'>): { id: string; expiresAt: Date } {
    this.purge();
    const createdAt = this.now();
    const expiresAt = new Date(createdAt.getTime() + this.ttlMs);
    // Unguessable: the id alone is not enough (the caller must also be an admin of the school).
    const id = `${randomUUID()}.${randomBytes(8).toString('base64url')}`;
    this.batches.set(id, { ...batch, createdAt, expiresAt });
    return { id, expiresAt };
  }

  get(id: string, sekolahId: string): SlipBatch | null {
    this.purge();
    const b = this.batches.get(id);
    return b && b.sekolahId === sekolahId ? b : null;
  }

  private purge(): void {
    const t = this.now().getTime();
    for (const [id, b] of this.batches) if (b.expiresAt.getTime() <= t) this.batches.delete(id);
  }
}
