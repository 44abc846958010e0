import { type AbilityRule, DEFAULT_ABILITY } from '@erapor/contract/abilities';
import type { LoginResponse, UserData } from '@erapor/contract/auth';
import type { RoleName } from '@erapor/contract/roles';
import { useSyncExternalStore } from 'react';
import {
  readJson,
  readString,
  removeKeys,
  SESSION_KEYS,
  STORAGE_KEYS,
  writeJson,
  writeString,
} from './storage';

/**
 * The signed-in user as kept in browser storage (spec §3, §4). "Logged in" means both
 * `userData` and `accessToken` are stored. The snapshot is re-read when another tab
 * changes storage, so a logout in one tab logs out the others.
 */
export interface Session {
  userData: UserData | null;
  accessToken: string | null;
}

function read(): Session {
  return {
    userData: readJson<UserData>(STORAGE_KEYS.userData),
    accessToken: readString(STORAGE_KEYS.accessToken),
  };
}

let snapshot: Session = read();
const listeners = new Set<() => void>();

function publish(): void {
  snapshot = read();
  for (const l of listeners) l();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSession(): Session {
  return snapshot;
}

/** Re-reads storage (after another tab or the HTTP client changed it). */
export function reloadSession(): void {
  publish();
}

export function isLoggedIn(s: Session = snapshot): boolean {
  return Boolean(s.userData && s.accessToken);
}

/** The stored rules, or the default set (read Auth) when nobody is logged in. */
export function sessionAbility(s: Session = snapshot): readonly AbilityRule[] {
  if (!isLoggedIn(s)) return DEFAULT_ABILITY;
  return s.userData?.ability ?? readJson<AbilityRule[]>(STORAGE_KEYS.userAbilities) ?? DEFAULT_ABILITY;
}

export function sessionRoles(s: Session = snapshot): readonly RoleName[] {
  return isLoggedIn(s) ? (s.userData?.roles ?? []) : [];
}

/** Whether the user holds a role (the spec's role helper). */
export function hasRole(role: RoleName, s: Session = snapshot): boolean {
  return sessionRoles(s).includes(role);
}

export function storeLogin(res: LoginResponse): void {
  writeJson(STORAGE_KEYS.userData, res.userData);
  writeJson(STORAGE_KEYS.userAbilities, res.userData.ability);
  writeString(STORAGE_KEYS.accessToken, res.accessToken);
  writeString(STORAGE_KEYS.refreshToken, res.refreshToken);
  writeString(STORAGE_KEYS.semesterId, res.userData.semester.semester_id);
  publish();
}

export function storeTokens(accessToken: string, refreshToken: string): void {
  writeString(STORAGE_KEYS.accessToken, accessToken);
  writeString(STORAGE_KEYS.refreshToken, refreshToken);
  publish();
}

export function updateUserData(patch: Partial<UserData>): void {
  const current = snapshot.userData;
  if (!current) return;
  writeJson(STORAGE_KEYS.userData, { ...current, ...patch });
  publish();
}

/** Removes userData, accessToken, refreshToken and userAbilities. */
export function clearSession(): void {
  removeKeys(SESSION_KEYS);
  publish();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || (SESSION_KEYS as readonly string[]).includes(e.key)) publish();
  });
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
