import type { TpColumn } from '@erapor/contract/penilaian/asesmen';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tpMapel, tujuanPembelajaran } from '../../db/tables/kurikulum';
import { anggotaRombel, pesertaDidik } from '../../db/tables/referensi';
import type { PembelajaranCtx } from './access';

export interface Pupil {
  anggota_rombel_id: string;
  peserta_didik_id: string;
  nama: string;
  nisn: string | null;
}

/**
 * The pupils graded in a pembelajaran: the live members of its rombel, and for a religion subject
 * only the pupils of that religion (reference-domain §3.3 step 8). Ordered by name, as the
 * reference lists them.
 */
export async function pupilsOf(
  db: Db,
  p: Pick<PembelajaranCtx, 'rombonganBelajarId' | 'agamaId'>,
): Promise<Pupil[]> {
  return db
    .select({
      anggota_rombel_id: anggotaRombel.anggotaRombelId,
      peserta_didik_id: pesertaDidik.pesertaDidikId,
      nama: pesertaDidik.nama,
      nisn: pesertaDidik.nisn,
    })
    .from(anggotaRombel)
    .innerJoin(pesertaDidik, eq(pesertaDidik.pesertaDidikId, anggotaRombel.pesertaDidikId))
    .where(
      and(
        eq(anggotaRombel.rombonganBelajarId, p.rombonganBelajarId),
        isNull(anggotaRombel.deletedAt),
        p.agamaId === null ? undefined : eq(pesertaDidik.agamaId, p.agamaId),
      ),
    )
    .orderBy(asc(pesertaDidik.nama), asc(anggotaRombel.anggotaRombelId));
}

/** The TPs mapped to the pembelajaran (tp_mapel), in the order they were written: "TP 1", "TP 2"… */
export async function tpOf(db: Db, pembelajaranId: string): Promise<TpColumn[]> {
  const rows = await db
    .select({ tp_id: tujuanPembelajaran.tpId, deskripsi: tujuanPembelajaran.deskripsi })
    .from(tpMapel)
    .innerJoin(tujuanPembelajaran, eq(tujuanPembelajaran.tpId, tpMapel.tpId))
    .where(eq(tpMapel.pembelajaranId, pembelajaranId))
    .orderBy(asc(tujuanPembelajaran.createdAt), asc(tujuanPembelajaran.tpId));
  return rows.map((r, i) => ({ ...r, label: `TP ${i + 1}` }));
}
