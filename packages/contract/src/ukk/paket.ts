import { z } from 'zod';
import { type ColumnName, type ColumnTable, columnLength, forColumn } from '../column-lengths';
import { listResponseSchema } from '../list';
import { optionSchema } from '../referensi/peserta-didik';

/**
 * Paket UKK (reference-screens §6.11, issue #13 item 5, docs/decisions/038-ukk.md), for any Kaprog
 * of the school:
 *   GET    /api/ukk/paket                 the school's packages and the national ones (server table)
 *   GET    /api/ukk/paket/pilihan         Kompetensi Keahlian → Kurikulum of the add form
 *   GET    /api/ukk/paket/:paket_ukk_id   one package with its units (Detil, Ubah)
 *   POST   /api/ukk/paket                 several packages of one programme and curriculum at once
 *   PUT    /api/ukk/paket/:paket_ukk_id   "Perbaharui Data": fields, status and the unit table
 *   PUT    /api/ukk/paket/:paket_ukk_id/status   Aktifkan / Non Aktifkan
 *   POST   /api/ukk/paket/:paket_ukk_id/unit     "Tambah Data Unit Kompetensi"
 *   DELETE /api/ukk/paket/:paket_ukk_id   only when no plan uses it
 * National packages (sekolah_id null) are listed with `nasional: true` and refuse every write (403).
 */

export const PAKET_MESSAGES = {
  jurusanRequired: 'Kompetensi Keahlian tidak boleh kosong!',
  kurikulumRequired: 'Kurikulum tidak boleh kosong!',
  nomorRequired: 'Nomor Paket tidak boleh kosong!',
  nomorMax: 'Nomor Paket maksimal 20 karakter!',
  namaIdRequired: 'Judul Paket (ID) tidak boleh kosong!',
  namaEnRequired: 'Judul Paket (EN) tidak boleh kosong!',
  namaMax: 'Judul Paket maksimal 500 karakter!',
  statusInvalid: 'Status harus Aktif atau Nonaktif!',
  paketRequired: 'Isi minimal satu Paket UKK!',
  paketMax: 'Paling banyak 50 Paket UKK sekaligus.',
  nomorDuplicateForm: 'Nomor Paket ini diisi lebih dari sekali.',
  nomorTaken: (nomor: string) =>
    `Nomor Paket ${nomor} sudah digunakan untuk Kompetensi Keahlian dan Kurikulum ini!`,
  kodeUnitRequired: 'Kode Unit tidak boleh kosong!',
  kodeUnitMax: 'Kode Unit maksimal 50 karakter!',
  namaUnitIdRequired: 'Nama Unit Kompetensi (Bahasa Indonesia) tidak boleh kosong!',
  namaUnitEnRequired: 'Nama Unit Kompetensi (Bahasa Inggris) tidak boleh kosong!',
  namaUnitMax: 'Nama Unit Kompetensi maksimal 500 karakter!',
  unitRequired: 'Isi minimal satu Unit Kompetensi!',
  unitMax: 'Paling banyak 100 Unit Kompetensi.',
  kodeUnitDuplicateForm: 'Kode Unit ini diisi lebih dari sekali.',
  kodeUnitTaken: (kode: string) => `Kode Unit ${kode} sudah ada pada paket ini!`,
  jurusanNotOffered:
    'Kompetensi Keahlian ini tidak memiliki rombongan belajar tingkat 12 atau 13 di semester ini.',
  kurikulumNotOffered:
    'Kurikulum ini tidak digunakan rombongan belajar tingkat 12/13 Kompetensi Keahlian ini.',
  nasional: 'Paket UKK nasional tidak dapat diubah atau dihapus.',
  notFound: 'Paket UKK tidak ditemukan.',
  unitNotFound: 'Unit UKK tidak ditemukan pada paket ini.',
  used: (n: number) =>
    `Paket UKK ini digunakan oleh ${n} Rencana Penilaian UKK dan tidak dapat dihapus. Hapus rencananya terlebih dahulu.`,
  saved: 'Data Paket UKK berhasil disimpan',
  unitSaved: 'Data Unit UKK berhasil disimpan',
  updated: 'Data Paket & Unit UKK berhasil diperbaharui',
  activated: 'Data Paket UKK berhasil diaktifkan',
  deactivated: 'Data Paket UKK berhasil dinonaktifkan',
  deleted: 'Paket UKK berhasil dihapus',
} as const;

export const PAKET_MAX = 50;
export const UNIT_MAX = 100;

const text = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong });

/** A required text stored in a varchar column: the column's length, tagged for the drift test. */
const columnText = <T extends ColumnTable>(
  table: T,
  column: ColumnName<T>,
  required: string,
  tooLong: string,
) => forColumn(text(required, columnLength(table, column), tooLong), table, column);

const statusSchema = z.union([z.literal(0), z.literal(1)], { error: PAKET_MESSAGES.statusInvalid });

const paketFields = {
  nomor_paket: columnText(
    'ref_paket_ukk',
    'nomor_paket',
    PAKET_MESSAGES.nomorRequired,
    PAKET_MESSAGES.nomorMax,
  ),
  nama_paket_id: text(PAKET_MESSAGES.namaIdRequired, 500, PAKET_MESSAGES.namaMax),
  nama_paket_en: text(PAKET_MESSAGES.namaEnRequired, 500, PAKET_MESSAGES.namaMax),
  status: statusSchema,
};

export const unitInputSchema = z.object({
  /** Ubah: the unit being kept (absent: a new unit). */
  unit_ukk_id: z.uuid({ error: PAKET_MESSAGES.unitNotFound }).optional(),
  kode_unit: columnText('unit_ukk', 'kode_unit', PAKET_MESSAGES.kodeUnitRequired, PAKET_MESSAGES.kodeUnitMax),
  nama_unit_id: text(PAKET_MESSAGES.namaUnitIdRequired, 500, PAKET_MESSAGES.namaUnitMax),
  nama_unit_en: text(PAKET_MESSAGES.namaUnitEnRequired, 500, PAKET_MESSAGES.namaUnitMax),
});
export type UnitInput = z.infer<typeof unitInputSchema>;

/** Kode unit compared as stored: trimmed, case-insensitive. */
export const kodeUnitKey = (kode: string) => kode.trim().toUpperCase();

const distinctBy = <T>(key: (v: T) => string, field: string, message: string) =>
  ((rows: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    rows.forEach((r, i) => {
      const k = key(r);
      if (seen.has(k)) ctx.addIssue({ code: 'custom', message, path: [i, field] });
      seen.add(k);
    });
  }) as (rows: T[], ctx: z.RefinementCtx) => void;

const unitsSchema = (min: number) =>
  z
    .array(unitInputSchema, { error: PAKET_MESSAGES.unitRequired })
    .min(min, { error: PAKET_MESSAGES.unitRequired })
    .max(UNIT_MAX, { error: PAKET_MESSAGES.unitMax })
    .superRefine(
      distinctBy<UnitInput>(
        (u) => kodeUnitKey(u.kode_unit),
        'kode_unit',
        PAKET_MESSAGES.kodeUnitDuplicateForm,
      ),
    );

/** "Tambah Paket Uji Kompetensi Keahlian": one programme and curriculum, several packages. */
export const paketCreateSchema = z.object({
  jurusan_id: columnText(
    'ref_paket_ukk',
    'jurusan_id',
    PAKET_MESSAGES.jurusanRequired,
    PAKET_MESSAGES.jurusanRequired,
  ),
  kurikulum_id: z.coerce
    .number({ error: PAKET_MESSAGES.kurikulumRequired })
    .int({ error: PAKET_MESSAGES.kurikulumRequired })
    .positive({ error: PAKET_MESSAGES.kurikulumRequired }),
  paket: z
    .array(z.object(paketFields), { error: PAKET_MESSAGES.paketRequired })
    .min(1, { error: PAKET_MESSAGES.paketRequired })
    .max(PAKET_MAX, { error: PAKET_MESSAGES.paketMax })
    .superRefine(
      distinctBy<{ nomor_paket: string }>(
        (p) => p.nomor_paket.trim().toUpperCase(),
        'nomor_paket',
        PAKET_MESSAGES.nomorDuplicateForm,
      ),
    ),
});
export type PaketCreate = z.infer<typeof paketCreateSchema>;
export type PaketCreateInput = z.input<typeof paketCreateSchema>;

/** "Perbaharui Data": the package's fields and its whole unit table (a unit left out is deleted). */
export const paketUpdateSchema = z.object({ ...paketFields, units: unitsSchema(0) });
export type PaketUpdate = z.infer<typeof paketUpdateSchema>;
export type PaketUpdateInput = z.input<typeof paketUpdateSchema>;

export const unitAddSchema = z.object({ units: unitsSchema(1) });
export type UnitAddInput = z.input<typeof unitAddSchema>;

export const paketStatusSchema = z.object({ status: statusSchema });

export const paketIdParamsSchema = z.object({ paket_ukk_id: z.uuid({ error: PAKET_MESSAGES.notFound }) });

// --- responses ---

export const paketRowSchema = z.object({
  paket_ukk_id: z.string(),
  jurusan_id: z.string(),
  nama_jurusan: z.string(),
  kurikulum_id: z.number().int(),
  nama_kurikulum: z.string(),
  nomor_paket: z.string(),
  nama_paket_id: z.string(),
  nama_paket_en: z.string(),
  status: z.number().int(),
  jml_unit: z.number().int(),
  /** Rencana UKK using it: Hapus is offered only at 0. */
  jml_rencana: z.number().int(),
  /** A national package: read-only (Detil only). */
  nasional: z.boolean(),
});
export type PaketRow = z.infer<typeof paketRowSchema>;

export const PAKET_SORT = ['nama_jurusan', 'nomor_paket', 'nama_paket_id', 'jml_unit', 'status'] as const;

export const paketListSchema = listResponseSchema(paketRowSchema);
export type PaketList = z.infer<typeof paketListSchema>;

export const unitRowSchema = z.object({
  unit_ukk_id: z.string(),
  kode_unit: z.string(),
  nama_unit_id: z.string(),
  nama_unit_en: z.string(),
});
export type UnitRow = z.infer<typeof unitRowSchema>;

export const paketDetailSchema = paketRowSchema.extend({
  kode_kompetensi: z.string().nullable(),
  units: z.array(unitRowSchema),
});
export type PaketDetail = z.infer<typeof paketDetailSchema>;

/** The add form's cascade: programmes with tingkat 12/13 classes this semester, each with its curricula. */
export const paketPilihanSchema = z.object({
  jurusan: z.array(optionSchema.extend({ kurikulum: z.array(optionSchema) })),
});
export type PaketPilihan = z.infer<typeof paketPilihanSchema>;

export const messageSchema = z.object({ message: z.string() });
