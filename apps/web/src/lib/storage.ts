/**
 * Browser storage keys of the product spec (§3). Exactly these names: other tabs, the e2e
 * tests and support staff read them.
 */
export const STORAGE_KEYS = {
  userData: 'userData',
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  userAbilities: 'userAbilities',
  semesterId: 'semester_id',
  skin: 'skin',
  /** Every other interface preference (layout, language), as one JSON object. */
  prefs: 'erapor-prefs',
} as const;

/** What a failed refresh or a logout removes. `semester_id` stays: it preselects the login form. */
export const SESSION_KEYS = [
  STORAGE_KEYS.userData,
  STORAGE_KEYS.accessToken,
  STORAGE_KEYS.refreshToken,
  STORAGE_KEYS.userAbilities,
] as const;

function store(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    // Storage disabled (privacy mode): the app still runs, nothing persists.
    return undefined;
  }
}

export function readString(key: string): string | null {
  return store()?.getItem(key) ?? null;
}

export function writeString(key: string, value: string | null): void {
  const s = store();
  if (!s) return;
  try {
    if (value === null) s.removeItem(key);
    else s.setItem(key, value);
  } catch {
    // Quota exceeded: keep running with the in-memory value.
  }
}

export function readJson<T>(key: string): T | null {
  const raw = readString(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  writeString(key, value === null || value === undefined ? null : JSON.stringify(value));
}

export function removeKeys(keys: readonly string[]): void {
  for (const k of keys) writeString(k, null);
}
