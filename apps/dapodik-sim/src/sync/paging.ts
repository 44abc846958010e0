/**
 * Cursor paging of the sync API (reference-dapodik §6.4): rows in primary-key order, the cursor is
 * base64 of (snapshot id, last key). A list is materialised once per snapshot and query and kept for
 * the last few snapshots, so a client paging through while a scenario changes the school still sees
 * one consistent snapshot; a cursor older than that gets 409 and must start the kind again.
 */
export type Key = string | number;

export interface Cursor {
  s: number;
  k: Key;
}

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

export function decodeCursor(text: string): Cursor | null {
  try {
    const c = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<Cursor>;
    if (typeof c.s !== 'number' || (typeof c.k !== 'string' && typeof c.k !== 'number')) return null;
    return { s: c.s, k: c.k };
  } catch {
    return null;
  }
}

export const compareKeys = (a: Key, b: Key): number =>
  typeof a === 'number' && typeof b === 'number'
    ? a - b
    : String(a) < String(b)
      ? -1
      : String(a) > String(b)
        ? 1
        : 0;

/** Index of the first row whose key is greater than `after`. */
export function firstAfter<T>(rows: readonly T[], key: (r: T) => Key, after: Key): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (compareKeys(key(rows[mid] as T), after) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const KEEP_SNAPSHOTS = 3;

export class SnapshotCache {
  private bySnapshot = new Map<number, Map<string, unknown[]>>();

  /** The list of `query` at `snapshot`, if that snapshot is among the last few before `current`. */
  get(snapshot: number, query: string, current: number): unknown[] | undefined {
    for (const s of this.bySnapshot.keys()) if (s <= current - KEEP_SNAPSHOTS) this.bySnapshot.delete(s);
    return this.bySnapshot.get(snapshot)?.get(query);
  }

  put(snapshot: number, query: string, rows: unknown[]): unknown[] {
    let lists = this.bySnapshot.get(snapshot);
    if (!lists) {
      lists = new Map();
      this.bySnapshot.set(snapshot, lists);
    }
    lists.set(query, rows);
    return rows;
  }

  clear(): void {
    this.bySnapshot.clear();
  }
}
