import { SYNC_MESSAGES } from '@erapor/contract/sinkronisasi';
import { DapodikError, isLocalHost, parseBody, parseRetryAfter, transportDefaults } from '../client';

/*
 * Client of the school's local Dapodik Web Service (`{url}/WebService/...`, reference-dapodik §1.2,
 * §2.1) for the grades push. It follows the transport rules of the pull client (client.ts, §7.3) and
 * reuses its pieces: the DapodikError fault classes and their Indonesian messages, lenient bodies
 * (a raw "HTTP/1.x …" block stripped), Retry-After, plain http:// only inside the school network, no
 * redirects, a body limit. Differences of this face: Bearer + `?npsn=&semester_id=`, errors usually
 * come as HTTP 200 (plain "Access denied …" text, or `{success:false, http_code}`), and POSTs are
 * retried too, because every payload carries a stable id (id_evaluasi, nilai_id), so a repeated
 * post is an upsert of the same row (§7.3, §7.6).
 */

export const webServiceDefaults = {
  /** Per-request timeout of POSTs (§7.3: 15 s); GETs use transportDefaults.timeoutMs. */
  postTimeoutMs: 15_000,
};

export interface WebServiceOptions {
  baseUrl: string;
  token: string;
  npsn: string;
  semesterId: string;
  attempts?: number;
  timeoutMs?: number;
}

/** `success:false` answered by Dapodik for one item: a refusal, not a transport fault. */
export interface PostAnswer {
  success: boolean;
  message: string;
}

const ACCESS_DENIED = /access denied|not authori[sz]ed/i;

/** `{success:false, message}` answered to a GET (reference-dapodik §1.2 "Errors"). */
export function webServiceRefused(endpoint: string, message: unknown): string {
  const text = typeof message === 'string' ? message.trim().slice(0, 200) : '';
  return `Dapodik menolak permintaan ${endpoint}${text ? `: ${text}` : '.'}`;
}

export function webServiceBaseUrl(configured: string): URL {
  let url: URL;
  try {
    url = new URL(configured.trim().replace(/\/+$/, ''));
  } catch {
    throw new DapodikError('unreachable', 'URL Dapodik tidak valid', true);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new DapodikError('insecure', SYNC_MESSAGES.insecureUrl, true);
  if (url.protocol === 'http:' && !isLocalHost(url.hostname))
    throw new DapodikError('insecure', SYNC_MESSAGES.insecureUrl, true);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/WebService/`;
  url.search = '';
  url.hash = '';
  return url;
}

async function readLimited(res: Response, maxBytes: number): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? 'NaN');
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel().catch(() => {});
    throw new DapodikError('too_large', SYNC_MESSAGES.tooLarge, true);
  }
  const buf = Buffer.from(await res.arrayBuffer());
  if (buf.byteLength > maxBytes) throw new DapodikError('too_large', SYNC_MESSAGES.tooLarge, true);
  return buf.toString('utf8');
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export class WebServiceClient {
  private readonly base: URL;
  private readonly display: string;

  constructor(private readonly options: WebServiceOptions) {
    this.base = webServiceBaseUrl(options.baseUrl);
    this.display = `${this.base.protocol}//${this.base.host}`;
  }

  /** A GET endpoint (`getSekolah`, `getPengguna`, `getMatevNilai`): the envelope's `rows`. */
  async get(
    name: string,
    query: Record<string, string> = {},
  ): Promise<{ rows: unknown; results: number | null }> {
    const body = (await this.call('GET', name, query, undefined)) as {
      rows?: unknown;
      results?: unknown;
      success?: unknown;
      message?: unknown;
    };
    // Dapodik refusing a GET in a 200 body, in its own words (not an unreadable answer).
    if (body.success === false && !('rows' in body))
      throw new DapodikError('server_error', webServiceRefused(name, body.message), false);
    if (!('rows' in body)) throw new DapodikError('malformed', SYNC_MESSAGES.malformed, false);
    const results = Number(body.results);
    return { rows: body.rows, results: Number.isFinite(results) ? results : null };
  }

  /** A list endpoint: `rows` as an array (an object is a list of one, §7.3). */
  async list<T = Record<string, unknown>>(name: string, query: Record<string, string> = {}): Promise<T[]> {
    const { rows } = await this.get(name, query);
    if (Array.isArray(rows)) return rows as T[];
    if (rows && typeof rows === 'object') return [rows as T];
    return [];
  }

  /** postMatevRapor / postNilai: `{success, message}`; a refusal is an answer, a fault is thrown. */
  async post(name: string, body: unknown, query: Record<string, string> = {}): Promise<PostAnswer> {
    const answer = (await this.call('POST', name, query, body)) as { success?: unknown; message?: unknown };
    const success = answer.success === true || answer.success === 1 || answer.success === 'true';
    return { success, message: typeof answer.message === 'string' ? answer.message : '' };
  }

  private async call(
    method: 'GET' | 'POST',
    name: string,
    query: Record<string, string>,
    body: unknown,
  ): Promise<Record<string, unknown>> {
    const url = new URL(name, this.base);
    url.searchParams.set('npsn', this.options.npsn);
    url.searchParams.set('semester_id', this.options.semesterId);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    const attempts = this.options.attempts ?? transportDefaults.attempts;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.once(method, url, body);
      } catch (err) {
        const e =
          err instanceof DapodikError
            ? err
            : new DapodikError('unreachable', SYNC_MESSAGES.unreachable(this.display), false);
        if (e.fatal || attempt >= attempts) throw e;
        const backoff = transportDefaults.retryBaseMs * 2 ** (attempt - 1);
        const jitter = Math.random() * transportDefaults.retryBaseMs * 0.2;
        const wait = e.retryAfterMs !== null ? e.retryAfterMs : backoff + jitter;
        if (wait > transportDefaults.maxRetryAfterMs) throw e;
        await sleep(wait);
      }
    }
  }

  private async once(method: 'GET' | 'POST', url: URL, body: unknown): Promise<Record<string, unknown>> {
    const timeoutMs =
      this.options.timeoutMs ??
      (method === 'POST'
        ? Math.min(webServiceDefaults.postTimeoutMs, transportDefaults.timeoutMs)
        : transportDefaults.timeoutMs);
    const signal = AbortSignal.timeout(timeoutMs);
    let res: Response;
    let text: string;
    try {
      res = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${this.options.token}`,
          accept: 'application/json',
          ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
        },
        body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
        redirect: 'manual',
        signal,
      });
      text = await readLimited(res, transportDefaults.maxBytes);
    } catch (err) {
      if (err instanceof DapodikError) throw err;
      if (signal.aborted) throw new DapodikError('timeout', SYNC_MESSAGES.timeout, false);
      throw new DapodikError('unreachable', SYNC_MESSAGES.unreachable(this.display), false);
    }
    const status = res.status;
    if (status >= 300 && status < 400) throw new DapodikError('redirected', SYNC_MESSAGES.redirected, true);
    let parsed: unknown;
    let readable = true;
    try {
      parsed = parseBody(text);
    } catch {
      readable = false;
    }
    if (status === 401 || status === 403 || (!readable && ACCESS_DENIED.test(text)))
      throw new DapodikError('access_denied', SYNC_MESSAGES.accessDenied, true);
    if (!readable && /Parameter NPSN/i.test(text))
      throw new DapodikError('not_found', SYNC_MESSAGES.schoolNotFound(this.options.npsn), true);
    if (status === 404)
      throw new DapodikError('not_found', SYNC_MESSAGES.schoolNotFound(this.options.npsn), true);
    if (status === 429) {
      const wait = parseRetryAfter(res.headers.get('retry-after'));
      throw new DapodikError('rate_limited', SYNC_MESSAGES.rateLimited, false, wait ?? null);
    }
    if (status >= 500) throw new DapodikError('server_error', SYNC_MESSAGES.serverError(status), false);
    if (status !== 200) throw new DapodikError('server_error', SYNC_MESSAGES.serverError(status), true);
    if (!readable || parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
      throw new DapodikError('malformed', SYNC_MESSAGES.malformed, false);
    const obj = parsed as Record<string, unknown>;
    if (obj.success === false) {
      const code = Number(obj.http_code ?? 0);
      if (code === 401 || code === 403)
        throw new DapodikError('access_denied', SYNC_MESSAGES.accessDenied, true);
      if (code === 404)
        throw new DapodikError('not_found', SYNC_MESSAGES.schoolNotFound(this.options.npsn), true);
      if (code >= 500) throw new DapodikError('server_error', SYNC_MESSAGES.serverError(code), false);
    }
    return obj;
  }
}
