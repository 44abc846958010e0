import { COLUMN_LENGTH } from '@erapor/contract/column-lengths';
import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../columns';
import { anggotaRombel, guru, pesertaDidik, rombonganBelajar } from './referensi';
import { sekolah, semester } from './sekolah';

/*
 * UKK, the competency test (reference-domain §1.8, §5; issue #13; docs/decisions/038-ukk.md).
 * Names and keys are e-Rapor's (ref.paket_ukk becomes ref_paket_ukk, as every ref.* table here).
 *
 * - A package (ref_paket_ukk) belongs to a school, or to nobody (sekolah_id null): a national
 *   package, offered read-only to every school. Nomor paket is unique per school, programme and
 *   curriculum (national packages among themselves: NULLS NOT DISTINCT); kode unit per package.
 * - A plan (rencana_ukk) names its package without ON DELETE: a package used by a plan is not
 *   deleted (the API says so first; the foreign key is the backstop).
 * - nilai_ukk.nilai is null until the examiner enters a score (e-Rapor stored 0, which it printed
 *   as blank); 0–100 otherwise.
 */

const sekolahFk = () => uuid('sekolah_id').references(() => sekolah.sekolahId, { onDelete: 'cascade' });

/** Paket UKK: a programme's (jurusan_id) test package for one curriculum. status 1 = Aktif. */
export const refPaketUkk = pgTable(
  'ref_paket_ukk',
  {
    paketUkkId: uuid('paket_ukk_id').primaryKey().defaultRandom(),
    /** null: a national package (read-only for schools). */
    sekolahId: sekolahFk(),
    /** ref_jurusan code (no FK, as rombongan_belajar.jurusan_id). */
    jurusanId: varchar('jurusan_id', { length: COLUMN_LENGTH.ref_paket_ukk.jurusan_id }).notNull(),
    /** ref_kurikulum (no FK). */
    kurikulumId: integer('kurikulum_id').notNull(),
    kodeKompetensi: varchar('kode_kompetensi', { length: COLUMN_LENGTH.ref_paket_ukk.kode_kompetensi }),
    nomorPaket: varchar('nomor_paket', { length: COLUMN_LENGTH.ref_paket_ukk.nomor_paket }).notNull(),
    namaPaketId: text('nama_paket_id').notNull(),
    namaPaketEn: text('nama_paket_en').notNull(),
    status: smallint('status').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    unique('ref_paket_ukk_nomor')
      .on(t.sekolahId, t.jurusanId, t.kurikulumId, t.nomorPaket)
      .nullsNotDistinct(),
    check('ref_paket_ukk_status', sql`${t.status} in (0, 1)`),
    index('ref_paket_ukk_jurusan_idx').on(t.jurusanId, t.kurikulumId),
  ],
);

/** A unit of competence of a package (printed on the certificate's second page). */
export const unitUkk = pgTable(
  'unit_ukk',
  {
    unitUkkId: uuid('unit_ukk_id').primaryKey().defaultRandom(),
    sekolahId: sekolahFk(),
    paketUkkId: uuid('paket_ukk_id')
      .notNull()
      .references(() => refPaketUkk.paketUkkId, { onDelete: 'cascade' }),
    kodeUnit: varchar('kode_unit', { length: COLUMN_LENGTH.unit_ukk.kode_unit }).notNull(),
    namaUnitId: text('nama_unit_id').notNull(),
    namaUnitEn: text('nama_unit_en').notNull(),
    ...timestamps,
  },
  (t) => [unique('unit_ukk_paket_kode').on(t.paketUkkId, t.kodeUnit)],
);

/**
 * Rencana UKK: one class (rombongan_belajar_id, which e-Rapor derived from its pupils) tested on
 * one package, with the internal examiner (a guru holding `internal`) and the external one (an
 * asesor, jenis_ptk 98 with a DUDI). pola_ukk: who runs it (contract ukk/rules POLA_UKK).
 */
export const rencanaUkk = pgTable(
  'rencana_ukk',
  {
    rencanaUkkId: uuid('rencana_ukk_id').primaryKey().defaultRandom(),
    sekolahId: uuid('sekolah_id')
      .notNull()
      .references(() => sekolah.sekolahId, { onDelete: 'cascade' }),
    semesterId: varchar('semester_id', { length: COLUMN_LENGTH.rencana_ukk.semester_id })
      .notNull()
      .references(() => semester.semesterId),
    rombonganBelajarId: uuid('rombongan_belajar_id')
      .notNull()
      .references(() => rombonganBelajar.rombonganBelajarId, { onDelete: 'cascade' }),
    paketUkkId: uuid('paket_ukk_id')
      .notNull()
      .references(() => refPaketUkk.paketUkkId),
    internal: uuid('internal')
      .notNull()
      .references(() => guru.guruId),
    eksternal: uuid('eksternal')
      .notNull()
      .references(() => guru.guruId),
    tanggalSertifikat: date('tanggal_sertifikat').notNull(),
    polaUkk: varchar('pola_ukk', { length: COLUMN_LENGTH.rencana_ukk.pola_ukk }).notNull().default('sekolah'),
    ...timestamps,
  },
  (t) => [
    check('rencana_ukk_pola', sql`${t.polaUkk} in ('sekolah', 'dunia_kerja', 'lsp')`),
    index('rencana_ukk_sekolah_semester_idx').on(t.sekolahId, t.semesterId),
    index('rencana_ukk_internal_idx').on(t.internal, t.semesterId),
    index('rencana_ukk_paket_idx').on(t.paketUkkId),
  ],
);

/** A pupil of a plan and their score (null until entered). */
export const nilaiUkk = pgTable(
  'nilai_ukk',
  {
    nilaiUkkId: uuid('nilai_ukk_id').primaryKey().defaultRandom(),
    sekolahId: uuid('sekolah_id')
      .notNull()
      .references(() => sekolah.sekolahId, { onDelete: 'cascade' }),
    rencanaUkkId: uuid('rencana_ukk_id')
      .notNull()
      .references(() => rencanaUkk.rencanaUkkId, { onDelete: 'cascade' }),
    anggotaRombelId: uuid('anggota_rombel_id')
      .notNull()
      .references(() => anggotaRombel.anggotaRombelId, { onDelete: 'cascade' }),
    pesertaDidikId: uuid('peserta_didik_id')
      .notNull()
      .references(() => pesertaDidik.pesertaDidikId, { onDelete: 'cascade' }),
    nilai: smallint('nilai'),
    ...timestamps,
  },
  (t) => [
    unique('nilai_ukk_rencana_anggota_pd').on(t.rencanaUkkId, t.anggotaRombelId, t.pesertaDidikId),
    check('nilai_ukk_nilai', sql`${t.nilai} is null or ${t.nilai} between 0 and 100`),
    index('nilai_ukk_pd_idx').on(t.pesertaDidikId),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Template Sertifikat (Kaprog; issue #13 item 8): one per school, absent = the defaults of
 * contract ukk/template (title lines of §5, 3 years, the kabupaten, the head teacher, two-level
 * predicates, the school logo). Null columns fall back to those defaults at print time, so
 * "Kembalikan ke bawaan" deletes the row.
 */
export const templateSertifikatUkk = pgTable(
  'template_sertifikat_ukk',
  {
    sekolahId: uuid('sekolah_id')
      .primaryKey()
      .references(() => sekolah.sekolahId, { onDelete: 'cascade' }),
    judulId: text('judul_id'),
    judulEn: text('judul_en'),
    masaBerlaku: smallint('masa_berlaku'),
    tempat: text('tempat'),
    /** 'sekolah' (the school's logo) or 'tut_wuri' (the ministry's emblem). */
    logo: varchar('logo', { length: COLUMN_LENGTH.template_sertifikat_ukk.logo }),
    background: bytea('background'),
    backgroundMime: varchar('background_mime', {
      length: COLUMN_LENGTH.template_sertifikat_ukk.background_mime,
    }),
    penandatanganNama: text('penandatangan_nama'),
    penandatanganNip: varchar('penandatangan_nip', {
      length: COLUMN_LENGTH.template_sertifikat_ukk.penandatangan_nip,
    }),
    penandatanganJabatan: text('penandatangan_jabatan'),
    /** English programme names by ref_jurusan code (ref_jurusan has none). */
    jurusanEn: jsonb('jurusan_en').$type<Record<string, string>>(),
    predikatScheme: varchar('predikat_scheme', {
      length: COLUMN_LENGTH.template_sertifikat_ukk.predikat_scheme,
    }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('template_sertifikat_ukk_masa', sql`${t.masaBerlaku} is null or ${t.masaBerlaku} between 1 and 10`),
    check(
      'template_sertifikat_ukk_scheme',
      sql`${t.predikatScheme} is null or ${t.predikatScheme} in ('dua', 'empat')`,
    ),
    check('template_sertifikat_ukk_logo', sql`${t.logo} is null or ${t.logo} in ('sekolah', 'tut_wuri')`),
  ],
);
