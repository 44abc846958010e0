/**
 * The Web Service envelope `{results, id, start, limit, rows}` and its paging. Public clients page in
 * two ways (reference-dapodik §1.2): `start`+`limit`, and 1-based `page`+`limit`; most send nothing and
 * get every row. `results` is the total after filtering, `start`/`limit` are echoed (0 when unpaged).
 */
export interface WsPage {
  start: number;
  /** 0 = no limit. */
  limit: number;
}

const whole = (v: unknown): number | null => {
  if (v === undefined || v === null || v === '') return null;
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 ? n : null;
};

/** Paging of the query; malformed numbers are ignored, as the lenient PHP service does. */
export function readPaging(query: Record<string, unknown>): WsPage {
  const limit = whole(query.limit) ?? 0;
  const page = whole(query.page);
  const start = whole(query.start);
  if (page !== null && page >= 1 && limit > 0) return { start: (page - 1) * limit, limit };
  return { start: start ?? 0, limit };
}

export interface Envelope<T> {
  results: number;
  /** Meaning unknown on the real service; the simulator sends the sekolah_id. */
  id: string;
  start: number;
  limit: number;
  rows: T;
}

export function envelope<T>(id: string, all: readonly T[], page: WsPage): Envelope<T[]> {
  const rows = page.limit > 0 ? all.slice(page.start, page.start + page.limit) : all.slice(page.start);
  return { results: all.length, id, start: page.start, limit: page.limit, rows };
}

/** getSekolah: `rows` is the one object, not an array. */
export function objectEnvelope<T>(id: string, row: T): Envelope<T> {
  return { results: 1, id, start: 0, limit: 0, rows: row };
}
