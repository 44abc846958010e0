import type { ListQuery, ListResponse } from '@erapor/contract/list';
import { MAPEL_SORT_COLUMNS, type MapelRow } from '@erapor/contract/referensi/mapel';
import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../../actor';
import type { Db } from '../../../db/client';
import { pembelajaran, rombonganBelajar } from '../../../db/tables/referensi';
import { refMataPelajaran } from '../../../db/tables/referensi-ref';
import { likePattern, requireAnyRole } from '../rombel/access';
import { sortKeyOf } from '../rombel/service';

/**
 * The subjects the school teaches in the semester: its pembelajaran grouped by mata_pelajaran_id,
 * named by the national reference (or, before an import, by the name Dapodik gave). Administrator only.
 */
export async function listMapel(db: Db, actor: Actor, query: ListQuery): Promise<ListResponse<MapelRow>> {
  requireAnyRole(actor, ['admin']);
  const nama = sql<string>`coalesce(min(${refMataPelajaran.nama}), min(${pembelajaran.namaMataPelajaran}))`;
  const where: (SQL | undefined)[] = [
    eq(pembelajaran.sekolahId, actor.sekolahId),
    eq(pembelajaran.semesterId, actor.semesterId),
    isNull(pembelajaran.deletedAt),
    isNull(rombonganBelajar.deletedAt),
  ];
  const having = query.q
    ? sql`${pembelajaran.mataPelajaranId}::text like ${likePattern(query.q)} or ${nama} ilike ${likePattern(query.q)}`
    : undefined;
  const key = sortKeyOf(MAPEL_SORT_COLUMNS, query.sort_by, 'nama');
  const dir = query.sort_dir === 'desc' ? desc : asc;
  const jumlah = sql<number>`count(distinct ${pembelajaran.rombonganBelajarId})`;
  const sortExpr =
    key === 'mata_pelajaran_id' ? sql`${pembelajaran.mataPelajaranId}` : key === 'nama' ? nama : jumlah;
  const rows = await db
    .select({
      mata_pelajaran_id: pembelajaran.mataPelajaranId,
      nama,
      jumlah_rombel: jumlah.mapWith(Number),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(pembelajaran)
    .innerJoin(rombonganBelajar, eq(rombonganBelajar.rombonganBelajarId, pembelajaran.rombonganBelajarId))
    .leftJoin(refMataPelajaran, eq(refMataPelajaran.mataPelajaranId, pembelajaran.mataPelajaranId))
    .where(and(...where))
    .groupBy(pembelajaran.mataPelajaranId)
    .having(having)
    .orderBy(dir(sortExpr), asc(pembelajaran.mataPelajaranId))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) total = (await listMapel(db, actor, { ...query, page: 1 })).total;
  return { data: rows.map(({ total: _t, ...r }) => r), total, page: query.page, per_page: query.per_page };
}
