import { ERROR_CODES } from '@erapor/contract/errors';
import axios, { type AxiosAdapter, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { clearSession, storeTokens, updateUserData } from './session';
import { readString, STORAGE_KEYS } from './storage';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Do not try a token refresh when this request answers 401 (the auth calls themselves). */
    skipAuthRefresh?: boolean;
    /** Set once a request has been replayed after a refresh. */
    _retried?: boolean;
  }
}

/**
 * The API client (architecture §Web; spec §4, §7): axios on `/api`, `Authorization: Bearer`
 * from storage. On a 401 it refreshes the tokens ONCE — every other request failing with 401
 * meanwhile waits for that same refresh — stores both tokens and replays the waiting requests
 * with the new access token. Tabs coordinate through a Web Lock: the tab that gets the lock
 * second sees the token already changed in storage and just replays. When the server refuses
 * the refresh, the session (userData, accessToken, refreshToken, userAbilities) is cleared and
 * the user goes to /login.
 */
export const API_TIMEOUT_MS = 30_000;
export const REFRESH_LOCK = 'erapor-token-refresh';

export type Lock = <T>(fn: () => Promise<T>) => Promise<T>;

/** navigator.locks when the browser has it (all current ones), else no cross-tab lock. */
export const browserLock: Lock = (fn) => {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request(REFRESH_LOCK, fn) as ReturnType<typeof fn>) : fn();
};

let sessionExpiredHandler: () => void = () => {
  if (typeof window !== 'undefined') window.location.assign('/login');
};

/** The app layer points this at the router (so no full reload). */
export function setSessionExpiredHandler(handler: () => void): void {
  sessionExpiredHandler = handler;
}

export interface ApiClientOptions {
  baseURL?: string;
  timeout?: number;
  adapter?: AxiosAdapter;
  lock?: Lock;
  onSessionExpired?: () => void;
}

function bearerOf(config: InternalAxiosRequestConfig): string | null {
  const h = config.headers?.get?.('Authorization') ?? config.headers?.Authorization;
  return typeof h === 'string' && h.startsWith('Bearer ') ? h.slice(7) : null;
}

export function createApiClient(options: ApiClientOptions = {}): AxiosInstance {
  const client = axios.create({
    baseURL: options.baseURL ?? '/api',
    timeout: options.timeout ?? API_TIMEOUT_MS,
    adapter: options.adapter,
    headers: { Accept: 'application/json' },
  });
  const lock = options.lock ?? browserLock;
  let refreshing: Promise<string> | null = null;

  client.interceptors.request.use((config) => {
    const token = readString(STORAGE_KEYS.accessToken);
    // The auth calls themselves (skipAuthRefresh) go without the possibly expired token.
    if (token && !config.skipAuthRefresh && !config.headers.has('Authorization')) {
      config.headers.set('Authorization', `Bearer ${token}`);
    }
    return config;
  });

  const endSession = (): never => {
    clearSession();
    (options.onSessionExpired ?? sessionExpiredHandler)();
    throw Object.assign(new Error('Session ended'), { sessionGone: true });
  };

  /** One refresh for every request that failed with the token `sentToken`; the session ends once. */
  function refreshTokens(sentToken: string | null): Promise<string> {
    if (refreshing) return refreshing;
    refreshing = lock(async () => {
      const current = readString(STORAGE_KEYS.accessToken);
      // Another tab (or an earlier refresh here) already replaced the token we were refused with.
      if (current && current !== sentToken) return current;
      const refreshToken = readString(STORAGE_KEYS.refreshToken);
      if (!refreshToken) return endSession();
      try {
        const res = await client.post<{ accessToken: string; refreshToken: string }>(
          '/jwt/refresh-token',
          { refreshToken },
          { skipAuthRefresh: true },
        );
        storeTokens(res.data.accessToken, res.data.refreshToken);
        return res.data.accessToken;
      } catch (error) {
        // Refused by the server (expired, revoked, reused): the session is over. A network
        // failure is not: the user keeps the session and may retry.
        if ((error as { response?: unknown }).response) return endSession();
        throw error;
      }
    }).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  client.interceptors.response.use(undefined, async (error) => {
    const config = error?.config as InternalAxiosRequestConfig | undefined;
    // The account is on a one-time password (set at login, or reset meanwhile by the
    // administrator): marking the session sends the router's guard to the change screen.
    if (
      error?.response?.status === 403 &&
      error.response.data?.code === ERROR_CODES.PASSWORD_CHANGE_REQUIRED
    ) {
      updateUserData({ must_change_password: true });
    }
    if (error?.response?.status !== 401 || !config || config.skipAuthRefresh || config._retried) {
      throw error;
    }
    let token: string;
    try {
      token = await refreshTokens(bearerOf(config));
    } catch (refreshError) {
      // Session over: the request fails with its own 401. Otherwise with the refresh's failure.
      throw (refreshError as { sessionGone?: boolean }).sessionGone ? error : refreshError;
    }
    config._retried = true;
    config.headers.set('Authorization', `Bearer ${token}`);
    return client.request(config);
  });

  return client;
}

/** The app's client. */
export const api = createApiClient();
