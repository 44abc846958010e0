import { createHash, randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'erapor-smk';
const AUDIENCE = 'erapor-smk-api';

export interface AccessClaims {
  /** user id */
  sub: string;
  /** sekolah id */
  sek: string;
  /** semester id chosen at login */
  sem: string;
  /** refresh-token family (one per login) */
  fam: string;
}

export async function signAccessToken(
  key: Uint8Array,
  claims: AccessClaims,
  ttlSeconds: number,
  now: Date,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sek: claims.sek, sem: claims.sem, fam: claims.fam })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(key);
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; expired: boolean };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function verifyAccessToken(key: Uint8Array, token: string, now: Date): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      currentDate: now,
    });
    const { sub, sek, sem, fam } = payload as Partial<Record<keyof AccessClaims, unknown>>;
    if (
      typeof sub !== 'string' ||
      !UUID.test(sub) ||
      typeof sek !== 'string' ||
      !UUID.test(sek) ||
      typeof fam !== 'string' ||
      !UUID.test(fam) ||
      typeof sem !== 'string' ||
      !/^\d{4}[12]$/.test(sem)
    ) {
      return { ok: false, expired: false };
    }
    return { ok: true, claims: { sub, sek, sem, fam } };
  } catch (err) {
    return { ok: false, expired: err instanceof errors.JWTExpired };
  }
}

/** 32 random bytes, base64url (43 characters). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
