import { DEFAULT_ABILITY } from '@erapor/contract/abilities';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearSession,
  getSession,
  hasRole,
  isLoggedIn,
  reloadSession,
  sessionAbility,
  sessionRoles,
  storeLogin,
  storeTokens,
} from './session';
import { LOGIN } from './session.test-data';

describe('session storage', () => {
  beforeEach(() => reloadSession());

  it('stores exactly the spec keys on login', () => {
    storeLogin(LOGIN);
    expect(Object.keys(localStorage).sort()).toEqual(
      ['accessToken', 'refreshToken', 'semester_id', 'userAbilities', 'userData'].sort(),
    );
    expect(localStorage.getItem('semester_id')).toBe('20261');
    expect(JSON.parse(localStorage.getItem('userAbilities') ?? '[]')).toEqual(LOGIN.userData.ability);
    expect(isLoggedIn()).toBe(true);
    expect(sessionRoles()).toEqual(['guru', 'wali']);
    expect(hasRole('wali')).toBe(true);
    expect(hasRole('admin')).toBe(false);
  });

  it('logged in means userData AND accessToken', () => {
    storeLogin(LOGIN);
    localStorage.removeItem('accessToken');
    reloadSession();
    expect(isLoggedIn()).toBe(false);
    expect(sessionAbility()).toEqual(DEFAULT_ABILITY);
    expect(sessionRoles()).toEqual([]);
  });

  it('stores refreshed tokens', () => {
    storeLogin(LOGIN);
    storeTokens('access-2', 'refresh-2');
    expect(localStorage.getItem('accessToken')).toBe('access-2');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-2');
    expect(getSession().accessToken).toBe('access-2');
  });

  it('clearing removes userData, accessToken, refreshToken and userAbilities', () => {
    storeLogin(LOGIN);
    clearSession();
    for (const k of ['userData', 'accessToken', 'refreshToken', 'userAbilities'])
      expect(localStorage.getItem(k)).toBeNull();
    expect(isLoggedIn()).toBe(false);
  });

  it('follows another tab through the storage event', () => {
    storeLogin(LOGIN);
    localStorage.removeItem('accessToken');
    window.dispatchEvent(new StorageEvent('storage', { key: 'accessToken' }));
    expect(isLoggedIn()).toBe(false);
  });
});
