/*
 * Lenient coercion of Dapodik values (reference-dapodik §7.1): numbers may come as strings, missing
 * text as "" or the string "null", codes padded with spaces, L/P in either case. Each helper gives
 * the value our column takes, or null.
 */

type V = unknown;

const isBlank = (v: V) =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && (v.trim() === '' || v.trim().toLowerCase() === 'null'));

/** Trimmed text, cut to `max` characters; blank → null. */
export function text(v: V, max?: number): string | null {
  if (isBlank(v)) return null;
  const s = String(v).trim();
  return max && s.length > max ? s.slice(0, max) : s;
}

/** An integer (from a number or a numeric string); anything else → null. */
export function int(v: V, range: 'smallint' | 'integer' = 'integer'): number | null {
  if (isBlank(v)) return null;
  const n = typeof v === 'number' ? v : Number(String(v).trim());
  if (!Number.isFinite(n)) return null;
  const i = Math.trunc(n);
  const limit = range === 'smallint' ? 32_767 : 2_147_483_647;
  return Math.abs(i) > limit ? null : i;
}

/** 'YYYY-MM-DD' (a longer date-time string is cut to its date). */
export function date(v: V): string | null {
  const s = text(v);
  if (!s) return null;
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(s);
  return m?.[1] ?? null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function uuid(v: V): string | null {
  const s = text(v);
  return s && UUID.test(s) ? s.toLowerCase() : null;
}

export function jenisKelamin(v: V): string | null {
  const s = text(v)?.toUpperCase();
  return s === 'L' || s === 'P' ? s : null;
}

/** Dapodik's kode_wilayah is char(8), space-padded. */
export function kodeWilayah(v: V): string | null {
  const s = text(v);
  return s ? s.slice(0, 8).padEnd(8, ' ') : null;
}

export function lowerEmail(v: V): string | null {
  const s = text(v);
  return s ? s.toLowerCase() : null;
}

/** A field whatever its capitalisation (`soft_delete` / `Soft_delete`, `ID_kelas_ekskul`). */
export function field(row: Record<string, unknown>, name: string): unknown {
  if (name in row) return row[name];
  const lower = name.toLowerCase();
  for (const k of Object.keys(row)) if (k.toLowerCase() === lower) return row[k];
  return undefined;
}

/** 1/"1"/true → true. */
export function flag(v: V): boolean {
  if (typeof v === 'boolean') return v;
  return int(v) === 1;
}
