import type { MonitoringKelasOpsi } from '@erapor/contract/monitoring/filters';
import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { sqlRowsOf } from '../../db/sql-rows';
import { guru, jurusanSp, rombonganBelajar } from '../../db/tables/referensi';

/**
 * The class filters' options shared by the monitoring screens (Tingkat → Program → Rombel): the
 * school's classes of the semester of `jenisRombel`, the programmes they belong to, and the
 * teachers for which `guruExists` (SQL correlated with guru `g`) holds.
 */
export async function kelasOpsi(
  db: Db,
  actor: Actor,
  jenisRombel: readonly number[],
  guruExists: SQL,
): Promise<MonitoringKelasOpsi> {
  const jenis = sql.join(
    jenisRombel.map((j) => sql`${j}`),
    sql`, `,
  );
  const [rombel, jurusan, gurus] = await Promise.all([
    sqlRowsOf(
      db,
      { rombongan_belajar_id: 'text', nama: 'text', tingkat: 'int', jurusan_sp_id: 'text?' },
      sql`select r.rombongan_belajar_id, r.nama, r.tingkat, r.jurusan_sp_id from ${rombonganBelajar} r
        where r.sekolah_id = ${actor.sekolahId} and r.semester_id = ${actor.semesterId} and r.deleted_at is null
          and r.jenis_rombel in (${jenis})
        order by r.tingkat, r.nama, r.rombongan_belajar_id`,
    ),
    sqlRowsOf(
      db,
      { jurusan_sp_id: 'text', nama_jurusan_sp: 'text' },
      sql`select j.jurusan_sp_id, j.nama_jurusan_sp from ${jurusanSp} j
        where j.sekolah_id = ${actor.sekolahId} and exists (select 1 from ${rombonganBelajar} r
          where r.jurusan_sp_id = j.jurusan_sp_id and r.semester_id = ${actor.semesterId} and r.deleted_at is null)
        order by j.nama_jurusan_sp, j.jurusan_sp_id`,
    ),
    sqlRowsOf(
      db,
      { guru_id: 'text', nama: 'text' },
      sql`select g.guru_id, g.nama from ${guru} g where g.sekolah_id = ${actor.sekolahId} and ${guruExists}
        order by g.nama, g.guru_id`,
    ),
  ]);
  return {
    rombel: rombel.map((r) => ({
      value: r.rombongan_belajar_id,
      label: r.nama,
      tingkat: r.tingkat,
      jurusan_sp_id: r.jurusan_sp_id,
    })),
    jurusan: jurusan.map((j) => ({ value: j.jurusan_sp_id, label: j.nama_jurusan_sp })),
    guru: gurus.map((g) => ({ value: g.guru_id, label: g.nama })),
  };
}
