import { generateKenaikan } from '@erapor/demo-school/kenaikan';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sqlRows } from '../../../db/sql-rows';
import { getActiveSemester } from '../../sekolah/service';

/**
 * The demo's kenaikan decisions (issue #11 item 13; decision 029): for every pupil of every regular
 * class of a past Genap semester (the active semester's decisions are the wali's to make), written
 * in the seed's transaction as one `json_to_recordset` insert, `ON CONFLICT DO NOTHING` so a
 * decision a wali saved stays. Returns the rows offered.
 */
export async function writeDemoKenaikan(db: Db, sekolahId: string, semesterId: string): Promise<number> {
  const active = await getActiveSemester(db);
  if (active && semesterId >= active.semester_id) return 0;
  const rows = await sqlRows<{
    rombongan_belajar_id: string;
    nama: string;
    tingkat: number;
    anggota_rombel_id: string;
  }>(
    db,
    sql`select r.rombongan_belajar_id, r.nama, r.tingkat, a.anggota_rombel_id
      from rombongan_belajar r
      join anggota_rombel a on a.rombongan_belajar_id = r.rombongan_belajar_id and a.deleted_at is null
      where r.sekolah_id = ${sekolahId} and r.semester_id = ${semesterId}
        and r.jenis_rombel = 1 and r.deleted_at is null
      order by r.nama, a.anggota_rombel_id`,
  );
  const classes = new Map<
    string,
    { rombongan_belajar_id: string; nama: string; tingkat: number; anggota: string[] }
  >();
  for (const r of rows) {
    const id = String(r.rombongan_belajar_id);
    const kelas = classes.get(id) ?? {
      rombongan_belajar_id: id,
      nama: String(r.nama),
      tingkat: Number(r.tingkat),
      anggota: [],
    };
    kelas.anggota.push(String(r.anggota_rombel_id));
    classes.set(id, kelas);
  }
  // The demo marks no "Rombongan Belajar 4 Tahun": every programme runs three years.
  const decisions = generateKenaikan([...classes.values()], semesterId);
  if (decisions.length === 0) return 0;
  const json = JSON.stringify(
    decisions.map((d) => ({
      sekolah_id: sekolahId,
      anggota_rombel_id: d.anggota_rombel_id,
      rombongan_belajar_id: d.rombongan_belajar_id,
      status: d.status,
      nama_kelas: d.nama_kelas,
    })),
  );
  await db.execute(sql`insert into kenaikan_kelas (sekolah_id, anggota_rombel_id, rombongan_belajar_id, status, nama_kelas)
    select x.sekolah_id, x.anggota_rombel_id, x.rombongan_belajar_id, x.status, x.nama_kelas
    from json_to_recordset(${json}::json)
      as x(sekolah_id uuid, anggota_rombel_id uuid, rombongan_belajar_id uuid, status smallint, nama_kelas varchar)
    on conflict do nothing`);
  return decisions.length;
}
