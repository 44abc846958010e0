import { susunTranskrip, type Transkrip } from '@erapor/contract/cetak/transkrip';
import { rilisNilai } from '@erapor/contract/portal/portal';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sqlRows } from '../../../db/sql-rows';
import { SETTING_KEYS } from '../../sekolah/settings';
import { type RaporKelas, raporKelas, type SiswaRapor } from '../rapor/data';

/*
 * The data of Transkrip Nilai (docs/decisions/040-transkrip.md): every semester of the pupils'
 * regular classes up to the given one, each read by the report card's own loader (raporKelas: the
 * subjects and groups as printed, religion by the pupil's agama, electives, the printed kompetensi
 * of nilai akhir), then merged by the contract's susunTranskrip. Pupils who shared a class in a
 * semester are read together: the number of reads is the number of (semester, class) pairs, not
 * of pupils, so a class's transcripts cost about as many reads as its pupils' history has classes.
 */

type Row = Record<string, unknown>;

export interface TranskripDoc {
  /** The newest semester's report data: school, class, signatories, the pupil's identity. */
  kelas: RaporKelas;
  siswa: SiswaRapor;
  transkrip: Transkrip;
  /** Per column: "2025/2026" and the class name of that semester. */
  kolom: { tahunPelajaran: string; rombel: string }[];
  versi: string;
}

export interface TranskripOptions {
  /** The last semester printed (the login's): later memberships are left out. */
  semesterId: string;
  /**
   * For a pupil's own download: only released grades (the portal's rule, rilisNilai); an
   * unreleased semester keeps its column with blank grades. Staff read every stored grade.
   */
  hanyaRilis?: { activeSemesterId: string | null };
  versi: string;
}

/** The transcripts of some pupils of a school, by peserta_didik_id (pupils without a class left out). */
export async function transkripSiswa(
  db: Db,
  sekolahId: string,
  pesertaDidikIds: readonly string[],
  options: TranskripOptions,
): Promise<Map<string, TranskripDoc>> {
  const out = new Map<string, TranskripDoc>();
  if (pesertaDidikIds.length === 0) return out;
  const ids = sql.join(
    pesertaDidikIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = await sqlRows<Row>(
    db,
    sql`select a.anggota_rombel_id, a.peserta_didik_id, r.rombongan_belajar_id, r.nama, r.tingkat,
        r.semester_id, r.guru_id, r.kunci_nilai, st.value as rilis_nilai_siswa
      from anggota_rombel a
      join rombongan_belajar r on r.rombongan_belajar_id = a.rombongan_belajar_id
        and r.deleted_at is null and r.jenis_rombel = 1
      left join settings st on st.sekolah_id = r.sekolah_id and st.semester_id = r.semester_id
        and st.key = ${SETTING_KEYS.rilisNilaiSiswa}
      where a.deleted_at is null and a.peserta_didik_id in (${ids}) and r.sekolah_id = ${sekolahId}
        and r.semester_id <= ${options.semesterId}
      order by r.semester_id, r.rombongan_belajar_id, a.anggota_rombel_id`,
  );

  // One read per class and semester, holding the memberships of these pupils.
  const byRombel = new Map<string, { row: Row; anggota: string[] }>();
  for (const r of rows) {
    const key = String(r.rombongan_belajar_id);
    const entry = byRombel.get(key) ?? { row: r, anggota: [] };
    entry.anggota.push(String(r.anggota_rombel_id));
    byRombel.set(key, entry);
  }
  const pdOf = new Map(rows.map((r) => [String(r.anggota_rombel_id), String(r.peserta_didik_id)]));
  const perSiswa = new Map<string, { kelas: RaporKelas; siswa: SiswaRapor; rilis: boolean }[]>();
  for (const { row, anggota } of byRombel.values()) {
    const kelas = await raporKelas(
      db,
      {
        rombonganBelajarId: String(row.rombongan_belajar_id),
        nama: String(row.nama),
        tingkat: Number(row.tingkat),
        jenisRombel: 1,
        semesterId: String(row.semester_id),
        guruId: row.guru_id === null ? null : String(row.guru_id),
        sekolahId,
      },
      anggota,
    );
    const rilis =
      !options.hanyaRilis ||
      rilisNilai({
        semesterId: String(row.semester_id),
        activeSemesterId: options.hanyaRilis.activeSemesterId,
        kunciNilai: row.kunci_nilai === true,
        dibukaSekolah: row.rilis_nilai_siswa === '1',
      }) !== 'belum';
    for (const siswa of kelas.siswa) {
      const pd = pdOf.get(siswa.anggotaRombelId);
      if (!pd) continue;
      perSiswa.set(pd, [...(perSiswa.get(pd) ?? []), { kelas, siswa, rilis }]);
    }
  }

  for (const [pd, list] of perSiswa) {
    list.sort((a, b) => a.kelas.semester.id.localeCompare(b.kelas.semester.id));
    const newest = list[list.length - 1];
    if (!newest) continue;
    const transkrip = susunTranskrip(
      list.map(({ kelas, siswa, rilis }) => ({
        semesterId: kelas.semester.id,
        tingkat: kelas.kelas.tingkat,
        kelompok: siswa.kelompok.map((k) => ({
          nama: k.nama,
          mapel: k.mapel.map((m) => ({
            mataPelajaranId: m.mataPelajaranId,
            nama: m.nama,
            nilai: rilis ? m.nilai : null,
          })),
        })),
      })),
    );
    out.set(pd, {
      kelas: newest.kelas,
      siswa: newest.siswa,
      transkrip,
      kolom: list.map(({ kelas }) => ({
        tahunPelajaran: kelas.semester.tahunPelajaran,
        rombel: kelas.kelas.nama,
      })),
      versi: options.versi,
    });
  }
  return out;
}
