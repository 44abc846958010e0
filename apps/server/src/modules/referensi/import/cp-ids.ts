import { and, asc, between, eq, inArray, max } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { refCapaianPembelajaran as cp } from '../../../db/tables/referensi-ref';
import type { SourceRow } from './readers';

/**
 * cp_id ranges. ref_cp_2.xlsx brings its own ids (`no`, 1..~1,500); the rows of ref_cp.xlsx and
 * ref_cp_pkl.xlsx have none and get ids from 10,001 up; the demo school's own CP start at 1,000,000.
 */
export const CP_ALLOCATED_MIN = 10_001;
export const CP_ALLOCATED_MAX = 999_999;

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());

/** What identifies a CP row of the id-less workbooks: subject, phase, element (and class/curriculum). */
function naturalKey(row: SourceRow): string {
  return JSON.stringify([
    row.mata_pelajaran_id,
    text(row.fase),
    text(row.elemen),
    row.kelas ?? null,
    row.kurikulum ?? null,
    row.kompetensi_id ?? null,
  ]);
}

/**
 * Gives each row of one id-less workbook its cp_id: the n-th row with a natural key takes the n-th
 * stored national row with that key (by cp_id), so re-importing the file finds the same ids and an
 * edited description updates its row in place; a row seen for the first time gets the next free id.
 * (The published ref_cp.xlsx repeats some subject+phase+element with different descriptions, so
 * the key alone is not unique: the occurrence number makes it so.)
 * One allocator per file: occurrences are counted across that file's batches.
 */
export function createCpIdAllocator(db: Db) {
  const occurrences = new Map<string, number>();
  let lastAllocated = 0;
  return async function assign(rows: SourceRow[]): Promise<void> {
    if (rows.length === 0) return;
    const mapelIds = [...new Set(rows.map((r) => Number(r.mata_pelajaran_id)))];
    const stored = await db
      .select({
        cpId: cp.cpId,
        mataPelajaranId: cp.mataPelajaranId,
        fase: cp.fase,
        elemen: cp.elemen,
        kelas: cp.kelas,
        kurikulum: cp.kurikulum,
        kompetensiId: cp.kompetensiId,
      })
      .from(cp)
      .where(
        and(
          between(cp.cpId, CP_ALLOCATED_MIN, CP_ALLOCATED_MAX),
          eq(cp.isDir, 1),
          inArray(cp.mataPelajaranId, mapelIds),
        ),
      )
      .orderBy(asc(cp.cpId));
    const byKey = new Map<string, number[]>();
    for (const s of stored) {
      const key = naturalKey({
        mata_pelajaran_id: s.mataPelajaranId,
        fase: s.fase,
        elemen: s.elemen,
        kelas: s.kelas,
        kurikulum: s.kurikulum,
        kompetensi_id: s.kompetensiId,
      });
      const list = byKey.get(key) ?? [];
      list.push(s.cpId);
      byKey.set(key, list);
    }
    if (lastAllocated === 0) {
      const [row] = await db
        .select({ top: max(cp.cpId) })
        .from(cp)
        .where(between(cp.cpId, CP_ALLOCATED_MIN, CP_ALLOCATED_MAX));
      lastAllocated = Math.max(CP_ALLOCATED_MIN - 1, Number(row?.top ?? 0));
    }
    for (const row of rows) {
      const key = naturalKey(row);
      const n = occurrences.get(key) ?? 0;
      occurrences.set(key, n + 1);
      const existing = byKey.get(key)?.[n];
      if (existing !== undefined) {
        row.cp_id = existing;
      } else {
        lastAllocated += 1;
        row.cp_id = lastAllocated;
      }
    }
  };
}
