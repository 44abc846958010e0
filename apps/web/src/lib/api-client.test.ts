import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type Lock } from './api-client';
import { toHttpError } from './http-errors';
import { getSession, reloadSession } from './session';

interface Seen {
  url: string;
  auth: string | undefined;
}

/** A fake server: 401 unless the request carries `Bearer <valid>`; /jwt/refresh-token rotates. */
function fakeServer(opts: { refresh?: 'ok' | 'refused' | 'network'; valid?: string; delayMs?: number } = {}) {
  const seen: Seen[] = [];
  let refreshCalls = 0;
  let valid = opts.valid ?? 'new-access';
  const respond = (config: InternalAxiosRequestConfig, status: number, data: unknown): AxiosResponse => ({
    data,
    status,
    statusText: String(status),
    headers: {},
    config,
  });
  const adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const auth = config.headers.get('Authorization') as string | undefined;
    const url = config.url ?? '';
    seen.push({ url, auth });
    await new Promise((r) => setTimeout(r, opts.delayMs ?? 5));
    if (url === '/jwt/refresh-token') {
      refreshCalls++;
      const body = JSON.parse(String(config.data)) as { refreshToken: string };
      if (opts.refresh === 'network') throw new AxiosError('Network Error', 'ERR_NETWORK', config);
      if (opts.refresh === 'refused' || body.refreshToken !== 'refresh-1') {
        const res = respond(config, 401, {
          statusCode: 401,
          code: 'TOKEN_EXPIRED',
          message: 'Sesi login tidak valid',
        });
        throw new AxiosError('Request failed with status code 401', 'ERR_BAD_REQUEST', config, null, res);
      }
      valid = 'new-access';
      return respond(config, 200, { accessToken: 'new-access', refreshToken: 'refresh-2' });
    }
    if (auth === `Bearer ${valid}`) return respond(config, 200, { url });
    const res = respond(config, 401, {
      statusCode: 401,
      code: 'UNAUTHENTICATED',
      message: 'Sesi Anda telah berakhir.',
    });
    throw new AxiosError('Request failed with status code 401', 'ERR_BAD_REQUEST', config, null, res);
  };
  return { adapter, seen, refreshCalls: () => refreshCalls };
}

function signedIn() {
  localStorage.setItem('userData', JSON.stringify({ id: 'u1', name: 'Budi', roles: ['guru'], ability: [] }));
  localStorage.setItem('userAbilities', '[]');
  localStorage.setItem('accessToken', 'old-access');
  localStorage.setItem('refreshToken', 'refresh-1');
  localStorage.setItem('semester_id', '20261');
  reloadSession();
}

describe('API client', () => {
  beforeEach(() => signedIn());

  it('sends the stored access token as Bearer', async () => {
    const server = fakeServer({ valid: 'old-access' });
    const api = createApiClient({ adapter: server.adapter });
    await api.get('/profile');
    expect(server.seen).toEqual([{ url: '/profile', auth: 'Bearer old-access' }]);
  });

  it('a 403 PASSWORD_CHANGE_REQUIRED marks the session (the guard then opens only the change screen)', async () => {
    const adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
      const data = { statusCode: 403, code: 'PASSWORD_CHANGE_REQUIRED', message: 'Ganti password dulu' };
      const res = { data, status: 403, statusText: '403', headers: {}, config };
      throw new AxiosError('Request failed with status code 403', 'ERR_BAD_REQUEST', config, null, res);
    };
    const api = createApiClient({ adapter });
    expect(getSession().userData?.must_change_password).toBeUndefined();
    const error = await api.get('/beranda/guru').catch((e: unknown) => e);
    expect(toHttpError(error)).toMatchObject({ status: 403, code: 'PASSWORD_CHANGE_REQUIRED' });
    expect(getSession().userData?.must_change_password).toBe(true);
    // Other data of the session stays.
    expect(getSession().userData?.name).toBe('Budi');
    expect(getSession().accessToken).toBe('old-access');
  });

  it('3 concurrent 401s → exactly 1 refresh, 3 replays with the new token, both tokens stored', async () => {
    const server = fakeServer();
    const api = createApiClient({ adapter: server.adapter });
    const results = await Promise.all([api.get('/a'), api.get('/b'), api.get('/c')]);
    expect(results.map((r) => r.data)).toEqual([{ url: '/a' }, { url: '/b' }, { url: '/c' }]);
    expect(server.refreshCalls()).toBe(1);
    const replays = server.seen.filter((s) => s.auth === 'Bearer new-access').map((s) => s.url);
    expect(replays.sort()).toEqual(['/a', '/b', '/c']);
    expect(server.seen.find((s) => s.url === '/jwt/refresh-token')?.auth).toBeUndefined();
    expect(localStorage.getItem('accessToken')).toBe('new-access');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-2');
  });

  it('a 401 that arrives after the refresh is replayed without a second refresh', async () => {
    const server = fakeServer();
    const api = createApiClient({ adapter: server.adapter });
    await api.get('/first');
    // A request sent with the old token before the refresh, answered after it:
    const late = api.request({ url: '/late', headers: { Authorization: 'Bearer old-access' } });
    await expect(late).resolves.toMatchObject({ data: { url: '/late' } });
    expect(server.refreshCalls()).toBe(1);
  });

  it('a refused refresh clears the session and goes to /login; waiting requests fail', async () => {
    const server = fakeServer({ refresh: 'refused' });
    const onSessionExpired = vi.fn();
    const api = createApiClient({ adapter: server.adapter, onSessionExpired });
    const results = await Promise.allSettled([api.get('/a'), api.get('/b'), api.get('/c')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(server.refreshCalls()).toBe(1);
    for (const k of ['userData', 'accessToken', 'refreshToken', 'userAbilities'])
      expect(localStorage.getItem(k)).toBeNull();
    expect(localStorage.getItem('semester_id')).toBe('20261');
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    const reason = (results[0] as PromiseRejectedResult).reason;
    expect(toHttpError(reason)).toMatchObject({ kind: 'api', status: 401 });
  });

  it('a network failure during the refresh keeps the session (the user may retry)', async () => {
    const server = fakeServer({ refresh: 'network' });
    const onSessionExpired = vi.fn();
    const api = createApiClient({ adapter: server.adapter, onSessionExpired });
    const err = await api.get('/a').catch((e: unknown) => e);
    expect(toHttpError(err).kind).toBe('network');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('without a refresh token the session ends at once', async () => {
    localStorage.removeItem('refreshToken');
    const server = fakeServer();
    const onSessionExpired = vi.fn();
    const api = createApiClient({ adapter: server.adapter, onSessionExpired });
    await expect(api.get('/a')).rejects.toBeTruthy();
    expect(server.refreshCalls()).toBe(0);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('another tab refreshed first (seen under the lock): no refresh here, replay with its token', async () => {
    const server = fakeServer({ valid: 'tab-b-access' });
    // The other tab held the lock and stored its new tokens before we got it.
    const lock: Lock = async (fn) => {
      localStorage.setItem('accessToken', 'tab-b-access');
      localStorage.setItem('refreshToken', 'tab-b-refresh');
      return fn();
    };
    const api = createApiClient({ adapter: server.adapter, lock });
    await expect(api.get('/a')).resolves.toMatchObject({ data: { url: '/a' } });
    expect(server.refreshCalls()).toBe(0);
    expect(server.seen.at(-1)).toEqual({ url: '/a', auth: 'Bearer tab-b-access' });
  });

  it('refreshes run one at a time under the lock', async () => {
    const server = fakeServer();
    const order: string[] = [];
    let held = Promise.resolve();
    const lock: Lock = (fn) => {
      const run = held.then(async () => {
        order.push('enter');
        try {
          return await fn();
        } finally {
          order.push('leave');
        }
      });
      held = run.then(
        () => undefined,
        () => undefined,
      );
      return run;
    };
    const tabA = createApiClient({ adapter: server.adapter, lock });
    const tabB = createApiClient({ adapter: server.adapter, lock });
    await Promise.all([tabA.get('/a'), tabB.get('/b')]);
    expect(order).toEqual(['enter', 'leave', 'enter', 'leave']);
    // Tab B found the token already replaced and did not refresh with the spent refresh token.
    expect(server.refreshCalls()).toBe(1);
  });
});
