import { predikatEkskul } from '@erapor/contract/penilaian/ekskul';
import type { EkskulWaliResponse, PklWaliResponse } from '@erapor/contract/wali-kelas/ekskul';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { sqlRows } from '../../db/sql-rows';
import { kelasHasPkl, pklKelas } from '../pkl/wali';
import { ownWaliRombel } from './access';
import { kelasOptions } from './catatan';

/*
 * The homeroom's read-only views (issue #11 items 4 and 6; docs/decisions/028-wali-kelas-catatan.md).
 */

/**
 * GET /api/wali-kelas/nilai-ekstrakurikuler: every pupil of the class with each ekskul they belong
 * to this semester (their membership of the ekskul's jenis-51 rombel, as the pembina grades it) and
 * its grade; ungraded members are flagged, pupils in no ekskul get one row without ekskul.
 */
export async function getEkskulWali(
  db: Db,
  actor: Actor,
  query: { rombongan_belajar_id?: string },
): Promise<EkskulWaliResponse> {
  const { rombel, all } = await ownWaliRombel(db, actor, query.rombongan_belajar_id);
  const rows = await sqlRows<Record<string, unknown>>(
    db,
    sql`select a.anggota_rombel_id, p.nama, p.nisn, x.nama_ekskul, x.pembina, x.nilai, x.deskripsi_ekskul
      from anggota_rombel a
      join peserta_didik p on p.peserta_didik_id = a.peserta_didik_id
      left join (
        select m.peserta_didik_id, e.nama_ekskul, g.nama as pembina, n.nilai, n.deskripsi_ekskul
        from anggota_rombel m
        join rombongan_belajar r on r.rombongan_belajar_id = m.rombongan_belajar_id
        join ekstrakurikuler e on e.rombongan_belajar_id = r.rombongan_belajar_id and e.deleted_at is null
        left join guru g on g.guru_id = coalesce(e.guru_id, r.guru_id)
        left join nilai_ekstrakurikuler n
          on n.anggota_rombel_id = m.anggota_rombel_id and n.ekstrakurikuler_id = e.ekstrakurikuler_id
        where m.deleted_at is null and r.deleted_at is null and r.jenis_rombel = 51
          and r.sekolah_id = ${actor.sekolahId} and r.semester_id = ${actor.semesterId}
      ) x on x.peserta_didik_id = a.peserta_didik_id
      where a.rombongan_belajar_id = ${rombel.rombonganBelajarId} and a.deleted_at is null
      order by p.nama, a.anggota_rombel_id, x.nama_ekskul`,
  );
  return {
    rombel: { rombongan_belajar_id: rombel.rombonganBelajarId, nama: rombel.nama },
    kelas: kelasOptions(all),
    data: rows.map((r) => {
      const nilai = r.nilai === null ? null : Number(r.nilai);
      return {
        anggota_rombel_id: String(r.anggota_rombel_id),
        nama: String(r.nama),
        nisn: r.nisn === null ? null : String(r.nisn),
        nama_ekskul: r.nama_ekskul === null ? null : String(r.nama_ekskul),
        pembina: r.pembina === null ? null : String(r.pembina),
        predikat: predikatEkskul(nilai),
        deskripsi: r.deskripsi_ekskul === null ? null : String(r.deskripsi_ekskul),
        dinilai: nilai !== null,
      };
    }),
  };
}

/**
 * GET /api/wali-kelas/praktik-kerja-lapangan: the class's PKL per pupil (pkl/wali.ts); null when
 * the class has no PKL plan ("Data PKL belum tersedia").
 */
export async function getPklWali(
  db: Db,
  actor: Actor,
  query: { rombongan_belajar_id?: string },
): Promise<PklWaliResponse> {
  const { rombel, all } = await ownWaliRombel(db, actor, query.rombongan_belajar_id);
  return {
    rombel: { rombongan_belajar_id: rombel.rombonganBelajarId, nama: rombel.nama },
    kelas: kelasOptions(all),
    data: (await kelasHasPkl(db, rombel.rombonganBelajarId))
      ? await pklKelas(db, rombel.rombonganBelajarId)
      : null,
  };
}
