import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { anggotaRombel, pesertaDidik } from './referensi';
import { sekolah } from './sekolah';

/**
 * Template of the Surat Keterangan Lulus (issue #15 item 4; decision 047): one per school, absent =
 * the defaults of contract cetak/skl (SKL_BAWAAN). A null column prints its default, so
 * "Kembalikan ke bawaan" deletes the row. `tanggal_lulus` null: the semester's Tanggal Rapor Kelas
 * Akhir.
 */
export const templateSkl = pgTable('template_skl', {
  sekolahId: uuid('sekolah_id')
    .primaryKey()
    .references(() => sekolah.sekolahId, { onDelete: 'cascade' }),
  judul: text('judul'),
  pembuka: text('pembuka'),
  pernyataan: text('pernyataan'),
  penutup: text('penutup'),
  polaNomor: text('pola_nomor'),
  tanggalLulus: date('tanggal_lulus', { mode: 'string' }),
  tampilkanNilai: boolean('tampilkan_nilai'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The letter numbers given: one per pupil of a school (a reprint reads it back), the running
 * number unique in the school (never given twice, never reused, also after "Kembalikan ke bawaan"
 * or a changed pattern). `nomor` is the text printed, fixed when the number was given, so a later
 * change of the pattern or the date does not renumber a letter already handed out.
 */
export const nomorSkl = pgTable(
  'nomor_skl',
  {
    nomorSklId: uuid('nomor_skl_id').primaryKey().defaultRandom(),
    sekolahId: uuid('sekolah_id')
      .notNull()
      .references(() => sekolah.sekolahId, { onDelete: 'cascade' }),
    pesertaDidikId: uuid('peserta_didik_id')
      .notNull()
      // No cascade: a pupil's row going would free the highest number for another letter.
      .references(() => pesertaDidik.pesertaDidikId),
    /** The membership (class of the Lulus decision) the number was first given for. */
    anggotaRombelId: uuid('anggota_rombel_id').references(() => anggotaRombel.anggotaRombelId, {
      onDelete: 'set null',
    }),
    nomorUrut: integer('nomor_urut').notNull(),
    nomor: text('nomor').notNull(),
    tanggalLulus: date('tanggal_lulus', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('nomor_skl_sekolah_urut').on(t.sekolahId, t.nomorUrut),
    unique('nomor_skl_sekolah_pd').on(t.sekolahId, t.pesertaDidikId),
    check('nomor_skl_urut_positif', sql`${t.nomorUrut} > 0`),
  ],
);
