import { describe, expect, it, vi } from 'vitest';
import { HttpError, httpErrorMessage, toHttpError } from './http-errors';
import { translate } from './i18n';
import { publicRequest } from './public-fetch';

const t = (key: string, vars?: Record<string, string | number | null | undefined>) =>
  translate(key, vars, 'en');

describe('request errors', () => {
  it('keeps the server message and field details', () => {
    const e = toHttpError({
      response: {
        status: 422,
        data: {
          statusCode: 422,
          code: 'VALIDATION_ERROR',
          message: 'Data tidak valid',
          details: { email: 'Email tidak valid' },
        },
      },
    });
    expect(e).toMatchObject({
      kind: 'api',
      status: 422,
      code: 'VALIDATION_ERROR',
      details: { email: 'Email tidak valid' },
    });
    expect(httpErrorMessage(e, t)).toBe('Data tidak valid');
  });

  it('maps axios failures to the spec messages, translated', () => {
    expect(httpErrorMessage({ code: 'ERR_NETWORK', message: 'Network Error' }, t)).toBe('Network Error');
    expect(
      httpErrorMessage(
        { code: 'ECONNABORTED', message: 'timeout of 30000ms exceeded', config: { timeout: 30000 } },
        t,
      ),
    ).toBe('timeout of 30000 ms exceeded');
    expect(httpErrorMessage({ code: 'ECONNABORTED', message: 'Request aborted' }, t)).toBe('Request aborted');
    expect(httpErrorMessage({ code: 'ERR_CANCELED', message: 'canceled' }, t)).toBe('Request aborted');
    expect(translate('errors.network', undefined, 'en')).toBe('Network Error');
  });

  it('an error response without the API shape still says something', () => {
    expect(httpErrorMessage(toHttpError({ response: { status: 502, data: '<html>' } }), t)).toBe(
      'The server answered with error 502. Please try again in a moment.',
    );
  });
});

describe('publicRequest', () => {
  it('posts JSON to /api and returns the body', async () => {
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 200 }));
    await expect(publicRequest('POST', '/jwt/login', { a: 1 }, { fetchImpl })).resolves.toEqual({ ok: true });
    expect(fetchImpl).toHaveBeenCalledWith(
      '/api/jwt/login',
      expect.objectContaining({ method: 'POST', body: '{"a":1}' }),
    );
  });

  it('turns an API error into HttpError with details', async () => {
    const body = {
      statusCode: 422,
      code: 'VALIDATION_ERROR',
      message: 'Tahun Pelajaran tidak ditemukan',
      details: { semester_id: 'Tahun Pelajaran tidak ditemukan' },
    };
    const fetchImpl = async () => new Response(JSON.stringify(body), { status: 422 });
    const err = await publicRequest('POST', '/jwt/login', {}, { fetchImpl }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({
      kind: 'api',
      status: 422,
      details: { semester_id: 'Tahun Pelajaran tidak ditemukan' },
    });
  });

  it('network failure → "Network Error"; time-out → "timeout of N ms exceeded"', async () => {
    const down = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(publicRequest('GET', '/x', undefined, { fetchImpl: down })).rejects.toMatchObject({
      kind: 'network',
      message: 'Network Error',
    });
    const slow = (_: unknown, init?: RequestInit) =>
      new Promise<Response>((_r, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
      );
    await expect(
      publicRequest('GET', '/x', undefined, { fetchImpl: slow as typeof fetch, timeoutMs: 20 }),
    ).rejects.toMatchObject({ kind: 'timeout', message: 'timeout of 20ms exceeded' });
    const controller = new AbortController();
    const p = publicRequest('GET', '/x', undefined, {
      fetchImpl: slow as typeof fetch,
      signal: controller.signal,
    });
    controller.abort();
    await expect(p).rejects.toMatchObject({ kind: 'aborted', message: 'Request aborted' });
  });
});
