import type { ListQuery, ListResponse } from '@erapor/contract/list';
import { EKSKUL_SORT_COLUMNS, type EkskulRow } from '@erapor/contract/referensi/ekskul';
import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Actor } from '../../../actor';
import type { Db } from '../../../db/client';
import { anggotaRombel, ekstrakurikuler, guru } from '../../../db/tables/referensi';
import { likePattern, requireAnyRole } from '../rombel/access';
import { sortKeyOf } from '../rombel/service';

const jumlahAnggota = sql<number>`(select count(*) from ${anggotaRombel} a
  where a.rombongan_belajar_id = ${ekstrakurikuler}.rombongan_belajar_id and a.deleted_at is null)`;

const SORTS: Record<(typeof EKSKUL_SORT_COLUMNS)[number], AnyPgColumn | SQL> = {
  nama_ekskul: ekstrakurikuler.namaEkskul,
  pembina: guru.nama,
  alamat_ekskul: ekstrakurikuler.alamatEkskul,
  jumlah_anggota: jumlahAnggota,
};

/** The extracurriculars of the semester with pembina and member count. Administrator only. */
export async function listEkskul(db: Db, actor: Actor, query: ListQuery): Promise<ListResponse<EkskulRow>> {
  requireAnyRole(actor, ['admin']);
  const where: (SQL | undefined)[] = [
    eq(ekstrakurikuler.sekolahId, actor.sekolahId),
    eq(ekstrakurikuler.semesterId, actor.semesterId),
    isNull(ekstrakurikuler.deletedAt),
  ];
  if (query.q) {
    const p = likePattern(query.q);
    where.push(
      sql`(${ekstrakurikuler.namaEkskul} ilike ${p} or ${guru.nama} ilike ${p} or ${ekstrakurikuler.alamatEkskul} ilike ${p})`,
    );
  }
  const key = sortKeyOf(EKSKUL_SORT_COLUMNS, query.sort_by, 'nama_ekskul');
  const dir = query.sort_dir === 'desc' ? desc : asc;
  const rows = await db
    .select({
      ekstrakurikuler_id: ekstrakurikuler.ekstrakurikulerId,
      nama_ekskul: ekstrakurikuler.namaEkskul,
      pembina: guru.nama,
      alamat_ekskul: ekstrakurikuler.alamatEkskul,
      rombongan_belajar_id: ekstrakurikuler.rombonganBelajarId,
      jumlah_anggota: jumlahAnggota.mapWith(Number),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(ekstrakurikuler)
    .leftJoin(guru, eq(guru.guruId, ekstrakurikuler.guruId))
    .where(and(...where))
    .orderBy(dir(SORTS[key]), asc(ekstrakurikuler.namaEkskul), asc(ekstrakurikuler.ekstrakurikulerId))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) total = (await listEkskul(db, actor, { ...query, page: 1 })).total;
  return { data: rows.map(({ total: _t, ...r }) => r), total, page: query.page, per_page: query.per_page };
}
