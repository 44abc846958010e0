import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The "known device" cookie of the login (decision 041). A browser that has logged in as an
 * account carries one entry for it: a random nonce and an HMAC of (account, nonce) under the
 * server's secret. Only the server can make an entry, an entry proves nothing about other
 * accounts, and it says nothing readable (no e-mail in it). One cookie holds the entries of the
 * last `MAX_ENTRIES` accounts of that browser (a shared staff-room PC), newest last.
 */
export const DEVICE_COOKIE = 'erapor_perangkat';
export const DEVICE_COOKIE_PATH = '/api/jwt/login';
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;
const MAX_ENTRIES = 20;
const ENTRY = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

function signature(key: Uint8Array, account: string, nonce: string): Buffer {
  return createHmac('sha256', key).update(`erapor-perangkat\0${account}\0${nonce}`).digest();
}

/** The cookie's value from a Cookie header, or undefined. */
export function readDeviceCookie(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === DEVICE_COOKIE) return part.slice(eq + 1).trim();
  }
  return undefined;
}

function entries(value: string | undefined): string[] {
  if (!value) return [];
  return value
    .split('~')
    .filter((e) => ENTRY.test(e))
    .slice(-MAX_ENTRIES);
}

/** The nonce of this browser's valid entry for the account, or null (an unknown device). */
export function knownDevice(key: Uint8Array, value: string | undefined, account: string): string | null {
  for (const entry of entries(value)) {
    const m = ENTRY.exec(entry);
    if (!m?.[1] || !m[2]) continue;
    // Compared as the text we issue: base64url decoding ignores the last character's spare bits,
    // so an altered last character could otherwise decode to the same signature.
    const given = Buffer.from(m[2]);
    const expected = Buffer.from(signature(key, account, m[1]).toString('base64url'));
    if (given.length === expected.length && timingSafeEqual(given, expected)) return m[1];
  }
  return null;
}

/** The cookie's new value after a successful login: this account's entry kept (or made), newest last. */
export function rememberDevice(key: Uint8Array, value: string | undefined, account: string): string {
  const nonce = knownDevice(key, value, account);
  const own = nonce ?? randomBytes(16).toString('base64url');
  const entry = `${own}.${signature(key, account, own).toString('base64url')}`;
  const others = entries(value).filter((e) => !e.startsWith(`${own}.`));
  return [...others, entry].slice(-MAX_ENTRIES).join('~');
}

/** The Set-Cookie header: sent back to the login route only, never readable by scripts. */
export function deviceCookieHeader(value: string, secure: boolean): string {
  return [
    `${DEVICE_COOKIE}=${value}`,
    `Path=${DEVICE_COOKIE_PATH}`,
    `Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
