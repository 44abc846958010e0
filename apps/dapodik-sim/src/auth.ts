/**
 * Who may call: the Web Service's token + client IP allow-list (Dapodik ties a token to whitelisted
 * IPs, reference-dapodik §1.2) and the sync API's Bearer token.
 */
import type { FastifyRequest } from 'fastify';

/** The Bearer token of the request, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+(.+)$/i.exec(header.trim());
  return m ? (m[1] as string).trim() : null;
}

function ipv4(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let n = 0;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255) return null;
    n = n * 256 + Number(p);
  }
  return n;
}

/** IPv4-mapped IPv6 and the IPv6 loopback count as their IPv4 forms. */
function normaliseIp(ip: string): string {
  if (ip === '::1') return '127.0.0.1';
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip;
}

/** Whether `ip` matches an entry: an exact address or an IPv4 CIDR block. */
export function ipAllowed(ip: string, allow: readonly string[] | null): boolean {
  if (!allow) return true;
  const address = normaliseIp(ip);
  const n = ipv4(address);
  return allow.some((entry) => {
    const [base, bits] = entry.split('/');
    if (bits === undefined) return normaliseIp(entry) === address;
    const b = ipv4(base as string);
    const len = Number(bits);
    if (n === null || b === null || !(len >= 0 && len <= 32)) return false;
    const mask = len === 0 ? 0 : (0xffffffff << (32 - len)) >>> 0;
    return (n & mask) >>> 0 === (b & mask) >>> 0;
  });
}
