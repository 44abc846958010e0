import type { ApiError } from '@erapor/contract/errors';
import { isChunkLoadError } from './chunk-load';
import { oneLanguage, type Shown, serverText, type TFunction } from './i18n';

/**
 * One error type for every failed request, whichever client made it (the axios API client
 * or the small fetch helper of the public auth pages). Messages are the spec's (§8): the
 * server's Indonesian `message` for API errors, otherwise 'Request aborted', 'Network Error'
 * or 'timeout of N ms exceeded' — shown translated through i18n (`httpErrorMessage`).
 */
export type HttpFailureKind = 'api' | 'network' | 'timeout' | 'aborted';

export const HTTP_MESSAGES = {
  aborted: 'Request aborted',
  network: 'Network Error',
  timeout: (ms: number) => `timeout of ${ms}ms exceeded`,
} as const;

export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly kind: HttpFailureKind;
  readonly status: number | undefined;
  readonly code: string | undefined;
  /** Field → Indonesian message, from the server's `details`. */
  readonly details: Record<string, string>;
  readonly timeoutMs: number | undefined;

  constructor(
    kind: HttpFailureKind,
    message: string,
    extra: { status?: number; code?: string; details?: Record<string, string>; timeoutMs?: number } = {},
  ) {
    super(message);
    this.kind = kind;
    this.status = extra.status;
    this.code = extra.code;
    this.details = extra.details ?? {};
    this.timeoutMs = extra.timeoutMs;
  }
}

export function isApiErrorBody(body: unknown): body is ApiError {
  const b = body as Partial<ApiError> | null;
  return Boolean(
    b && typeof b === 'object' && typeof b.message === 'string' && typeof b.statusCode === 'number',
  );
}

/** An HTTP error response (any client) → HttpError. */
export function apiFailure(status: number, body: unknown): HttpError {
  if (isApiErrorBody(body)) {
    return new HttpError('api', body.message, { status, code: body.code, details: body.details });
  }
  return new HttpError('api', '', { status });
}

interface AxiosLikeError {
  isAxiosError?: boolean;
  code?: string;
  message?: string;
  config?: { timeout?: number };
  response?: { status: number; data: unknown };
}

/** Whether an error came from a request (either client), as opposed to a bug. */
export function isRequestError(error: unknown): boolean {
  return error instanceof HttpError || (error as AxiosLikeError | null)?.isAxiosError === true;
}

/** Normalises whatever a request threw (axios error, HttpError, other) into an HttpError. */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const e = (error ?? {}) as AxiosLikeError;
  if (e.response) return apiFailure(e.response.status, e.response.data);
  const message = typeof e.message === 'string' ? e.message : '';
  if (e.code === 'ETIMEDOUT' || (e.code === 'ECONNABORTED' && /timeout/i.test(message))) {
    const ms = e.config?.timeout ?? Number(/(\d+)\s*ms/.exec(message)?.[1] ?? 0);
    return new HttpError('timeout', HTTP_MESSAGES.timeout(ms), { timeoutMs: ms });
  }
  if (e.code === 'ERR_CANCELED' || e.code === 'ECONNABORTED' || message === HTTP_MESSAGES.aborted) {
    return new HttpError('aborted', HTTP_MESSAGES.aborted);
  }
  return new HttpError('network', HTTP_MESSAGES.network);
}

/** The text to show a user for a failed request: the server's own message, else interface text. */
export function httpErrorText(error: unknown, t: TFunction): Shown {
  const e = toHttpError(error);
  // The server's messages are Indonesian and written for users (architecture §Server); marked
  // as such, so a toast or alert never puts an interface title of another language above them.
  return e.kind === 'api' && e.message ? serverText(e.message) : httpErrorMessage(e, t);
}

/**
 * Heading and detail of a failed request, in one language: with an interface language other
 * than Indonesian, the server's (Indonesian) message is shown without the interface heading.
 */
export function httpErrorParts(
  title: string,
  error: unknown,
  t: TFunction,
): { title: string; text?: string } {
  return oneLanguage(title, httpErrorText(error, t));
}

/** The text to show a user for a failed request, in the interface language. */
export function httpErrorMessage(error: unknown, t: TFunction): string {
  const e = toHttpError(error);
  switch (e.kind) {
    case 'api':
      return e.message || t('errors.status', { status: e.status ?? 0 });
    case 'timeout':
      return t('errors.timeout', { ms: e.timeoutMs ?? 0, seconds: Math.round((e.timeoutMs ?? 0) / 1000) });
    case 'aborted':
      return t('errors.aborted');
    default:
      return t('errors.network');
  }
}

/** Any failure (a chunk that did not load, a request, a bug) as text for a toast or alert. */
export function failureText(error: unknown, t: TFunction): Shown {
  if (isChunkLoadError(error)) return t('chunk.failed', { chunk: error.chunk });
  if (isRequestError(error)) return httpErrorText(error, t);
  return t('errors.unexpected');
}
