import { z } from 'zod';
import { gateStateSchema } from '../penilaian/asesmen';
import { checkScore } from '../penilaian/rules';
import { POLA_UKK, UKK_PREDIKAT_SCHEMES } from './rules';

/**
 * Proses Penilaian UKK (reference-screens §9.2, issue #13 item 7, docs/decisions/038-ukk.md), for
 * the plan's internal examiner only:
 *   GET /api/ukk/penilaian/rencana              the semester's plans naming the caller as internal
 *   GET /api/ukk/rencana/:rencana_ukk_id/nilai  the grid: Nama | NISN | Nilai | Kesimpulan
 *   PUT /api/ukk/rencana/:rencana_ukk_id/nilai  save the changed cells (shared grid save: 422 per
 *                                                cell, 423 when the school switch or class lock is
 *                                                closed, 409 when a cell changed since it was loaded)
 * An empty cell removes the score (the pupil stays in the plan, without predicate or certificate).
 */

export const NILAI_UKK_MESSAGES = {
  paketRequired: 'Paket Kompetensi tidak boleh kosong!',
  saved: 'Nilai UKK berhasil disimpan',
  pdNotInPlan: 'Peserta didik ini bukan peserta rencana UKK ini.',
  duplicate: 'Peserta didik yang sama dikirim lebih dari sekali.',
  noChanges: 'Tidak ada nilai yang diubah untuk disimpan.',
  notExaminer: 'Hanya Penguji Internal rencana UKK ini yang dapat mengisi nilainya.',
  conflict: (names: readonly string[]) =>
    `Nilai UKK ${names.join(', ')} telah diubah oleh pengguna lain sejak Anda membukanya. Tidak ada yang disimpan; muat ulang data, lalu simpan lagi.`,
} as const;

export const penilaianRencanaSchema = z.object({
  data: z.array(
    z.object({
      rencana_ukk_id: z.string(),
      kelas: z.string(),
      nomor_paket: z.string(),
      nama_paket_id: z.string(),
      tanggal_sertifikat: z.string(),
    }),
  ),
});
export type PenilaianRencana = z.infer<typeof penilaianRencanaSchema>;

export const nilaiUkkGridSchema = z.object({
  rencana_ukk_id: z.string(),
  kelas: z.string(),
  nama_paket_id: z.string(),
  pola_ukk: z.enum(POLA_UKK),
  predikat_scheme: z.enum(UKK_PREDIKAT_SCHEMES),
  gate: gateStateSchema,
  can_edit: z.boolean(),
  siswa: z.array(
    z.object({
      anggota_rombel_id: z.string(),
      nama: z.string(),
      nisn: z.string().nullable(),
      nilai: z.number().int().nullable(),
    }),
  ),
});
export type NilaiUkkGrid = z.infer<typeof nilaiUkkGridSchema>;

const cellValue = z.union([z.number(), z.string().max(20), z.null()], { error: 'Nilai tidak valid' });

/** One changed cell: the typed value and what the browser loaded (null: no score). */
export const nilaiUkkSaveSchema = z.object({
  rows: z
    .array(
      z.object({
        anggota_rombel_id: z.uuid({ error: NILAI_UKK_MESSAGES.pdNotInPlan }),
        nilai: cellValue,
        sebelumnya: z.number().int().min(0).max(100).nullable(),
      }),
    )
    .min(1, { error: NILAI_UKK_MESSAGES.noChanges })
    .max(500, { error: 'Paling banyak 500 baris per simpan' }),
});
export type NilaiUkkSave = z.infer<typeof nilaiUkkSaveSchema>;

/** The pure check of a save (server 422 and screen): per-cell messages and the cleaned values. */
export function checkNilaiUkkRows(rows: NilaiUkkSave['rows']): {
  details: Record<string, string>;
  values: (number | null)[];
} {
  const details: Record<string, string> = {};
  const seen = new Set<string>();
  const values = rows.map((row, i) => {
    if (seen.has(row.anggota_rombel_id))
      details[`rows.${i}.anggota_rombel_id`] = NILAI_UKK_MESSAGES.duplicate;
    seen.add(row.anggota_rombel_id);
    const c = checkScore(row.nilai);
    if (!c.ok) {
      details[`rows.${i}.nilai`] = c.message;
      return null;
    }
    return c.value;
  });
  return { details, values };
}
