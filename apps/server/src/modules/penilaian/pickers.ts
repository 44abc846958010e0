import type {
  MapelPickerResponse,
  RombelPickerQuery,
  RombelPickerRow,
} from '@erapor/contract/penilaian/asesmen';
import { isMerdeka } from '@erapor/contract/penilaian/rules';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { pembelajaran, rombonganBelajar } from '../../db/tables/referensi';
import { refKurikulum } from '../../db/tables/referensi-ref';
import { forbidden, notFound } from '../../lib/errors';
import { gateState, gradableSql, isWaliOf, teachesSql, waliOfSql } from './access';

/*
 * The header form's cascade (reference-screens §7): Tingkat → Jenis Rombel → Rombel → Mata
 * Pelajaran. A teacher sees the classes where they teach a gradable subject; a wali kelas also
 * sees their own class, read-only for the subjects they do not teach.
 */

export async function rombelPicker(
  db: Db,
  actor: Actor,
  query: RombelPickerQuery,
): Promise<{ data: RombelPickerRow[] }> {
  if (!actor.guruId) throw forbidden();
  const teaches = sql`exists (select 1 from ${pembelajaran} p
    where p.rombongan_belajar_id = ${rombonganBelajar}.rombongan_belajar_id and ${gradableSql('p')}
      and ${teachesSql(actor, 'p')})`;
  const wali = waliOfSql(actor, 'rombongan_belajar');
  const rows = await db
    .select({
      rombongan_belajar_id: rombonganBelajar.rombonganBelajarId,
      nama: rombonganBelajar.nama,
      mengajar: sql<boolean>`${teaches}`,
    })
    .from(rombonganBelajar)
    .where(
      and(
        eq(rombonganBelajar.sekolahId, actor.sekolahId),
        eq(rombonganBelajar.semesterId, actor.semesterId),
        eq(rombonganBelajar.tingkat, query.tingkat),
        eq(rombonganBelajar.jenisRombel, query.jenis_rombel),
        isNull(rombonganBelajar.deletedAt),
        sql`(${teaches} or ${wali})`,
      ),
    )
    .orderBy(asc(rombonganBelajar.nama), asc(rombonganBelajar.rombonganBelajarId));
  return { data: rows.map((r) => ({ ...r, mengajar: Boolean(r.mengajar) })) };
}

export async function mapelPicker(
  db: Db,
  actor: Actor,
  rombonganBelajarId: string,
): Promise<MapelPickerResponse> {
  const [rombel] = await db
    .select({
      id: rombonganBelajar.rombonganBelajarId,
      nama: rombonganBelajar.nama,
      semesterId: rombonganBelajar.semesterId,
      jenisRombel: rombonganBelajar.jenisRombel,
      waliId: rombonganBelajar.guruId,
      kunciNilai: rombonganBelajar.kunciNilai,
      kurikulum: refKurikulum.namaKurikulum,
    })
    .from(rombonganBelajar)
    .leftJoin(refKurikulum, eq(refKurikulum.kurikulumId, rombonganBelajar.kurikulumId))
    .where(
      and(
        eq(rombonganBelajar.rombonganBelajarId, rombonganBelajarId),
        eq(rombonganBelajar.sekolahId, actor.sekolahId),
        isNull(rombonganBelajar.deletedAt),
      ),
    );
  if (!rombel) throw notFound('Rombongan belajar tidak ditemukan.');
  if (rombel.semesterId !== actor.semesterId) throw forbidden();
  const wali = isWaliOf(actor, rombel);
  const teaches = teachesSql(actor, 'pembelajaran');
  const induk = sql<string | null>`(select i.nama_mata_pelajaran from ${pembelajaran} i
    where i.pembelajaran_id = ${pembelajaran}.induk_pembelajaran_id)`;
  const rows = await db
    .select({
      pembelajaran_id: pembelajaran.pembelajaranId,
      mata_pelajaran_id: pembelajaran.mataPelajaranId,
      nama_mata_pelajaran: pembelajaran.namaMataPelajaran,
      induk,
      can_edit: sql<boolean>`${teaches}`,
    })
    .from(pembelajaran)
    .where(
      and(
        eq(pembelajaran.rombonganBelajarId, rombonganBelajarId),
        gradableSql('pembelajaran'),
        wali ? undefined : teaches,
      ),
    )
    .orderBy(asc(pembelajaran.kelompokId), asc(pembelajaran.noUrut), asc(pembelajaran.mataPelajaranId));
  if (rows.length === 0 && !wali) throw forbidden();
  return {
    rombel: { rombongan_belajar_id: rombel.id, nama: rombel.nama, kurikulum: rombel.kurikulum },
    merdeka: isMerdeka(rombel.kurikulum),
    gate: await gateState(db, actor, rombel.kunciNilai),
    data: rows.map((r) => ({ ...r, can_edit: Boolean(r.can_edit) })),
  };
}
