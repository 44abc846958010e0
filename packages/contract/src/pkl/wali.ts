import { z } from 'zod';

/**
 * The class's PKL as the wali kelas reads it (issue #12 item 6; docs/decisions/034-pkl.md): per
 * pupil each placement — DUDI, PKS, dates, Instruktur, Pembimbing, TP | Nilai | Deskripsi, the
 * supervisor's catatan, Sakit / Izin / Alpa — and the PKL nilai akhir (`nilaiAkhirPkl` over all
 * their placements of the class). The same data feeds the report card's PKL section and the
 * homeroom's "PKL absences beside" on Ketidakhadiran.
 */

export const penempatanPklSchema = z.object({
  pkl_id: z.string(),
  nama_dudi: z.string(),
  /** The DUDI's address (Lokasi on the report), or null when Dapodik holds none. */
  alamat_dudi: z.string().nullable(),
  judul_akt_pd: z.string(),
  tanggal_mulai: z.string(),
  tanggal_selesai: z.string(),
  instruktur: z.string(),
  nip_instruktur: z.string().nullable(),
  pembimbing: z.string(),
  catatan: z.string().nullable(),
  sakit: z.number().int(),
  izin: z.number().int(),
  alpa: z.number().int(),
  /** The plan's TPs in order; nilai null where not scored yet. */
  nilai: z.array(
    z.object({
      tp_id: z.string(),
      tp: z.string(),
      nilai: z.number().int().nullable(),
      deskripsi: z.string().nullable(),
    }),
  ),
});
export type PenempatanPkl = z.infer<typeof penempatanPklSchema>;

export const pklPesertaSchema = z.object({
  anggota_rombel_id: z.string(),
  peserta_didik_id: z.string(),
  nama: z.string(),
  nisn: z.string().nullable(),
  /** The PKL subject's grade from the scores (null: no non-zero score yet). */
  nilai_akhir: z.object({ nilai: z.number().int(), deskripsi: z.string().nullable() }).nullable(),
  penempatan: z.array(penempatanPklSchema),
});
export type PklPeserta = z.infer<typeof pklPesertaSchema>;

/** The DUDI's address as one line (street, RT/RW, dusun, desa), empty parts left out. */
export function alamatDudi(d: {
  alamat_jalan: string | null;
  rt: string | null;
  rw: string | null;
  nama_dusun: string | null;
  desa_kelurahan: string | null;
}): string | null {
  const rtRw = d.rt || d.rw ? `RT ${d.rt || '-'}/RW ${d.rw || '-'}` : null;
  const parts = [d.alamat_jalan, rtRw, d.nama_dusun, d.desa_kelurahan].map((p) => p?.trim()).filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}
