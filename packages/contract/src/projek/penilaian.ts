import { z } from 'zod';
import { gateStateSchema } from '../penilaian/asesmen';
import { P5_OPSI_ID, P5_OPSI_ORDER, type P5OpsiId } from './rules';

/**
 * Proses Penilaian P5 (reference-screens §8.2, issue #13 item 2, docs/decisions/037-projek-p5.md):
 * per class a row per pupil, per project its sub-elements (one level MB, SB, BSH or SAB each, in
 * that order; BB is never offered) and a "Catatan proses", saved in one transaction with the
 * shared grid's stale check (penilaian/grid-save.ts on the server).
 *   GET /api/projek/penilaian/rombel                        the classes the caller coordinates
 *   GET /api/projek/penilaian/:rombongan_belajar_id         the grid
 *   PUT /api/projek/penilaian/:rombongan_belajar_id         save the changed cells
 */

export const CATATAN_PROSES_MAX = 1000;
export const MAX_P5_SAVE_ROWS = 6000;

/** The four levels offered, as the grid shows and takes them (codes and names; ids as stored). */
export const P5_LEVELS: readonly { opsi_id: P5OpsiId; kode: string; nama: string }[] = [
  { opsi_id: P5_OPSI_ID.MB, kode: 'MB', nama: 'Mulai Berkembang' },
  { opsi_id: P5_OPSI_ID.SB, kode: 'SB', nama: 'Sedang Berkembang' },
  { opsi_id: P5_OPSI_ID.BSH, kode: 'BSH', nama: 'Berkembang Sesuai Harapan' },
  { opsi_id: P5_OPSI_ID.SAB, kode: 'SAB', nama: 'Sangat Berkembang' },
];
if (P5_LEVELS.some((l, i) => l.opsi_id !== P5_OPSI_ORDER[i])) throw new Error('P5_LEVELS out of order');

export const P5_NILAI_MESSAGES = {
  saved: 'Nilai Projek berhasil disimpan',
  opsiInvalid: 'Nilai harus salah satu dari MB, SB, BSH atau SAB!',
  opsiBb: 'BB (Belum Berkembang) tidak digunakan: pilih MB, SB, BSH atau SAB!',
  catatanMax: `Catatan proses maksimal ${CATATAN_PROSES_MAX} karakter!`,
  pdNotInRombel: 'Peserta didik ini bukan anggota rombongan belajar ini.',
  aspekNotInRombel: 'Sub Elemen ini bukan bagian dari projek rombongan belajar ini.',
  rencanaNotInRombel: 'Projek ini bukan projek rombongan belajar ini.',
  cellKind: 'Isi salah satu: aspek_budaya_kerja_id (nilai) atau rencana_budaya_kerja_id (catatan proses).',
  duplicate: 'Sel yang sama dikirim lebih dari sekali.',
  noChanges: 'Tidak ada nilai yang diubah untuk disimpan.',
  conflict: (names: readonly string[]) =>
    `Nilai projek ${names.join(', ')} telah diubah oleh pengguna lain sejak Anda membukanya. Tidak ada yang disimpan; muat ulang data, lalu simpan lagi.`,
  idInvalid: 'ID tidak valid',
} as const;

export type OpsiCheck = { ok: true; value: P5OpsiId | null } | { ok: false; message: string };

const BY_TEXT = new Map<string, P5OpsiId>(
  P5_LEVELS.flatMap((l) => [
    [l.kode.toLowerCase(), l.opsi_id],
    [l.nama.toLowerCase(), l.opsi_id],
    [String(l.opsi_id), l.opsi_id],
  ]),
);

/**
 * A cell as typed or pasted: a code (MB, SB, BSH, SAB), a name ("Sedang Berkembang") in any case,
 * or a stored id (2, 5, 3, 4); empty → null (the score is removed). BB / 1 has its own message.
 */
export function checkOpsi(value: string | number | null | undefined): OpsiCheck {
  if (value === null || value === undefined) return { ok: true, value: null };
  const text = String(value).trim().toLowerCase().replace(/\s+/g, ' ');
  if (text === '') return { ok: true, value: null };
  const id = BY_TEXT.get(text);
  if (id !== undefined) return { ok: true, value: id };
  if (text === 'bb' || text === '1' || text === 'belum berkembang')
    return { ok: false, message: P5_NILAI_MESSAGES.opsiBb };
  return { ok: false, message: P5_NILAI_MESSAGES.opsiInvalid };
}

/** The code the grid shows for a stored id. */
export const kodeOfOpsi = (opsiId: number | null | undefined): string =>
  P5_LEVELS.find((l) => l.opsi_id === opsiId)?.kode ?? '';

const uuid = () => z.uuid({ error: P5_NILAI_MESSAGES.idInvalid });

// --- reads ---------------------------------------------------------------------------------

export const p5RombelListSchema = z.object({
  data: z.array(z.object({ rombongan_belajar_id: z.string(), nama: z.string(), tingkat: z.number().int() })),
});
export type P5RombelList = z.infer<typeof p5RombelListSchema>;

export const nilaiProjekGridSchema = z.object({
  rombongan_belajar_id: z.string(),
  rombel: z.string(),
  gate: gateStateSchema,
  /** The semester takes P5 writes (before 20251). */
  writable: z.boolean(),
  /** The caller may save now (writable and the gate open). */
  can_edit: z.boolean(),
  opsi: z.array(
    z.object({ opsi_id: z.number().int(), kode: z.string(), nama: z.string(), deskripsi: z.string() }),
  ),
  rencana: z.array(
    z.object({
      rencana_budaya_kerja_id: z.string(),
      nama: z.string(),
      no_urut: z.number().int(),
      aspek: z.array(
        z.object({
          aspek_budaya_kerja_id: z.string(),
          dimensi: z.string(),
          elemen: z.string(),
          sub_elemen: z.string(),
        }),
      ),
    }),
  ),
  siswa: z.array(
    z.object({
      anggota_rombel_id: z.string(),
      nama: z.string(),
      nisn: z.string().nullable(),
      /** Stored levels keyed by aspek_budaya_kerja_id (opsi_id). */
      nilai: z.record(z.string(), z.number().int()),
      /** Stored Catatan proses keyed by rencana_budaya_kerja_id. */
      catatan: z.record(z.string(), z.string()),
    }),
  ),
});
export type NilaiProjekGrid = z.infer<typeof nilaiProjekGridSchema>;

// --- the save ------------------------------------------------------------------------------

/**
 * aspek_budaya_kerja_id set: that sub-element's level in `nilai` (as typed: code, name or id; empty
 * removes it); rencana_budaya_kerja_id set: the project's Catatan proses in `catatan` (empty removes
 * it). `sebelumnya` is what the browser loaded: the opsi id, or the note's text (null: nothing).
 */
export const nilaiProjekSaveSchema = z.object({
  rows: z
    .array(
      z.object({
        anggota_rombel_id: uuid(),
        aspek_budaya_kerja_id: uuid().nullable().default(null),
        rencana_budaya_kerja_id: uuid().nullable().default(null),
        nilai: z.union([z.number(), z.string().max(40), z.null()]).default(null),
        catatan: z.string().max(10_000).nullable().default(null),
        sebelumnya: z.union([z.number().int(), z.string().max(10_000), z.null()]).default(null),
      }),
    )
    .min(1, { error: P5_NILAI_MESSAGES.noChanges })
    .max(MAX_P5_SAVE_ROWS, { error: `Paling banyak ${MAX_P5_SAVE_ROWS} baris per simpan` }),
});
export type NilaiProjekSave = z.infer<typeof nilaiProjekSaveSchema>;
export type NilaiProjekSaveInput = z.input<typeof nilaiProjekSaveSchema>;

/** A cell's value: an opsi id (score) or a note's text; null = nothing stored. */
export type P5CellValue = number | string | null;

/**
 * The pure check of a save, shared by the server (422) and the screen: every bad cell at once as
 * `rows.<i>.<field>`, and the cleaned values (score → opsi id, note → trimmed text, empty → null).
 */
export function checkNilaiProjekRows(rows: NilaiProjekSave['rows']): {
  details: Record<string, string>;
  values: P5CellValue[];
} {
  const details: Record<string, string> = {};
  const seen = new Set<string>();
  const values = rows.map((row, i): P5CellValue => {
    const score = row.aspek_budaya_kerja_id !== null;
    if (score === (row.rencana_budaya_kerja_id !== null)) {
      details[`rows.${i}.aspek_budaya_kerja_id`] = P5_NILAI_MESSAGES.cellKind;
      return null;
    }
    const key = `${row.anggota_rombel_id}#${row.aspek_budaya_kerja_id ?? `catatan:${row.rencana_budaya_kerja_id}`}`;
    if (seen.has(key)) details[`rows.${i}.${score ? 'nilai' : 'catatan'}`] = P5_NILAI_MESSAGES.duplicate;
    seen.add(key);
    if (score) {
      const opsi = checkOpsi(row.nilai);
      if (!opsi.ok) details[`rows.${i}.nilai`] = opsi.message;
      return opsi.ok ? opsi.value : null;
    }
    const text = row.catatan?.trim() ? row.catatan.trim() : null;
    if (text && text.length > CATATAN_PROSES_MAX) details[`rows.${i}.catatan`] = P5_NILAI_MESSAGES.catatanMax;
    return text;
  });
  return { details, values };
}

export const nilaiProjekSavedSchema = z.object({
  message: z.string(),
  saved: z.number().int(),
  deleted: z.number().int(),
});
export type NilaiProjekSaved = z.infer<typeof nilaiProjekSavedSchema>;

export const rombelIdParamsSchema = z.object({
  rombongan_belajar_id: z.uuid({ error: 'Rombongan belajar tidak ditemukan.' }),
});
