import { COLUMN_LENGTH } from '@erapor/contract/column-lengths';
import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, smallint, text, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../columns';
import { tujuanPembelajaran } from './kurikulum';
import { aktPd, guru, pesertaDidik, rombonganBelajar } from './referensi';
import { sekolahRef, semester } from './sekolah';

/*
 * PKL from 2023/24 (reference-domain §1.9, §6; issue #12; docs/decisions/034-pkl.md).
 *
 * Unlike the semester grades these hang off the pupil (peserta_didik_id) and the plan, as in
 * e-Rapor: a plan is one class's placement at one PKS, and a pupil may have two placements. The
 * PKS membership (anggota_akt_pd, synced from Dapodik) is copied into pd_pkl when the plan is
 * saved, so a re-sync that drops a pupil from a PKS leaves their scores, notes and attendance in
 * place until the supervisor edits the plan (and confirms losing them).
 *
 * The PKS (akt_pd) and the supervisor (guru) are referenced without ON DELETE: a hard delete of
 * either while plans exist is refused rather than silently taking the scores along (both are
 * normally kept by the sync). A deleted TP takes its PKL scores along, as nilai_tp does.
 */

const pklRef = () =>
  uuid('pkl_id')
    .notNull()
    .references(() => praktikKerjaLapangan.pklId, { onDelete: 'cascade' });
const pdRef = () =>
  uuid('peserta_didik_id')
    .notNull()
    .references(() => pesertaDidik.pesertaDidikId, { onDelete: 'cascade' });

/**
 * Rencana Penilaian PKL: guru_id is the Pembimbing PKL who owns the plan; instruktur and nip the
 * DUDI's instructor (free text, suggested from Referensi Instruktur). One plan per PKS and class.
 * updated_at moves on every edit: an edit carries the value it loaded, a different one is a 409.
 */
export const praktikKerjaLapangan = pgTable(
  'praktik_kerja_lapangan',
  {
    pklId: uuid('pkl_id').primaryKey().defaultRandom(),
    sekolahId: sekolahRef(),
    semesterId: varchar('semester_id', { length: COLUMN_LENGTH.praktik_kerja_lapangan.semester_id })
      .notNull()
      .references(() => semester.semesterId),
    guruId: uuid('guru_id')
      .notNull()
      .references(() => guru.guruId),
    rombonganBelajarId: uuid('rombongan_belajar_id')
      .notNull()
      .references(() => rombonganBelajar.rombonganBelajarId, { onDelete: 'cascade' }),
    aktPdId: uuid('akt_pd_id')
      .notNull()
      .references(() => aktPd.aktPdId),
    tanggalMulai: date('tanggal_mulai', { mode: 'string' }).notNull(),
    tanggalSelesai: date('tanggal_selesai', { mode: 'string' }).notNull(),
    instruktur: varchar('instruktur', { length: COLUMN_LENGTH.praktik_kerja_lapangan.instruktur }).notNull(),
    nip: varchar('nip', { length: COLUMN_LENGTH.praktik_kerja_lapangan.nip }),
    ...timestamps,
  },
  (t) => [
    unique('pkl_rombel_akt_pd').on(t.rombonganBelajarId, t.aktPdId),
    index('pkl_sekolah_semester_idx').on(t.sekolahId, t.semesterId),
    index('pkl_guru_idx').on(t.guruId, t.semesterId),
    index('pkl_akt_pd_idx').on(t.aktPdId),
    check('pkl_tanggal_check', sql`${t.tanggalSelesai} >= ${t.tanggalMulai}`),
  ],
);

/** The TPs a plan assesses (mapped to the supervisor's PKL subject when chosen). */
export const tpPkl = pgTable(
  'tp_pkl',
  {
    tpPklId: uuid('tp_pkl_id').primaryKey().defaultRandom(),
    sekolahId: sekolahRef(),
    pklId: pklRef(),
    tpId: uuid('tp_id')
      .notNull()
      .references(() => tujuanPembelajaran.tpId, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [unique('tp_pkl_pkl_tp').on(t.pklId, t.tpId), index('tp_pkl_tp_idx').on(t.tpId)],
);

/** Participants of a plan and the supervisor's note ("Catatan PKL", printed as Keterangan). */
export const pdPkl = pgTable(
  'pd_pkl',
  {
    pdPklId: uuid('pd_pkl_id').primaryKey().defaultRandom(),
    sekolahId: sekolahRef(),
    pklId: pklRef(),
    pesertaDidikId: pdRef(),
    catatan: text('catatan'),
    ...timestamps,
  },
  (t) => [
    unique('pd_pkl_pkl_pd').on(t.pklId, t.pesertaDidikId),
    index('pd_pkl_pd_idx').on(t.pesertaDidikId),
    check('pd_pkl_catatan_length_check', sql`char_length(${t.catatan}) <= 1000`),
  ],
);

/** A score per pupil, plan and TP: whole 0–100, with an optional description (≤ 500). */
export const nilaiPkl = pgTable(
  'nilai_pkl',
  {
    nilaiPklId: uuid('nilai_pkl_id').primaryKey().defaultRandom(),
    sekolahId: sekolahRef(),
    pesertaDidikId: pdRef(),
    pklId: pklRef(),
    tpId: uuid('tp_id')
      .notNull()
      .references(() => tujuanPembelajaran.tpId, { onDelete: 'cascade' }),
    nilai: smallint('nilai').notNull(),
    deskripsi: text('deskripsi'),
    ...timestamps,
  },
  (t) => [
    unique('nilai_pkl_pd_pkl_tp').on(t.pesertaDidikId, t.pklId, t.tpId),
    index('nilai_pkl_pkl_idx').on(t.pklId),
    check('nilai_pkl_nilai_check', sql`${t.nilai} between 0 and 100`),
    check('nilai_pkl_deskripsi_length_check', sql`char_length(${t.deskripsi}) <= 500`),
  ],
);

/** Days of absence during a placement (Sakit, Izin, Alpa), summing to at most its days. */
export const absensiPkl = pgTable(
  'absensi_pkl',
  {
    absensiPklId: uuid('absensi_pkl_id').primaryKey().defaultRandom(),
    sekolahId: sekolahRef(),
    pesertaDidikId: pdRef(),
    pklId: pklRef(),
    sakit: smallint('sakit').notNull().default(0),
    izin: smallint('izin').notNull().default(0),
    alpa: smallint('alpa').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    unique('absensi_pkl_pd_pkl').on(t.pesertaDidikId, t.pklId),
    index('absensi_pkl_pkl_idx').on(t.pklId),
    check('absensi_pkl_hari_check', sql`${t.sakit} >= 0 and ${t.izin} >= 0 and ${t.alpa} >= 0`),
  ],
);
