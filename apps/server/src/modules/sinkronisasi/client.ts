import { isIP } from 'node:net';
import { type ServiceWindowTimes, SYNC_MESSAGES, wibTime } from '@erapor/contract/sinkronisasi';
import { readCapped } from '../../lib/read-capped';

/*
 * Client of the neutral Dapodik pull API (`/sync/v1`, reference-dapodik §6.4) with the transport
 * rules of §7.3: per-request timeout, retries with exponential back-off and jitter on idempotent
 * GETs (network errors, 5xx, 429 honouring Retry-After, unreadable bodies), no retry on refused
 * credentials or the service window, a body size limit, lenient bodies (a leading raw
 * "HTTP/1.x …" header block is stripped), no redirects, plain HTTP only inside the school network.
 * The token goes into the Authorization header only: it is never part of a URL, a message or a log.
 */

export type DapodikFaultKind =
  | 'timeout'
  | 'unreachable'
  | 'access_denied'
  | 'not_found'
  | 'service_window'
  | 'rate_limited'
  | 'malformed'
  | 'server_error'
  | 'too_large'
  | 'insecure'
  | 'redirected'
  | 'cancelled';

/** A failure talking to Dapodik, with the Indonesian message for the run report. */
export class DapodikError extends Error {
  constructor(
    readonly kind: DapodikFaultKind,
    message: string,
    /** Retrying later in the same run cannot help (credentials, window, configuration). */
    readonly fatal: boolean,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'DapodikError';
  }
}

/** Transport settings; tests shorten the waits. */
export const transportDefaults = {
  /** Per-request timeout of list calls (§7.3: 30 s). */
  timeoutMs: 30_000,
  /** Attempts per GET (§7.3: max 5), back-off base 0.5 s doubling: 0.5, 1, 2, 4 s. */
  attempts: 5,
  retryBaseMs: 500,
  /** The longest Retry-After we wait for inside a run. */
  maxRetryAfterMs: 60_000,
  /** Body size limit (§7.3: 50 MB). */
  maxBytes: 50 * 1024 * 1024,
  /** Page size asked of the sync API (its maximum is 2000). */
  pageLimit: 500,
};

export interface SyncClientOptions {
  /** Base URL of the Dapodik service as configured (e.g. http://192.168.1.10:5774). */
  baseUrl: string;
  token: string;
  npsn: string;
  signal?: AbortSignal;
  /** Called after every page of a list (rows so far, total announced). */
  onPage?: (fetched: number, total: number | null) => void;
  attempts?: number;
  timeoutMs?: number;
}

export interface SyncList<T> {
  rows: T[];
  total: number | null;
  semesterId: string | null;
  /** Announced total differs from what arrived (§7.3 "compare results with rows"). */
  mismatch: boolean;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(cancelled());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelled());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

const cancelled = () => new DapodikError('cancelled', SYNC_MESSAGES.cancelled, true);

/** Loopback, private (RFC 1918), link-local and unique-local addresses, and LAN host names. */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const version = isIP(host);
  if (version === 4) {
    const [a = 0, b = 0] = host.split('.').map(Number);
    return (
      a === 127 ||
      a === 10 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254)
    );
  }
  if (version === 6) return host === '::1' || /^f[cd]/.test(host) || host.startsWith('fe80');
  // A bare machine name or a LAN suffix resolves inside the school network.
  return !host.includes('.') || /\.(local|lan|home|internal)$/.test(host);
}

/** The configured URL made into the sync API's base; throws for a public http:// address. */
export function syncBaseUrl(configured: string): URL {
  const url = new URL(configured.trim().replace(/\/+$/, ''));
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new DapodikError('insecure', SYNC_MESSAGES.insecureUrl, true);
  if (url.protocol === 'http:' && !isLocalHost(url.hostname))
    throw new DapodikError('insecure', SYNC_MESSAGES.insecureUrl, true);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/sync/v1/`;
  url.search = '';
  url.hash = '';
  return url;
}

/** Seconds or an HTTP date → ms (null when absent or unreadable). */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const s = Number(value.trim());
  if (Number.isFinite(s) && s >= 0) return s * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Lenient JSON: strips a raw "HTTP/1.x …\r\n\r\n" header block some servers put in the body. */
export function parseBody(text: string): unknown {
  let body = text.replace(/^\uFEFF/, '').trimStart();
  if (/^HTTP\/\d(\.\d)?\s/.test(body)) {
    const end = body.search(/\r?\n\r?\n/);
    body = end >= 0 ? body.slice(end).trimStart() : '';
  }
  return JSON.parse(body);
}

const ACCESS_DENIED = /access denied|not authori[sz]ed/i;

async function readLimited(res: Response, maxBytes: number): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? 'NaN');
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel().catch(() => {});
    throw new DapodikError('too_large', SYNC_MESSAGES.tooLarge, true);
  }
  const body = await readCapped(res.body, maxBytes);
  if (body === null) throw new DapodikError('too_large', SYNC_MESSAGES.tooLarge, true);
  return body.toString('utf8');
}

function errorCode(body: unknown): string | null {
  if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string')
    return body.error;
  return null;
}

/**
 * The service window as the source states it (a 503 body's `closed_at`/`opens_at`, else the
 * Retry-After header) in WIB wall time; serviceWindowMessage fills what it does not say with the
 * known 00.00–03.00.
 */
export function windowTimes(
  body: unknown,
  retryAfter: string | null = null,
  now = Date.now(),
): ServiceWindowTimes {
  const field = (key: string) =>
    body && typeof body === 'object' && key in body ? (body as Record<string, unknown>)[key] : null;
  const at = (v: unknown) => (typeof v === 'string' ? wibTime(v) : null);
  const wait = parseRetryAfter(retryAfter, now);
  return {
    from: at(field('closed_at')),
    until: at(field('opens_at')) ?? (wait !== null && wait > 0 ? wibTime(new Date(now + wait)) : null),
  };
}

export class SyncApiClient {
  private readonly base: URL;
  private readonly display: string;

  constructor(private readonly options: SyncClientOptions) {
    this.base = syncBaseUrl(options.baseUrl);
    this.display = `${this.base.protocol}//${this.base.host}`;
  }

  /** One GET with retries; resolves to the parsed JSON body of a 200. */
  async get(path: string, query: Record<string, string> = {}): Promise<unknown> {
    const url = new URL(path.replace(/^\//, ''), this.base);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    const attempts = this.options.attempts ?? transportDefaults.attempts;
    let last: DapodikError | null = null;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (this.options.signal?.aborted) throw cancelled();
      try {
        return await this.once(url);
      } catch (err) {
        if (err instanceof StaleCursor) throw err;
        const e =
          err instanceof DapodikError
            ? err
            : new DapodikError('unreachable', SYNC_MESSAGES.unreachable(this.display), false);
        if (e.fatal || attempt === attempts) throw e;
        last = e;
        const backoff = transportDefaults.retryBaseMs * 2 ** (attempt - 1);
        const jitter = Math.random() * transportDefaults.retryBaseMs * 0.2;
        const wait = e.retryAfterMs !== null ? e.retryAfterMs : backoff + jitter;
        if (wait > transportDefaults.maxRetryAfterMs) throw e;
        await sleep(wait, this.options.signal);
      }
    }
    throw last ?? new DapodikError('unreachable', SYNC_MESSAGES.unreachable(this.display), false);
  }

  private async once(url: URL): Promise<unknown> {
    const timeoutMs = this.options.timeoutMs ?? transportDefaults.timeoutMs;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = this.options.signal ? AbortSignal.any([this.options.signal, timeout]) : timeout;
    let res: Response;
    let text: string;
    try {
      res = await fetch(url, {
        headers: {
          authorization: `Bearer ${this.options.token}`,
          'x-npsn': this.options.npsn,
          accept: 'application/json',
        },
        redirect: 'manual',
        signal,
      });
      text = await readLimited(res, transportDefaults.maxBytes);
    } catch (err) {
      if (err instanceof DapodikError) throw err;
      if (this.options.signal?.aborted) throw cancelled();
      if (timeout.aborted) throw new DapodikError('timeout', SYNC_MESSAGES.timeout, false);
      // A connection cut mid-body is a truncated answer; a refused/reset connection is unreachable.
      throw new DapodikError('unreachable', SYNC_MESSAGES.unreachable(this.display), false);
    }
    const status = res.status;
    if (status >= 300 && status < 400) throw new DapodikError('redirected', SYNC_MESSAGES.redirected, true);
    let body: unknown;
    let readable = true;
    try {
      body = parseBody(text);
    } catch {
      readable = false;
    }
    if (status === 401 || status === 403 || (!readable && ACCESS_DENIED.test(text)))
      throw new DapodikError('access_denied', SYNC_MESSAGES.accessDenied, true);
    if (status === 404 && errorCode(body) === 'sekolah_not_found')
      throw new DapodikError('not_found', SYNC_MESSAGES.schoolNotFound(this.options.npsn), true);
    if (status === 503 && errorCode(body) === 'service_window')
      throw new DapodikError(
        'service_window',
        SYNC_MESSAGES.serviceWindow(windowTimes(body, res.headers.get('retry-after'))),
        true,
      );
    if (status === 429) {
      const wait = parseRetryAfter(res.headers.get('retry-after'));
      throw new DapodikError('rate_limited', SYNC_MESSAGES.rateLimited, false, wait ?? null);
    }
    if (status === 409 && errorCode(body) === 'snapshot_changed') throw new StaleCursor();
    if (status >= 500) throw new DapodikError('server_error', SYNC_MESSAGES.serverError(status), false);
    if (status !== 200) throw new DapodikError('server_error', SYNC_MESSAGES.serverError(status), true);
    if (!readable || body === null || typeof body !== 'object')
      throw new DapodikError('malformed', SYNC_MESSAGES.malformed, false);
    // Dapodik style: an error as a 200 body.
    if ('success' in body && body.success === false) {
      const code = 'http_code' in body ? Number(body.http_code) : 0;
      if (code === 401 || code === 403)
        throw new DapodikError('access_denied', SYNC_MESSAGES.accessDenied, true);
      if (code === 404)
        throw new DapodikError('not_found', SYNC_MESSAGES.schoolNotFound(this.options.npsn), true);
      throw new DapodikError('server_error', SYNC_MESSAGES.serverError(code || 200), false);
    }
    return body;
  }

  /** A document endpoint (`status`, `sekolah`): `{ data, meta }`. */
  async document<T>(path: string): Promise<{ data: T; semesterId: string | null }> {
    const body = (await this.get(path)) as { data?: unknown; meta?: { semester_id?: unknown } };
    if (!body.data || typeof body.data !== 'object')
      throw new DapodikError('malformed', SYNC_MESSAGES.malformed, false);
    const sem = body.meta?.semester_id;
    return { data: body.data as T, semesterId: sem == null ? null : String(sem) };
  }

  /**
   * Every row of a list, following cursors. A page whose cursor went stale (409: the data changed
   * while paging) restarts the list once from the beginning.
   */
  async list<T = Record<string, unknown>>(
    path: string,
    query: Record<string, string> = {},
  ): Promise<SyncList<T>> {
    for (let restart = 0; ; restart++) {
      try {
        return await this.listOnce<T>(path, query);
      } catch (err) {
        if (restart === 0 && err instanceof StaleCursor) continue;
        throw err;
      }
    }
  }

  private async listOnce<T>(path: string, query: Record<string, string>): Promise<SyncList<T>> {
    const rows: T[] = [];
    let cursor: string | null = null;
    let total: number | null = null;
    let semesterId: string | null = null;
    const seen = new Set<string>();
    do {
      const q: Record<string, string> = { ...query, limit: String(transportDefaults.pageLimit) };
      if (cursor) q.cursor = cursor;
      const body = (await this.get(path, q)) as {
        data?: unknown;
        page?: { cursor?: unknown; total?: unknown };
        meta?: { semester_id?: unknown };
      };
      // `data` is a list; a single object is taken as a list of one (lenient, §7.3).
      const data = Array.isArray(body.data)
        ? body.data
        : body.data && typeof body.data === 'object'
          ? [body.data]
          : null;
      if (!data) throw new DapodikError('malformed', SYNC_MESSAGES.malformed, false);
      rows.push(...(data as T[]));
      const t = Number(body.page?.total);
      total = Number.isFinite(t) ? t : total;
      if (body.meta?.semester_id != null) semesterId = String(body.meta.semester_id);
      const next = typeof body.page?.cursor === 'string' && body.page.cursor ? body.page.cursor : null;
      // A server that hands out the same cursor again would loop for ever.
      if (next && seen.has(next)) throw new DapodikError('malformed', SYNC_MESSAGES.malformed, false);
      if (next) seen.add(next);
      cursor = next;
      this.options.onPage?.(rows.length, total);
    } while (cursor);
    return { rows, total, semesterId, mismatch: total !== null && total !== rows.length };
  }
}

class StaleCursor extends Error {}
