import { type NilaiPklScore, nilaiAkhirPkl } from '@erapor/contract/pkl/rules';
import { alamatDudi, type PenempatanPkl, type PklPeserta } from '@erapor/contract/pkl/wali';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sqlRows, textOrNull } from '../../db/sql-rows';

/*
 * The PKL of one class, per pupil (issue #12 items 5–6): read by the wali kelas's Praktik Kerja
 * Lapangan view, by Ketidakhadiran ("PKL absences beside", "Salin dari PKL") and by the report
 * card's PKL section. Plans are the class's (praktik_kerja_lapangan.rombongan_belajar_id) — the
 * caller has checked who may read the class. Order: plans by Tanggal Mulai, TPs as written (the
 * order of the nilai akhir's description, as pkl/nilai-akhir.ts reads them).
 */

type R = Record<string, unknown>;
/** A date column as "YYYY-MM-DD" (node-postgres gives local-midnight Dates, PGlite strings). */
const day = (v: unknown) =>
  v instanceof Date
    ? `${v.getFullYear()}-${String(v.getMonth() + 1).padStart(2, '0')}-${String(v.getDate()).padStart(2, '0')}`
    : String(v).slice(0, 10);

/** The class's live pupils (by name) with their placements in the class's plans. */
export async function pklKelas(db: Db, rombelId: string): Promise<PklPeserta[]> {
  const [pupils, plans, tps, scores] = await Promise.all([
    sqlRows<R>(
      db,
      sql`select a.anggota_rombel_id, a.peserta_didik_id, p.nama, p.nisn
        from anggota_rombel a join peserta_didik p on p.peserta_didik_id = a.peserta_didik_id
        where a.rombongan_belajar_id = ${rombelId} and a.deleted_at is null
        order by p.nama, a.anggota_rombel_id`,
    ),
    sqlRows<R>(
      db,
      sql`select k.pkl_id, pd.peserta_didik_id, pd.catatan, d.nama nama_dudi, d.alamat_jalan, d.rt, d.rw,
          d.nama_dusun, d.desa_kelurahan, ak.judul_akt_pd, k.tanggal_mulai, k.tanggal_selesai,
          k.instruktur, k.nip, g.nama pembimbing,
          coalesce(s.sakit, 0) sakit, coalesce(s.izin, 0) izin, coalesce(s.alpa, 0) alpa
        from praktik_kerja_lapangan k
        join pd_pkl pd on pd.pkl_id = k.pkl_id
        join akt_pd ak on ak.akt_pd_id = k.akt_pd_id
        join mou m on m.mou_id = ak.mou_id
        join dudi d on d.dudi_id = m.dudi_id
        join guru g on g.guru_id = k.guru_id
        left join absensi_pkl s on s.pkl_id = k.pkl_id and s.peserta_didik_id = pd.peserta_didik_id
        where k.rombongan_belajar_id = ${rombelId}
        order by k.tanggal_mulai, k.pkl_id`,
    ),
    sqlRows<R>(
      db,
      sql`select tp.pkl_id, t.tp_id, t.deskripsi
        from tp_pkl tp
        join praktik_kerja_lapangan k on k.pkl_id = tp.pkl_id
        join tujuan_pembelajaran t on t.tp_id = tp.tp_id
        where k.rombongan_belajar_id = ${rombelId}
        order by t.created_at, t.tp_id`,
    ),
    sqlRows<R>(
      db,
      sql`select n.pkl_id, n.peserta_didik_id, n.tp_id, n.nilai, n.deskripsi
        from nilai_pkl n join praktik_kerja_lapangan k on k.pkl_id = n.pkl_id
        where k.rombongan_belajar_id = ${rombelId}`,
    ),
  ]);

  const tpOf = new Map<string, { tp_id: string; tp: string }[]>();
  for (const t of tps) {
    const list = tpOf.get(String(t.pkl_id)) ?? [];
    list.push({ tp_id: String(t.tp_id), tp: String(t.deskripsi) });
    tpOf.set(String(t.pkl_id), list);
  }
  const scoreOf = new Map<string, NilaiPklScore>();
  for (const s of scores)
    scoreOf.set(`${s.pkl_id}#${s.peserta_didik_id}#${s.tp_id}`, {
      nilai: Number(s.nilai),
      deskripsi: textOrNull(s.deskripsi),
    });

  const placements = new Map<string, PenempatanPkl[]>();
  for (const p of plans) {
    const pklId = String(p.pkl_id);
    const pd = String(p.peserta_didik_id);
    const list = placements.get(pd) ?? [];
    list.push({
      pkl_id: pklId,
      nama_dudi: String(p.nama_dudi),
      alamat_dudi: alamatDudi({
        alamat_jalan: textOrNull(p.alamat_jalan),
        rt: textOrNull(p.rt),
        rw: textOrNull(p.rw),
        nama_dusun: textOrNull(p.nama_dusun),
        desa_kelurahan: textOrNull(p.desa_kelurahan),
      }),
      judul_akt_pd: String(p.judul_akt_pd),
      tanggal_mulai: day(p.tanggal_mulai),
      tanggal_selesai: day(p.tanggal_selesai),
      instruktur: String(p.instruktur),
      nip_instruktur: textOrNull(p.nip) || null,
      pembimbing: String(p.pembimbing),
      catatan: textOrNull(p.catatan) || null,
      sakit: Number(p.sakit),
      izin: Number(p.izin),
      alpa: Number(p.alpa),
      nilai: (tpOf.get(pklId) ?? []).map((tp) => {
        const score = scoreOf.get(`${pklId}#${pd}#${tp.tp_id}`);
        return { ...tp, nilai: score?.nilai ?? null, deskripsi: score?.deskripsi ?? null };
      }),
    });
    placements.set(pd, list);
  }

  return pupils.map((r) => {
    const pd = String(r.peserta_didik_id);
    const penempatan = placements.get(pd) ?? [];
    const all = penempatan.flatMap((p) =>
      p.nilai.flatMap((n) => (n.nilai === null ? [] : [{ nilai: n.nilai, deskripsi: n.deskripsi }])),
    );
    return {
      anggota_rombel_id: String(r.anggota_rombel_id),
      peserta_didik_id: pd,
      nama: String(r.nama),
      nisn: textOrNull(r.nisn),
      nilai_akhir: nilaiAkhirPkl(all),
      penempatan,
    };
  });
}

/** Whether the class has any PKL plan (the homeroom view says "Data PKL belum tersedia" otherwise). */
export async function kelasHasPkl(db: Db, rombelId: string): Promise<boolean> {
  const rows = await sqlRows<R>(
    db,
    sql`select 1 from praktik_kerja_lapangan where rombongan_belajar_id = ${rombelId} limit 1`,
  );
  return rows.length > 0;
}

/** Each pupil's PKL absences summed over the class's placements (anggota_rombel_id → S/I/A). */
export async function absensiPklKelas(
  db: Db,
  rombelId: string,
): Promise<{ anggota_rombel_id: string; sakit: number; izin: number; alpa: number }[]> {
  const rows = await sqlRows<R>(
    db,
    sql`select a.anggota_rombel_id, sum(s.sakit)::int sakit, sum(s.izin)::int izin, sum(s.alpa)::int alpa
      from absensi_pkl s
      join praktik_kerja_lapangan k on k.pkl_id = s.pkl_id
      join anggota_rombel a on a.peserta_didik_id = s.peserta_didik_id
        and a.rombongan_belajar_id = k.rombongan_belajar_id and a.deleted_at is null
      where k.rombongan_belajar_id = ${rombelId}
      group by a.anggota_rombel_id`,
  );
  return rows.map((r) => ({
    anggota_rombel_id: String(r.anggota_rombel_id),
    sakit: Number(r.sakit),
    izin: Number(r.izin),
    alpa: Number(r.alpa),
  }));
}
