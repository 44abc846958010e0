import {
  compareVersions,
  readFeed,
  UPDATE_CACHE_MS,
  UPDATE_FAILURE_CACHE_MS,
  UPDATE_MAX_BYTES,
  UPDATE_MAX_REDIRECTS,
  UPDATE_MESSAGES,
  UPDATE_TIMEOUT_MS,
  type UpdateCheckResponse,
  type UpdateFeed,
} from '@erapor/contract/update-check';
import { readCapped } from '../../../lib/read-capped';

/**
 * Cek Pembaharuan (decision 035): one GET of UPDATE_FEED_URL and nothing else — no query, no
 * cookie, no school data, a plain user agent; TLS verified (Node's default, never turned off).
 * Every way it can go wrong is an outcome with an Indonesian reason, never a thrown error.
 */
export type FeedOutcome = { ok: true; feed: UpdateFeed } | { ok: false; detail: string };

export interface FetchFeedOptions {
  timeoutMs?: number;
  maxBytes?: number;
}

const R = UPDATE_MESSAGES.reason;
const fail = (detail: string): FeedOutcome => ({ ok: false, detail });

const TLS_CODE = /^(CERT_|ERR_TLS_|ERR_SSL_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH)/;

function errorCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; errors?: unknown[]; cause?: unknown } | null;
  if (!e || typeof e !== 'object') return undefined;
  if (typeof e.code === 'string') return e.code;
  // Happy eyeballs (IPv6 and IPv4 tried): an AggregateError of the attempts.
  for (const inner of e.errors ?? []) {
    const code = errorCode(inner);
    if (code) return code;
  }
  return e.cause ? errorCode(e.cause) : undefined;
}

/** The reason a connection failed, from the error fetch threw (its `cause` holds the socket's). */
export function networkReason(err: unknown): string {
  const code = errorCode((err as { cause?: unknown } | null)?.cause) ?? errorCode(err);
  if (!code) return R.other((err as Error | null)?.message ?? 'galat');
  if (code === 'ECONNREFUSED') return R.refused;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME') return R.dns;
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET' || code === 'ECONNABORTED')
    return R.reset;
  if (code === 'ETIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'UND_ERR_HEADERS_TIMEOUT')
    return R.timeout;
  if (code === 'ENETUNREACH' || code === 'EHOSTUNREACH' || code === 'ENETDOWN' || code === 'EHOSTDOWN')
    return R.network;
  if (TLS_CODE.test(code)) return R.tls;
  return R.other(code);
}

function interpret(body: Buffer, contentType: string): FeedOutcome {
  const text = body.toString('utf8').replace(/^\uFEFF/, '');
  if (/html/i.test(contentType) || /^\s*</.test(text)) return fail(R.html);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fail(R.json);
  }
  return readFeed(json);
}

/**
 * GETs the feed: 200 only; redirects followed on the feed's own host (never to another host, never
 * from https to http); the whole exchange within `timeoutMs`; at most `maxBytes` of body.
 */
export async function fetchFeed(url: string, options: FetchFeedOptions = {}): Promise<FeedOutcome> {
  const timeoutMs = options.timeoutMs ?? UPDATE_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? UPDATE_MAX_BYTES;
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return fail(R.badUrl);
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return fail(R.badUrl);
  const host = target.hostname.toLowerCase();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    for (let hop = 0; ; hop++) {
      const res = await fetch(target, {
        method: 'GET',
        redirect: 'manual',
        signal: controller.signal,
        headers: { accept: 'application/json, application/vnd.github+json', 'user-agent': 'e-Rapor-SMK' },
      });
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        await res.body?.cancel().catch(() => {});
        if (hop >= UPDATE_MAX_REDIRECTS) return fail(R.tooManyRedirects);
        let next: URL;
        try {
          next = new URL(location, target);
        } catch {
          return fail(R.badRedirect);
        }
        if (next.protocol !== 'http:' && next.protocol !== 'https:') return fail(R.badRedirect);
        if (next.hostname.toLowerCase() !== host) return fail(R.foreignRedirect(next.host));
        if (target.protocol === 'https:' && next.protocol !== 'https:') return fail(R.downgrade);
        target = next;
        continue;
      }
      if (res.status !== 200) {
        await res.body?.cancel().catch(() => {});
        return fail(R.status(res.status));
      }
      const declared = Number(res.headers.get('content-length') ?? Number.NaN);
      if (declared > maxBytes) {
        await res.body?.cancel().catch(() => {});
        return fail(R.tooLarge);
      }
      const body = await readCapped(res.body, maxBytes);
      if (!body) return fail(R.tooLarge);
      return interpret(body, res.headers.get('content-type') ?? '');
    }
  } catch (err) {
    if (controller.signal.aborted) return fail(R.timeout);
    return fail(networkReason(err));
  } finally {
    clearTimeout(timer);
  }
}

interface Checked {
  url: string;
  at: Date;
  outcome: FeedOutcome;
}

function respond(installed: string, checked: Checked, cached: boolean): UpdateCheckResponse {
  const base = { installed_version: installed, checked_at: checked.at.toISOString(), cached };
  const { outcome } = checked;
  if (!outcome.ok) {
    return {
      ...base,
      status: 'failed',
      message: UPDATE_MESSAGES.unreachable,
      detail: outcome.detail,
      latest: null,
    };
  }
  const latest = outcome.feed;
  const order = compareVersions(latest.version, installed);
  if (order === null) {
    return {
      ...base,
      status: 'failed',
      message: UPDATE_MESSAGES.unreachable,
      detail: R.badVersion(installed),
      latest,
    };
  }
  if (order > 0) {
    return {
      ...base,
      status: 'available',
      message: UPDATE_MESSAGES.available,
      detail: UPDATE_MESSAGES.newVersion(installed, latest.version),
      latest,
    };
  }
  return {
    ...base,
    status: 'up-to-date',
    message: UPDATE_MESSAGES.upToDate,
    detail:
      order === 0
        ? UPDATE_MESSAGES.sameVersion(installed)
        : UPDATE_MESSAGES.newerInstalled(installed, latest.version),
    latest,
  };
}

/**
 * The check with its cache, one per server: an answer of the feed is reused for an hour (a failure
 * for a minute), `fresh` ("Periksa lagi") asks again; callers at the same moment share one request.
 */
export function createUpdateChecker(options: {
  now: () => Date;
  fetch?: (url: string) => Promise<FeedOutcome>;
}) {
  const get = options.fetch ?? ((url: string) => fetchFeed(url));
  let last: Checked | null = null;
  const pending = new Map<string, Promise<Checked>>();
  return async function check(
    url: string | undefined,
    installed: string,
    fresh = false,
  ): Promise<UpdateCheckResponse> {
    if (!url) {
      return {
        status: 'not-configured',
        message: UPDATE_MESSAGES.notConfigured,
        detail: UPDATE_MESSAGES.notConfiguredDetail,
        installed_version: installed,
        latest: null,
        checked_at: null,
        cached: false,
      };
    }
    const now = options.now().getTime();
    if (!fresh && last && last.url === url) {
      const ttl = last.outcome.ok ? UPDATE_CACHE_MS : UPDATE_FAILURE_CACHE_MS;
      if (now - last.at.getTime() < ttl && now >= last.at.getTime()) return respond(installed, last, true);
    }
    let request = pending.get(url);
    if (!request) {
      request = get(url).then((outcome) => {
        last = { url, at: options.now(), outcome };
        return last;
      });
      const forget = () => pending.delete(url);
      request.then(forget, forget);
      pending.set(url, request);
    }
    return respond(installed, await request, false);
  };
}
