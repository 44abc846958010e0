import { isMerdeka } from '@erapor/contract/penilaian/rules';
import { faseOf, offeredOpsi } from '@erapor/contract/projek/rules';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sqlRows, textOrNull } from '../../../db/sql-rows';
import { projectsOf } from '../../projek/penilaian';
import { usableLogo } from '../rapor/data';

/*
 * Everything the P5 reports of a class need (issue #13 item 3; reference-domain §4), read in a fixed
 * number of queries whatever the number of pupils. The caller has checked who may print. Plain
 * data: it may cross to a render worker.
 */

type Row = Record<string, unknown>;

export interface ProjekP5 {
  id: string;
  noUrut: number;
  nama: string;
  deskripsi: string;
  /** Sub-elements in checklist order, grouped by dimension when printed. */
  aspek: { id: string; dimensiNo: number; dimensi: string; elemen: string; subElemen: string }[];
}

export interface SiswaP5 {
  anggotaRombelId: string;
  nama: string;
  nisn: string | null;
  /** opsi_id by aspek id. */
  nilai: Record<string, number>;
  /** Catatan proses by project id. */
  catatan: Record<string, string>;
}

export interface RaporP5 {
  sekolah: { nama: string; logo: string | null };
  tahunPelajaran: string;
  semesterId: string;
  kelas: { id: string; nama: string; tingkat: number; merdeka: boolean; fase: 'E' | 'F' };
  programKeahlian: string | null;
  /** The four levels printed as columns, MB, SB, BSH, SAB. */
  opsi: { opsiId: number; kode: string; nama: string; deskripsi: string }[];
  projek: ProjekP5[];
  versi: string;
  siswa: SiswaP5[];
}

/** The P5 reports of a class (all pupils, or the given memberships). */
export async function raporP5(
  db: Db,
  kelas: { sekolahId: string; rombonganBelajarId: string; versi: string },
  only?: readonly string[],
): Promise<RaporP5> {
  const rombelId = kelas.rombonganBelajarId;
  const [head] = await sqlRows<Row>(
    db,
    sql`select s.nama sekolah, sl.mime_type logo_mime, sl.data logo_data, sm.nama semester_nama,
        r.semester_id, r.nama kelas, r.tingkat, k.nama_kurikulum, js.nama_jurusan_sp program
      from rombongan_belajar r
      join sekolah s on s.sekolah_id = r.sekolah_id
      left join sekolah_logo sl on sl.sekolah_id = s.sekolah_id
      left join semester sm on sm.semester_id = r.semester_id
      left join ref_kurikulum k on k.kurikulum_id = r.kurikulum_id
      left join jurusan_sp js on js.jurusan_sp_id = r.jurusan_sp_id
      where r.rombongan_belajar_id = ${rombelId} and r.sekolah_id = ${kelas.sekolahId}`,
  );
  if (!head) throw new Error('class not found');
  const onlyIds =
    only && only.length > 0
      ? sql`and a.anggota_rombel_id in (${sql.join(
          only.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`
      : sql``;
  const [plans, pupils, scores, notes, opsi] = await Promise.all([
    projectsOf(db, rombelId),
    sqlRows<Row>(
      db,
      sql`select a.anggota_rombel_id, p.nama, p.nisn from anggota_rombel a
        join peserta_didik p on p.peserta_didik_id = a.peserta_didik_id
        where a.rombongan_belajar_id = ${rombelId} and a.deleted_at is null ${onlyIds}
        order by p.nama, a.anggota_rombel_id`,
    ),
    sqlRows<Row>(
      db,
      sql`select n.anggota_rombel_id, n.aspek_budaya_kerja_id, n.opsi_id from nilai_budaya_kerja n
        join aspek_budaya_kerja x on x.aspek_budaya_kerja_id = n.aspek_budaya_kerja_id
        join rencana_budaya_kerja r on r.rencana_budaya_kerja_id = x.rencana_budaya_kerja_id
        where r.rombongan_belajar_id = ${rombelId}`,
    ),
    sqlRows<Row>(
      db,
      sql`select c.anggota_rombel_id, c.rencana_budaya_kerja_id, c.catatan from catatan_budaya_kerja c
        join rencana_budaya_kerja r on r.rencana_budaya_kerja_id = c.rencana_budaya_kerja_id
        where r.rombongan_belajar_id = ${rombelId}`,
    ),
    sqlRows<Row>(db, sql`select opsi_id, kode, nama, deskripsi from ref_p5_opsi`),
  ]);
  const tingkat = Number(head.tingkat);
  return {
    sekolah: { nama: String(head.sekolah), logo: usableLogo(head.logo_mime, head.logo_data) },
    tahunPelajaran: (textOrNull(head.semester_nama) ?? '').split(' ')[0] ?? '',
    semesterId: String(head.semester_id),
    kelas: {
      id: rombelId,
      nama: String(head.kelas),
      tingkat,
      merdeka: isMerdeka(textOrNull(head.nama_kurikulum)),
      fase: faseOf(tingkat),
    },
    programKeahlian: textOrNull(head.program),
    opsi: offeredOpsi(
      opsi.map((o) => ({
        opsi_id: Number(o.opsi_id),
        kode: String(o.kode),
        nama: String(o.nama),
        deskripsi: textOrNull(o.deskripsi) ?? '',
      })),
    ).map(({ opsi_id, ...o }) => ({ opsiId: opsi_id, ...o })),
    projek: plans.map((p) => ({
      id: p.rencana_budaya_kerja_id,
      noUrut: p.no_urut,
      nama: p.nama,
      deskripsi: p.deskripsi,
      aspek: p.aspek.map((a) => ({
        id: a.aspek_budaya_kerja_id,
        dimensiNo: a.dimensi_no,
        dimensi: a.dimensi,
        elemen: a.elemen,
        subElemen: a.sub_elemen,
      })),
    })),
    versi: kelas.versi,
    siswa: pupils.map((p) => {
      const id = String(p.anggota_rombel_id);
      const nilai: Record<string, number> = {};
      for (const s of scores)
        if (String(s.anggota_rombel_id) === id) nilai[String(s.aspek_budaya_kerja_id)] = Number(s.opsi_id);
      const catatan: Record<string, string> = {};
      for (const n of notes)
        if (String(n.anggota_rombel_id) === id)
          catatan[String(n.rencana_budaya_kerja_id)] = String(n.catatan);
      return { anggotaRombelId: id, nama: String(p.nama), nisn: textOrNull(p.nisn), nilai, catatan };
    }),
  };
}
