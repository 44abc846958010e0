import { COLUMN_LENGTH } from '@erapor/contract/column-lengths';
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { sekolah } from './sekolah';

/**
 * Riwayat Perubahan Nilai (issue #16 item 5, docs/decisions/045-riwayat-nilai.md): one row per
 * changed grade cell, written by ./record.ts in the transaction of the change. Append-only: no
 * route updates or deletes it; only the school's own removal (cascade) or a restore replaces it.
 *
 * Pupil, class, subject and user are plain ids without foreign keys on purpose: the history must
 * outlive a pupil's membership, a subject or an account that a later sync or the administrator
 * removes. The names shown are read by a left join (and the user's name is kept here, since an
 * account can be deleted). Values are kept as the text the grid shows (a score, a description, a
 * status), so one table serves every kind of grade.
 */
export const SUMBER_RIWAYAT = ['layar', 'excel', 'salin', 'sinkronisasi', 'restore'] as const;

export const riwayatNilai = pgTable(
  'riwayat_nilai',
  {
    riwayatNilaiId: bigint('riwayat_nilai_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sekolahId: uuid('sekolah_id')
      .notNull()
      .references(() => sekolah.sekolahId, { onDelete: 'cascade' }),
    semesterId: varchar('semester_id', { length: COLUMN_LENGTH.riwayat_nilai.semester_id }).notNull(),
    waktu: timestamp('waktu', { withTimezone: true }).notNull().defaultNow(),
    userId: uuid('user_id'),
    /** The account's name at the time (the account may be deleted later). */
    namaPengguna: text('nama_pengguna').notNull(),
    /** The roles the user held in the semester, comma-separated ("guru,wali"). */
    peran: varchar('peran', { length: COLUMN_LENGTH.riwayat_nilai.peran }).notNull(),
    rombonganBelajarId: uuid('rombongan_belajar_id'),
    /** The pupil: the class membership, or (PKL grids, which key pupils so) the pupil only. */
    anggotaRombelId: uuid('anggota_rombel_id'),
    pesertaDidikId: uuid('peserta_didik_id'),
    /** The subject, for grades of a pembelajaran; null for a class's own grids (absensi, sikap…). */
    pembelajaranId: uuid('pembelajaran_id'),
    /** Which grade: nilai_tp, sumatif, nilai_akhir, ketercapaian, capaian, absensi… */
    jenis: varchar('jenis', { length: COLUMN_LENGTH.riwayat_nilai.jenis }).notNull(),
    /** The cell within the pupil's grade (a TP id, 'tes', 'sakit'…); '' when the kind has one. */
    kunci: varchar('kunci', { length: COLUMN_LENGTH.riwayat_nilai.kunci }).notNull().default(''),
    nilaiLama: text('nilai_lama'),
    nilaiBaru: text('nilai_baru'),
    sumber: varchar('sumber', { length: COLUMN_LENGTH.riwayat_nilai.sumber }).notNull(),
  },
  (t) => [
    // The screen's filters, newest first. Every index is paid by every save (432 rows for a full
    // grid), so only these: the school's semester (also serves the user and date filters), a class,
    // a subject (also a cell's history), a pupil's memberships. PKL rows keyed by peserta_didik are
    // found through their class.
    index('riwayat_nilai_semester_waktu_idx').on(t.sekolahId, t.semesterId, t.waktu),
    index('riwayat_nilai_rombel_waktu_idx').on(t.rombonganBelajarId, t.waktu),
    index('riwayat_nilai_pembelajaran_waktu_idx').on(t.pembelajaranId, t.waktu),
    index('riwayat_nilai_anggota_idx').on(t.anggotaRombelId),
    check(
      'riwayat_nilai_sumber_check',
      sql`${t.sumber} in ('layar', 'excel', 'salin', 'sinkronisasi', 'restore')`,
    ),
  ],
);
