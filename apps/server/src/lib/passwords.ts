import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's "m=12 MiB, t=3, p=1" profile — one of its equivalent recommended settings,
 * and the fastest of them here (≈ 9 ms per verify on 2 cores, so 20 log-ins at once stay fast).
 * Verification reads the parameters from the stored hash, so they can be raised later.
 */
/** `Algorithm.Argon2id` (a const enum, which isolatedModules cannot read). */
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 12_288, timeCost: 3, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false; // malformed hash: never a match
  }
}

let dummy: Promise<string> | null = null;

/**
 * A hash of a random password nobody knows, with the same parameters as every account's: the
 * login verifies against it when the account does not exist, so that answer costs the same
 * argon2 work as a wrong password (decision 054). Made once per process (the warm-up makes it).
 */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(24).toString('base64url'));
  return dummy;
}
