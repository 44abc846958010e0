import { z } from 'zod';
import { gateStateSchema } from '../penilaian/asesmen';
import { checkScore } from '../penilaian/rules';

/**
 * Input Penilaian PKL (reference-screens §10.2, issue #12 item 3, docs/decisions/034-pkl.md):
 * a row per participant and TP of one plan (Nilai 0–100, Deskripsi ≤ 500) and the pupil's
 * "Catatan PKL" (≤ 1,000), saved in one transaction with the shared grid's stale check.
 *   GET /api/pkl/penilaian/rencana                the plans the caller may score (the cascade)
 *   GET /api/pkl/rencana/:pkl_id/nilai            the grid (owner, co-supervisor; wali, Waka read)
 *   PUT /api/pkl/rencana/:pkl_id/nilai            save the changed cells (owner, co-supervisor)
 *   POST /api/pkl/pembelajaran/:id/generate-nilai  Beranda's Generate Nilai (the subject's pembimbing)
 * A save recomputes the PKL subject's nilai akhir of the pupils it touched (rules.ts).
 */

export const DESKRIPSI_PKL_MAX = 500;
export const CATATAN_PKL_MAX = 1000;
export const MAX_PKL_SAVE_ROWS = 4000;

export const PKL_NILAI_MESSAGES = {
  saved: 'Nilai PKL berhasil disimpan',
  noPlan: 'Rencana penilaian PKL tidak ditemukan!',
  deskripsiMax: `Deskripsi maksimal ${DESKRIPSI_PKL_MAX} karakter!`,
  catatanMax: `Catatan PKL maksimal ${CATATAN_PKL_MAX} karakter!`,
  deskripsiWithoutNilai: 'Isi Nilai terlebih dahulu untuk Deskripsi ini!',
  pdNotInPlan: 'Peserta didik ini bukan peserta rencana penilaian PKL ini.',
  tpNotInPlan: 'Tujuan Pembelajaran ini bukan bagian dari rencana penilaian PKL ini.',
  duplicate: 'Sel yang sama dikirim lebih dari sekali.',
  noChanges: 'Tidak ada nilai yang diubah untuk disimpan.',
  idInvalid: 'ID tidak valid',
  generated: 'Nilai Praktik Kerja Lapangan berhasil digenerate',
  pembelajaranNotFound: 'Mata pelajaran PKL tidak ditemukan.',
  notPembimbing:
    'Hanya guru pembimbing (pengajar mata pelajaran PKL) kelas ini yang dapat men-generate nilainya.',
} as const;

const uuid = () => z.uuid({ error: PKL_NILAI_MESSAGES.idInvalid });

// --- reads ---------------------------------------------------------------------------------

export const rencanaNilaiRowSchema = z.object({
  pkl_id: z.string(),
  tingkat: z.number().int(),
  rombongan_belajar_id: z.string(),
  rombel: z.string(),
  dudi_id: z.string(),
  nama_dudi: z.string(),
  judul_akt_pd: z.string().nullable(),
});
export type RencanaNilaiRow = z.infer<typeof rencanaNilaiRowSchema>;
export const rencanaNilaiListSchema = z.object({ data: z.array(rencanaNilaiRowSchema) });
export type RencanaNilaiList = z.infer<typeof rencanaNilaiListSchema>;

const storedCell = z.object({ nilai: z.number().int(), deskripsi: z.string().nullable() });
export const nilaiPklGridSchema = z.object({
  pkl_id: z.string(),
  rombel: z.string(),
  nama_dudi: z.string(),
  gate: gateStateSchema,
  /** The caller may save (owner or co-supervisor, and the gate open). */
  can_edit: z.boolean(),
  tp: z.array(z.object({ tp_id: z.string(), deskripsi: z.string() })),
  siswa: z.array(
    z.object({
      peserta_didik_id: z.string(),
      nama: z.string(),
      nisn: z.string().nullable(),
      catatan: z.string().nullable(),
      /** Stored scores keyed by tp_id. */
      nilai: z.record(z.string(), storedCell),
    }),
  ),
});
export type NilaiPklGrid = z.infer<typeof nilaiPklGridSchema>;

// --- the save ------------------------------------------------------------------------------

/** As typed: a number, its text (checked with the score messages) or empty. */
const cellValue = z.union([z.number(), z.string().max(20), z.null()], { error: 'Nilai tidak valid' });
const text = z.string().max(10_000).nullable();

/**
 * tp_id set: that TP's score and description; tp_id null: the pupil's Catatan PKL in `deskripsi`
 * (`nilai` ignored). `sebelumnya` is what the browser loaded (null: nothing stored).
 */
export const nilaiPklSaveSchema = z.object({
  rows: z
    .array(
      z.object({
        peserta_didik_id: uuid(),
        tp_id: uuid().nullable(),
        nilai: cellValue,
        deskripsi: text,
        sebelumnya: z
          .object({ nilai: z.number().int().min(0).max(100).nullable(), deskripsi: text })
          .nullable(),
      }),
    )
    .min(1, { error: PKL_NILAI_MESSAGES.noChanges })
    .max(MAX_PKL_SAVE_ROWS, { error: `Paling banyak ${MAX_PKL_SAVE_ROWS} baris per simpan` }),
});
export type NilaiPklSave = z.infer<typeof nilaiPklSaveSchema>;

/** A stored (or to-be-stored) cell: a score with its description, or a note (nilai null). */
export interface NilaiPklCell {
  nilai: number | null;
  deskripsi: string | null;
}

/**
 * The pure check of a save, shared by the server (422) and the screen: every bad cell at once as
 * `rows.<i>.<field>`, and the cleaned values (empty score → null: the cell is deleted).
 */
export function checkNilaiPklRows(rows: NilaiPklSave['rows']): {
  details: Record<string, string>;
  values: NilaiPklCell[];
} {
  const details: Record<string, string> = {};
  const seen = new Set<string>();
  const values = rows.map((row, i): NilaiPklCell => {
    const key = `${row.peserta_didik_id}#${row.tp_id ?? 'catatan'}`;
    const desc = row.deskripsi?.trim() ? row.deskripsi.trim() : null;
    if (seen.has(key)) details[`rows.${i}.${row.tp_id ? 'nilai' : 'catatan'}`] = PKL_NILAI_MESSAGES.duplicate;
    seen.add(key);
    if (row.tp_id === null) {
      if (desc && desc.length > CATATAN_PKL_MAX) details[`rows.${i}.catatan`] = PKL_NILAI_MESSAGES.catatanMax;
      return { nilai: null, deskripsi: desc };
    }
    const score = checkScore(row.nilai);
    if (!score.ok) details[`rows.${i}.nilai`] = score.message;
    if (desc && desc.length > DESKRIPSI_PKL_MAX)
      details[`rows.${i}.deskripsi`] = PKL_NILAI_MESSAGES.deskripsiMax;
    const nilai = score.ok ? score.value : null;
    if (score.ok && nilai === null && desc)
      details[`rows.${i}.nilai`] = PKL_NILAI_MESSAGES.deskripsiWithoutNilai;
    return { nilai, deskripsi: nilai === null ? null : desc };
  });
  return { details, values };
}

export const nilaiPklSavedSchema = z.object({
  message: z.string(),
  saved: z.number().int(),
  deleted: z.number().int(),
});
export type NilaiPklSaved = z.infer<typeof nilaiPklSavedSchema>;

export const pembelajaranIdParamsSchema = z.object({
  id: z.uuid({ error: 'ID pembelajaran tidak valid' }),
});

export const pklGeneratedSchema = z.object({
  message: z.string(),
  /** Pupils given a grade; pupils without any non-zero PKL score (their grade removed). */
  generated: z.number().int(),
  tanpa_nilai: z.array(z.object({ anggota_rombel_id: z.string(), nama: z.string() })),
});
export type PklGenerated = z.infer<typeof pklGeneratedSchema>;
