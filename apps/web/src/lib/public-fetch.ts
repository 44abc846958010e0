import { apiFailure, HTTP_MESSAGES, HttpError } from './http-errors';

/**
 * A 1 kB fetch helper for the calls of the public auth pages (semester list, login,
 * register, forgot/reset password). These pages are the app's front door and must stay
 * within the /login size budget; axios (≈20 kB gzip) is loaded with the signed-in app.
 * See docs/decisions/003-login-size-budget.md. Errors are HttpError, as from the API client.
 */
export const PUBLIC_TIMEOUT_MS = 30_000;

export interface PublicRequestOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
}

export async function publicRequest<T>(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  options: PublicRequestOptions = {},
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? PUBLIC_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort);
  let res: Response;
  try {
    res = await (options.fetchImpl ?? fetch)(`/api${path}`, {
      method,
      headers:
        body === undefined
          ? { Accept: 'application/json' }
          : { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    });
  } catch {
    if (timedOut) throw new HttpError('timeout', HTTP_MESSAGES.timeout(timeoutMs), { timeoutMs });
    if (controller.signal.aborted) throw new HttpError('aborted', HTTP_MESSAGES.aborted);
    throw new HttpError('network', HTTP_MESSAGES.network);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  if (!res.ok) throw apiFailure(res.status, data);
  return data as T;
}
