import { formatTanggal } from '@erapor/contract/cetak/rapor';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { isoDate, sqlRows, textOrNull } from '../../../db/sql-rows';
import { getSettings } from '../../sekolah/service';
import { identitasPegawai, SETTING_KEYS } from '../../sekolah/settings';
import { type Penandatangan, penandatangan } from '../rapor/data';

/*
 * Everything the PKL reports of one plan need (issue #12 item 7; reference-domain §6), read in a
 * fixed number of queries whatever the number of participants — the bulk job renders whole plans
 * from it. The caller has checked who may read the plan. Plain data: it crosses to the render worker.
 */

type Row = Record<string, unknown>;

export interface SiswaPkl {
  pesertaDidikId: string;
  nama: string;
  nisn: string | null;
  nis: string | null;
  /** The plan's TPs in order; nilai null where not scored. */
  nilai: { tp: string; nilai: number | null; deskripsi: string | null }[];
  catatan: string | null;
  sakit: number;
  izin: number;
  alpa: number;
}

export interface RaporPkl {
  pklId: string;
  sekolah: string;
  tahunAjaran: string;
  kelas: string;
  programKeahlian: string | null;
  konsentrasiKeahlian: string | null;
  dudi: string;
  /** "1 Juli 2025". */
  tanggalMulai: string;
  tanggalSelesai: string;
  instruktur: string;
  /** "NIP. 1980…" or "NIP. -" (the instructor's own NIP: no NUPTK/NIY for DUDI staff). */
  nomorInstruktur: string;
  pembimbing: Penandatangan;
  versi: string;
  /** Participants by name. */
  siswa: SiswaPkl[];
}

/** The plan's reports (all participants, or the given pupils); null for an unknown plan. */
export async function raporPkl(
  db: Db,
  plan: { sekolahId: string; semesterId: string; pklId: string; versi: string },
  only?: readonly string[],
): Promise<RaporPkl | null> {
  const { pklId } = plan;
  const [head] = await sqlRows<Row>(
    db,
    sql`select k.pkl_id, k.guru_id, k.tanggal_mulai, k.tanggal_selesai, k.instruktur, k.nip,
        s.nama sekolah, sm.nama semester_nama, r.nama kelas, d.nama nama_dudi,
        coalesce(js.nama_jurusan_sp, konsentrasi.nama_jurusan) konsentrasi, program.nama_jurusan program
      from praktik_kerja_lapangan k
      join sekolah s on s.sekolah_id = k.sekolah_id
      join rombongan_belajar r on r.rombongan_belajar_id = k.rombongan_belajar_id
      left join semester sm on sm.semester_id = k.semester_id
      join akt_pd ak on ak.akt_pd_id = k.akt_pd_id
      join mou m on m.mou_id = ak.mou_id
      join dudi d on d.dudi_id = m.dudi_id
      left join jurusan_sp js on js.jurusan_sp_id = r.jurusan_sp_id
      left join ref_jurusan konsentrasi on konsentrasi.jurusan_id = coalesce(js.jurusan_id, r.jurusan_id)
      left join ref_jurusan program on program.jurusan_id = konsentrasi.jurusan_induk
      where k.pkl_id = ${pklId} and k.sekolah_id = ${plan.sekolahId} and k.semester_id = ${plan.semesterId}`,
  );
  if (!head) return null;
  const onlyIds =
    only && only.length > 0
      ? sql`and pd.peserta_didik_id in (${sql.join(
          only.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`
      : sql``;
  const settings = await getSettings(db, { sekolahId: plan.sekolahId }, plan.semesterId);
  const [signers, pupils, tps, scores] = await Promise.all([
    penandatangan(db, [String(head.guru_id)], identitasPegawai(settings[SETTING_KEYS.identitasPegawai])),
    sqlRows<Row>(
      db,
      sql`select pd.peserta_didik_id, p.nama, p.nisn, p.no_induk, pd.catatan,
          coalesce(a.sakit, 0) sakit, coalesce(a.izin, 0) izin, coalesce(a.alpa, 0) alpa
        from pd_pkl pd
        join peserta_didik p on p.peserta_didik_id = pd.peserta_didik_id
        left join absensi_pkl a on a.pkl_id = pd.pkl_id and a.peserta_didik_id = pd.peserta_didik_id
        where pd.pkl_id = ${pklId} ${onlyIds}
        order by p.nama, pd.peserta_didik_id`,
    ),
    sqlRows<Row>(
      db,
      sql`select t.tp_id, t.deskripsi from tp_pkl tp join tujuan_pembelajaran t on t.tp_id = tp.tp_id
        where tp.pkl_id = ${pklId} order by t.created_at, t.tp_id`,
    ),
    sqlRows<Row>(
      db,
      sql`select n.peserta_didik_id, n.tp_id, n.nilai, n.deskripsi from nilai_pkl n where n.pkl_id = ${pklId}`,
    ),
  ]);
  const scoreOf = new Map(scores.map((s) => [`${s.peserta_didik_id}#${s.tp_id}`, s]));
  const pembimbing = signers.get(String(head.guru_id)) ?? { nama: '-', nomor: 'NIP. -' };
  return {
    pklId,
    sekolah: String(head.sekolah),
    tahunAjaran: (textOrNull(head.semester_nama) ?? '').split(' ')[0] ?? '',
    kelas: String(head.kelas),
    programKeahlian: textOrNull(head.program),
    konsentrasiKeahlian: textOrNull(head.konsentrasi),
    dudi: String(head.nama_dudi),
    tanggalMulai: formatTanggal(isoDate(head.tanggal_mulai)),
    tanggalSelesai: formatTanggal(isoDate(head.tanggal_selesai)),
    instruktur: String(head.instruktur),
    nomorInstruktur: `NIP. ${textOrNull(head.nip)?.trim() || '-'}`,
    pembimbing,
    versi: plan.versi,
    siswa: pupils.map((p) => {
      const pd = String(p.peserta_didik_id);
      return {
        pesertaDidikId: pd,
        nama: String(p.nama),
        nisn: textOrNull(p.nisn),
        nis: textOrNull(p.no_induk),
        nilai: tps.map((t) => {
          const s = scoreOf.get(`${pd}#${t.tp_id}`);
          return {
            tp: String(t.deskripsi),
            nilai: s ? Number(s.nilai) : null,
            deskripsi: s ? textOrNull(s.deskripsi) : null,
          };
        }),
        catatan: textOrNull(p.catatan)?.trim() || null,
        sakit: Number(p.sakit),
        izin: Number(p.izin),
        alpa: Number(p.alpa),
      };
    }),
  };
}
