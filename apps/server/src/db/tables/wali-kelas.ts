import { COLUMN_LENGTH } from '@erapor/contract/column-lengths';
import { sql } from 'drizzle-orm';
import { check, pgTable, smallint, text, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../columns';
import { rencanaBudayaKerja } from './projek';
import { anggotaRombel, rombonganBelajar } from './referensi';
import { sekolah, sekolahRef } from './sekolah';

/*
 * The homeroom teacher's tables (reference-domain §1.10). Like the grades they hang off the pupil's
 * membership of a regular class (anggota_rombel), which reaches the semester.
 */

/**
 * Ketidakhadiran: one row per membership, whole days of Sakit, Izin and Alpa (Tanpa Keterangan),
 * each 0–200 (docs/decisions/026-wali-kelas-absensi.md). No row reads as 0, 0, 0.
 */
export const absensi = pgTable(
  'absensi',
  {
    absensiId: uuid('absensi_id').primaryKey().defaultRandom(),
    sekolahId: uuid('sekolah_id')
      .notNull()
      .references(() => sekolah.sekolahId, { onDelete: 'cascade' }),
    anggotaRombelId: uuid('anggota_rombel_id')
      .notNull()
      .references(() => anggotaRombel.anggotaRombelId, { onDelete: 'cascade' }),
    sakit: smallint('sakit').notNull().default(0),
    izin: smallint('izin').notNull().default(0),
    alpa: smallint('alpa').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('absensi_anggota_rombel').on(t.anggotaRombelId),
    check(
      'absensi_hari_check',
      sql`${t.sakit} between 0 and 200 and ${t.izin} between 0 and 200 and ${t.alpa} between 0 and 200`,
    ),
  ],
);

const anggotaRef = () =>
  uuid('anggota_rombel_id')
    .notNull()
    .references(() => anggotaRombel.anggotaRombelId, { onDelete: 'cascade' });

/**
 * e-Rapor 8's homeroom texts per pupil (issue #11 item 2): `type` 'catatan_walas' (Catatan Wali
 * Kelas) or 'kokurikuler' (from 20251), one text each, at most 1,000 characters.
 */
export const catatanWali = pgTable(
  'catatan_wali',
  {
    catatanWaliId: uuid('catatan_wali_id').primaryKey().defaultRandom(),
    sekolahId: sekolahRef(),
    anggotaRombelId: anggotaRef(),
    type: varchar('type', { length: COLUMN_LENGTH.catatan_wali.type }).notNull(),
    uraianDeskripsi: text('uraian_deskripsi').notNull(),
    ...timestamps,
  },
  (t) => [
    unique('catatan_wali_anggota_type').on(t.anggotaRombelId, t.type),
    check('catatan_wali_type_check', sql`${t.type} in ('catatan_walas', 'kokurikuler')`),
    check('catatan_wali_length_check', sql`char_length(${t.uraianDeskripsi}) <= 1000`),
  ],
);

/**
 * e-Rapor's catatan_budaya_kerja, dual use as there (exactly one of the two keys is set):
 * - budaya_kerja_id (ref_p5_dimensi.no): the K13 homeroom attitude summary, one text per pupil and
 *   P5 dimension, printed as "A. Sikap";
 * - rencana_budaya_kerja_id: the P5 project's "Catatan proses" of the pupil (projek/tables.ts;
 *   docs/decisions/037-projek-p5.md). Readers of one use filter on their key being set.
 */
export const catatanBudayaKerja = pgTable(
  'catatan_budaya_kerja',
  {
    catatanBudayaKerjaId: uuid('catatan_budaya_kerja_id').primaryKey().defaultRandom(),
    sekolahId: sekolahRef(),
    anggotaRombelId: anggotaRef(),
    budayaKerjaId: smallint('budaya_kerja_id'),
    rencanaBudayaKerjaId: uuid('rencana_budaya_kerja_id').references(
      () => rencanaBudayaKerja.rencanaBudayaKerjaId,
      { onDelete: 'cascade' },
    ),
    catatan: text('catatan').notNull(),
    ...timestamps,
  },
  (t) => [
    unique('catatan_budaya_kerja_anggota_dimensi').on(t.anggotaRombelId, t.budayaKerjaId),
    unique('catatan_budaya_kerja_anggota_rencana').on(t.anggotaRombelId, t.rencanaBudayaKerjaId),
    check('catatan_budaya_kerja_length_check', sql`char_length(${t.catatan}) <= 1000`),
    check(
      'catatan_budaya_kerja_one_use_check',
      sql`(${t.budayaKerjaId} is null) <> (${t.rencanaBudayaKerjaId} is null)`,
    ),
  ],
);

/**
 * Kenaikan Kelas (Genap only): status 1 Naik ke kelas, 2 Tetap dikelas, 3 Lulus, 4 Tidak Lulus
 * (reference-domain §7); `nama_kelas` the class named on the report (1: the chosen next class, 2: the
 * current one); `rombongan_belajar_id` the pupil's current class, as e-Rapor stores it.
 */
export const kenaikanKelas = pgTable(
  'kenaikan_kelas',
  {
    kenaikanKelasId: uuid('kenaikan_kelas_id').primaryKey().defaultRandom(),
    sekolahId: sekolahRef(),
    anggotaRombelId: anggotaRef(),
    rombonganBelajarId: uuid('rombongan_belajar_id')
      .notNull()
      .references(() => rombonganBelajar.rombonganBelajarId, { onDelete: 'cascade' }),
    status: smallint('status').notNull(),
    namaKelas: varchar('nama_kelas', { length: COLUMN_LENGTH.kenaikan_kelas.nama_kelas }),
    ...timestamps,
  },
  (t) => [
    unique('kenaikan_kelas_anggota_rombel').on(t.anggotaRombelId),
    check('kenaikan_kelas_status_check', sql`${t.status} between 1 and 4`),
  ],
);
