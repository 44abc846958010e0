import type { DemoPkl } from '@erapor/demo-school/pkl';
import type { Db } from '../../db/client';
import { insertJson, MEMBER_COLUMNS } from './write-grades';

/*
 * Writes the demo's PKL of the active semester (packages/demo-school pkl.ts; issue #27) into the
 * tables of modules/pkl (decision 034): the plans, their TPs and pupils with the supervisor's notes,
 * scores and attendance, and the PKL subject's grade and capaian the app's own rule gives them.
 * Ids come from the generator and conflicts are skipped, so a second seed changes nothing; the
 * caller provides the transaction. Not through the PKL services: those record every grade in the
 * Riwayat Perubahan Nilai under a user, which a seed is not.
 */
export async function writeDemoPkl(db: Db, sekolahId: string, pkl: DemoPkl): Promise<number> {
  await insertJson(
    db,
    'praktik_kerja_lapangan',
    [
      ['pkl_id', 'uuid'],
      ['sekolah_id', 'uuid'],
      ['semester_id', 'varchar'],
      ['guru_id', 'uuid'],
      ['rombongan_belajar_id', 'uuid'],
      ['akt_pd_id', 'uuid'],
      ['tanggal_mulai', 'date'],
      ['tanggal_selesai', 'date'],
      ['instruktur', 'varchar'],
      ['nip', 'varchar'],
    ],
    pkl.rencana.map((r) => [
      r.pkl_id,
      sekolahId,
      r.semester_id,
      r.guru_id,
      r.rombongan_belajar_id,
      r.akt_pd_id,
      r.tanggal_mulai,
      r.tanggal_selesai,
      r.instruktur,
      r.nip,
    ]),
  );
  await insertJson(
    db,
    'tp_pkl',
    [
      ['tp_pkl_id', 'uuid'],
      ['sekolah_id', 'uuid'],
      ['pkl_id', 'uuid'],
      ['tp_id', 'uuid'],
    ],
    pkl.tp_pkl.map((t) => [t.tp_pkl_id, sekolahId, t.pkl_id, t.tp_id]),
  );
  await insertJson(
    db,
    'pd_pkl',
    [
      ['pd_pkl_id', 'uuid'],
      ['sekolah_id', 'uuid'],
      ['pkl_id', 'uuid'],
      ['peserta_didik_id', 'uuid'],
      ['catatan', 'text'],
    ],
    pkl.pd_pkl.map((p) => [p.pd_pkl_id, sekolahId, p.pkl_id, p.peserta_didik_id, p.catatan]),
  );
  await insertJson(
    db,
    'nilai_pkl',
    [
      ['nilai_pkl_id', 'uuid'],
      ['sekolah_id', 'uuid'],
      ['peserta_didik_id', 'uuid'],
      ['pkl_id', 'uuid'],
      ['tp_id', 'uuid'],
      ['nilai', 'smallint'],
      ['deskripsi', 'text'],
    ],
    pkl.nilai_pkl.map((n) => [
      n.nilai_pkl_id,
      sekolahId,
      n.peserta_didik_id,
      n.pkl_id,
      n.tp_id,
      n.nilai,
      n.deskripsi,
    ]),
  );
  await insertJson(
    db,
    'absensi_pkl',
    [
      ['absensi_pkl_id', 'uuid'],
      ['sekolah_id', 'uuid'],
      ['peserta_didik_id', 'uuid'],
      ['pkl_id', 'uuid'],
      ['sakit', 'smallint'],
      ['izin', 'smallint'],
      ['alpa', 'smallint'],
    ],
    pkl.absensi_pkl.map((a) => [
      a.absensi_pkl_id,
      sekolahId,
      a.peserta_didik_id,
      a.pkl_id,
      a.sakit,
      a.izin,
      a.alpa,
    ]),
  );
  const member = MEMBER_COLUMNS;
  await insertJson(
    db,
    'nilai_akhir',
    [...member, ['kompetensi_id', 'smallint'], ['nilai', 'smallint']],
    pkl.nilai_akhir.map((n) => [sekolahId, n.anggota_rombel_id, n.pembelajaran_id, n.kompetensi_id, n.nilai]),
  );
  await insertJson(
    db,
    'deskripsi_mata_pelajaran',
    [...member, ['deskripsi_pengetahuan', 'text'], ['deskripsi_keterampilan', 'text']],
    pkl.deskripsi.map((d) => [sekolahId, d.anggota_rombel_id, d.pembelajaran_id, d.deskripsi, null]),
  );
  return (
    pkl.rencana.length +
    pkl.tp_pkl.length +
    pkl.pd_pkl.length +
    pkl.nilai_pkl.length +
    pkl.absensi_pkl.length +
    pkl.nilai_akhir.length +
    pkl.deskripsi.length
  );
}
