import { COLUMN_LENGTH } from '@erapor/contract/column-lengths';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  date,
  index,
  pgTable,
  smallint,
  text,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../columns';
import { tujuanPembelajaran } from './kurikulum';
import { anggotaRombel, ekstrakurikuler, guru, pembelajaran } from './referensi';
import { sekolahRef, semester } from './sekolah';

/*
 * Grades. As in e-Rapor they hang off the membership (anggota_rombel), so a pupil who moves class
 * keeps the grades of the old membership. Every table has one row per natural key (the unique
 * constraints), so a save is an upsert and a retry never duplicates. Scores are whole numbers 0–100.
 *
 * Concurrent edits: a grid save sends, with each changed cell, the value the browser loaded; the
 * server compares it with the stored one under a lock and refuses the whole save on any mismatch
 * (no version column needed, and no silent overwrite).
 */

const anggotaRef = () =>
  uuid('anggota_rombel_id')
    .notNull()
    .references(() => anggotaRombel.anggotaRombelId, { onDelete: 'cascade' });
const pembelajaranRef = () =>
  uuid('pembelajaran_id')
    .notNull()
    .references(() => pembelajaran.pembelajaranId, { onDelete: 'cascade' });
const score = (name: string) => smallint(name).notNull();
const scoreCheck = (name: string, column: AnyPgColumn) => check(name, sql`${column} between 0 and 100`);

/** Sumatif Lingkup Materi: a score per pupil per TP of a pembelajaran. */
export const nilaiTp = pgTable(
  'nilai_tp',
  {
    nilaiTpId: uuid('nilai_tp_id').primaryKey().defaultRandom(),
    sekolahId: sekolahRef(),
    anggotaRombelId: anggotaRef(),
    pembelajaranId: pembelajaranRef(),
    tpId: uuid('tp_id')
      .notNull()
      .references(() => tujuanPembelajaran.tpId, { onDelete: 'cascade' }),
    nilai: score('nilai'),
    ...timestamps,
  },
  (t) => [
    unique('nilai_tp_anggota_pembelajaran_tp').on(t.anggotaRombelId, t.pembelajaranId, t.tpId),
    index('nilai_tp_pembelajaran_idx').on(t.pembelajaranId),
    scoreCheck('nilai_tp_nilai_check', t.nilai),
  ],
);

/**
 * Sumatif Akhir Semester: the 'tes' and 'non-tes' scores. e-Rapor also stores their mean as
 * jenis 'na'; we compute it (packages/contract penilaian rules) so it can never disagree.
 */
export const nilaiSumatif = pgTable(
  'nilai_sumatif',
  {
    nilaiSumatifId: uuid('nilai_sumatif_id').primaryKey().defaultRandom(),
    sekolahId: sekolahRef(),
    anggotaRombelId: anggotaRef(),
    pembelajaranId: pembelajaranRef(),
    jenis: varchar('jenis', { length: COLUMN_LENGTH.nilai_sumatif.jenis }).notNull(),
    nilai: score('nilai'),
    ...timestamps,
  },
  (t) => [
    unique('nilai_sumatif_anggota_pembelajaran_jenis').on(t.anggotaRombelId, t.pembelajaranId, t.jenis),
    index('nilai_sumatif_pembelajaran_idx').on(t.pembelajaranId),
    check('nilai_sumatif_jenis_check', sql`${t.jenis} in ('tes', 'non-tes')`),
    scoreCheck('nilai_sumatif_nilai_check', t.nilai),
  ],
);

/**
 * The final grade that is printed. kompetensi_id: 4 Kurikulum Merdeka, 1 K13 (and any non-Merdeka
 * curriculum), 99 the teacher's own grade of a parent subject that has sub-subjects.
 */
export const nilaiAkhir = pgTable(
  'nilai_akhir',
  {
    nilaiAkhirId: uuid('nilai_akhir_id').primaryKey().defaultRandom(),
    sekolahId: sekolahRef(),
    anggotaRombelId: anggotaRef(),
    pembelajaranId: pembelajaranRef(),
    kompetensiId: smallint('kompetensi_id').notNull(),
    nilai: score('nilai'),
    ...timestamps,
  },
  (t) => [
    unique('nilai_akhir_anggota_pembelajaran_kompetensi').on(
      t.anggotaRombelId,
      t.pembelajaranId,
      t.kompetensiId,
    ),
    index('nilai_akhir_pembelajaran_idx').on(t.pembelajaranId),
    scoreCheck('nilai_akhir_nilai_check', t.nilai),
    check('nilai_akhir_kompetensi_check', sql`${t.kompetensiId} in (1, 2, 3, 4, 99)`),
  ],
);

/** Ketercapaian per TP: kompeten 1 Tercapai, 0 Tidak tercapai; no row = not assessed. */
export const tpNilai = pgTable(
  'tp_nilai',
  {
    tpNilaiId: uuid('tp_nilai_id').primaryKey().defaultRandom(),
    sekolahId: sekolahRef(),
    anggotaRombelId: anggotaRef(),
    pembelajaranId: pembelajaranRef(),
    tpId: uuid('tp_id')
      .notNull()
      .references(() => tujuanPembelajaran.tpId, { onDelete: 'cascade' }),
    kompeten: smallint('kompeten').notNull(),
    ...timestamps,
  },
  (t) => [
    // e-Rapor's key included kompeten (a known bug); one verdict per pupil, subject and TP.
    unique('tp_nilai_anggota_pembelajaran_tp').on(t.anggotaRombelId, t.pembelajaranId, t.tpId),
    index('tp_nilai_pembelajaran_idx').on(t.pembelajaranId),
    check('tp_nilai_kompeten_check', sql`${t.kompeten} in (0, 1)`),
  ],
);

/**
 * Capaian Kompetensi texts. In Kurikulum Merdeka deskripsi_pengetahuan is the "achieved" text and
 * deskripsi_keterampilan the "needs improvement" text (reference-domain §3.3).
 */
export const deskripsiMataPelajaran = pgTable(
  'deskripsi_mata_pelajaran',
  {
    deskripsiMataPelajaranId: uuid('deskripsi_mata_pelajaran_id').primaryKey().defaultRandom(),
    sekolahId: sekolahRef(),
    anggotaRombelId: anggotaRef(),
    pembelajaranId: pembelajaranRef(),
    deskripsiPengetahuan: text('deskripsi_pengetahuan'),
    deskripsiKeterampilan: text('deskripsi_keterampilan'),
    ...timestamps,
  },
  (t) => [
    unique('deskripsi_mapel_anggota_pembelajaran').on(t.anggotaRombelId, t.pembelajaranId),
    index('deskripsi_mapel_pembelajaran_idx').on(t.pembelajaranId),
  ],
);

/**
 * Attitude observations (Penilaian Sikap): a teacher's dated note on a pupil for a P5 dimension and
 * element, positive (1) or negative (2). e-Rapor keeps them in nilai_budaya_kerja with guru_id set.
 */
export const nilaiSikap = pgTable(
  'nilai_sikap',
  {
    nilaiSikapId: uuid('nilai_sikap_id').primaryKey().defaultRandom(),
    sekolahId: sekolahRef(),
    semesterId: varchar('semester_id', { length: COLUMN_LENGTH.nilai_sikap.semester_id })
      .notNull()
      .references(() => semester.semesterId),
    anggotaRombelId: anggotaRef(),
    guruId: uuid('guru_id')
      .notNull()
      .references(() => guru.guruId, { onDelete: 'cascade' }),
    tanggal: date('tanggal', { mode: 'string' }).notNull(),
    /** ref_p5_dimensi.no */
    dimensiId: smallint('dimensi_id').notNull(),
    /** ref_p5_elemen.no */
    elemenId: smallint('elemen_id').notNull(),
    /** 1 Positif, 2 Negatif. */
    opsiId: smallint('opsi_id').notNull(),
    deskripsi: text('deskripsi').notNull(),
    ...timestamps,
  },
  (t) => [
    index('nilai_sikap_guru_idx').on(t.guruId, t.semesterId),
    index('nilai_sikap_anggota_idx').on(t.anggotaRombelId),
    check('nilai_sikap_opsi_check', sql`${t.opsiId} in (1, 2)`),
  ],
);

/** Extracurricular grade: 1 Sangat Baik, 2 Baik, 3 Cukup, 4 Kurang, and the printed description. */
export const nilaiEkstrakurikuler = pgTable(
  'nilai_ekstrakurikuler',
  {
    nilaiEkstrakurikulerId: uuid('nilai_ekstrakurikuler_id').primaryKey().defaultRandom(),
    sekolahId: sekolahRef(),
    /** Membership of the pupil in the ekskul's jenis-51 rombel. */
    anggotaRombelId: anggotaRef(),
    ekstrakurikulerId: uuid('ekstrakurikuler_id')
      .notNull()
      .references(() => ekstrakurikuler.ekstrakurikulerId, { onDelete: 'cascade' }),
    nilai: smallint('nilai').notNull(),
    deskripsiEkskul: text('deskripsi_ekskul'),
    ...timestamps,
  },
  (t) => [
    unique('nilai_ekskul_anggota_ekskul').on(t.anggotaRombelId, t.ekstrakurikulerId),
    index('nilai_ekskul_ekskul_idx').on(t.ekstrakurikulerId),
    check('nilai_ekskul_nilai_check', sql`${t.nilai} between 1 and 4`),
  ],
);
