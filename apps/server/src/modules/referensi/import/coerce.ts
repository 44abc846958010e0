import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { SourceRow } from './readers';

/** A value fit for json_populate_recordset, or the reason (Indonesian) it is not. */
type Coerced = { ok: true; value: unknown } | { ok: false; message: string };

type Kind = 'int' | 'number' | 'text' | 'bool' | 'timestamp' | 'date' | 'uuid' | 'json' | 'other';

export interface ColumnSpec {
  name: string;
  kind: Kind;
  /** For int: inclusive bounds. For text: the varchar length. */
  min?: number;
  max?: number;
  length?: number;
  /** NOT NULL without a default: a null here makes the row bad. */
  required: boolean;
  primary: boolean;
}

const INT_RANGE: Record<string, [number, number]> = {
  smallint: [-32768, 32767],
  integer: [-2147483648, 2147483647],
  serial: [-2147483648, 2147483647],
  bigint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  bigserial: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

function specOf(column: PgColumn, primary: boolean): ColumnSpec {
  const type = column.getSQLType().toLowerCase();
  const base = type.replace(/\(.*$/, '').trim();
  const required = column.notNull && !column.hasDefault;
  const spec: ColumnSpec = { name: column.name, kind: 'other', required, primary };
  const range = INT_RANGE[base];
  if (range) return { ...spec, kind: 'int', min: range[0], max: range[1] };
  if (base === 'numeric' || base === 'real' || base === 'double precision' || base === 'decimal')
    return { ...spec, kind: 'number' };
  if (base === 'varchar' || base === 'character varying' || base === 'char' || base === 'character') {
    const m = /\((\d+)\)/.exec(type);
    return { ...spec, kind: 'text', length: m ? Number(m[1]) : undefined };
  }
  if (base === 'text') return { ...spec, kind: 'text' };
  if (base === 'boolean') return { ...spec, kind: 'bool' };
  if (base.startsWith('timestamp')) return { ...spec, kind: 'timestamp' };
  if (base === 'date') return { ...spec, kind: 'date' };
  if (base === 'uuid') return { ...spec, kind: 'uuid' };
  if (base === 'json' || base === 'jsonb') return { ...spec, kind: 'json' };
  return spec;
}

/** Column specs of a table, by database column name, plus its primary-key columns. */
export function tableSpec(table: PgTable): { name: string; columns: Map<string, ColumnSpec>; key: string[] } {
  const config = getTableConfig(table);
  const pk = new Set<string>();
  for (const c of config.columns) if (c.primary) pk.add(c.name);
  for (const p of config.primaryKeys) for (const c of p.columns) pk.add(c.name);
  const columns = new Map<string, ColumnSpec>();
  for (const c of config.columns) columns.set(c.name, specOf(c, pk.has(c.name)));
  const key = config.columns.filter((c) => pk.has(c.name)).map((c) => c.name);
  return { name: config.schema ? `${config.schema}.${config.name}` : config.name, columns, key };
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const TIMESTAMP_RE = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/;

function show(v: unknown): string {
  const s = typeof v === 'string' ? `"${v}"` : JSON.stringify(v);
  return s.length > 40 ? `${s.slice(0, 37)}...` : s;
}

/** One source value for a column: type-checked, converted where unambiguous ("3" → 3 for integers). */
export function coerce(spec: ColumnSpec, v: unknown): Coerced {
  if (v === null || v === undefined) {
    return spec.required ? { ok: false, message: 'wajib diisi' } : { ok: true, value: null };
  }
  switch (spec.kind) {
    case 'int': {
      const n =
        typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : NaN;
      if (!Number.isInteger(n)) return { ok: false, message: `${show(v)} bukan bilangan bulat` };
      if (n < (spec.min ?? -Infinity) || n > (spec.max ?? Infinity))
        return { ok: false, message: `${show(v)} di luar rentang` };
      return { ok: true, value: n };
    }
    case 'number': {
      const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
      if (!Number.isFinite(n)) return { ok: false, message: `${show(v)} bukan angka` };
      return { ok: true, value: n };
    }
    case 'text': {
      if (typeof v === 'object') return { ok: false, message: `${show(v)} bukan teks` };
      const s = String(v);
      if (spec.length !== undefined && s.length > spec.length)
        return { ok: false, message: `${show(v)} lebih dari ${spec.length} karakter` };
      return { ok: true, value: s };
    }
    case 'bool': {
      if (v === true || v === 1 || v === '1' || v === 'true') return { ok: true, value: true };
      if (v === false || v === 0 || v === '0' || v === 'false') return { ok: true, value: false };
      return { ok: false, message: `${show(v)} bukan 0/1` };
    }
    case 'timestamp':
    case 'date': {
      if (v instanceof Date) {
        if (Number.isNaN(v.getTime())) return { ok: false, message: 'tanggal tidak valid' };
        return { ok: true, value: spec.kind === 'date' ? v.toISOString().slice(0, 10) : v.toISOString() };
      }
      const re = spec.kind === 'date' ? DATE_RE : TIMESTAMP_RE;
      if (typeof v !== 'string' || !re.test(v.trim()) || Number.isNaN(Date.parse(v.trim().slice(0, 10))))
        return { ok: false, message: `${show(v)} bukan tanggal` };
      return { ok: true, value: v.trim() };
    }
    case 'uuid':
      if (typeof v !== 'string' || !UUID_RE.test(v)) return { ok: false, message: `${show(v)} bukan UUID` };
      return { ok: true, value: v.toLowerCase() };
    default:
      return { ok: true, value: v };
  }
}

export type Prepared = { ok: true; row: SourceRow } | { ok: false; message: string };

/**
 * A source row (field names = column names) checked against the table: every key column present,
 * each value of the right type. Fields the table does not have are ignored; columns the row does
 * not carry are left out (the row's columns are the only ones written).
 */
export function prepareRow(
  spec: ReturnType<typeof tableSpec>,
  row: unknown,
  options: { keyAssignedLater?: boolean } = {},
): Prepared {
  if (row === null || typeof row !== 'object' || Array.isArray(row)) {
    return { ok: false, message: 'bukan objek JSON' };
  }
  const src = row as SourceRow;
  const out: SourceRow = {};
  const problems: string[] = [];
  for (const key of options.keyAssignedLater ? [] : spec.key) {
    if (src[key] === null || src[key] === undefined || src[key] === '') problems.push(`${key}: kunci kosong`);
  }
  for (const [name, col] of spec.columns) {
    if (!(name in src)) {
      if (col.required && !col.primary) problems.push(`${name}: wajib diisi`);
      continue;
    }
    if (col.primary && options.keyAssignedLater) continue;
    const c = coerce(col, src[name]);
    if (c.ok) out[name] = c.value;
    else if (!(col.primary && (src[name] === null || src[name] === '')))
      problems.push(`${name}: ${c.message}`);
  }
  if (problems.length > 0) return { ok: false, message: problems.join('; ') };
  return { ok: true, row: out };
}
