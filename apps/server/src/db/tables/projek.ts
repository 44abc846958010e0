import { COLUMN_LENGTH } from '@erapor/contract/column-lengths';
import { DESKRIPSI_PROJEK_MAX } from '@erapor/contract/projek/perencanaan';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../columns';
import { anggotaRombel, pembelajaran, rombonganBelajar } from './referensi';
import { refP5SubElemen } from './referensi-ref';
import { sekolahRef } from './sekolah';

/*
 * P5 projects of the Merdeka classes before 20251 (reference-domain §1.7, §4; issue #13;
 * docs/decisions/037-projek-p5.md). e-Rapor's table names and keys:
 * - rencana_budaya_kerja: one project of a class, on one of its themes (a child pembelajaran of the
 *   class's P5 subject 200040000), with its no_urut unique in the class;
 * - aspek_budaya_kerja: the project's chosen sub-elements (elemen_id = ref_p5_sub_elemen.no) with
 *   their dimension (budaya_kerja_id = ref_p5_dimensi.no, through P5_KODE_DIMENSI_TO_NO);
 * - nilai_budaya_kerja: project scores only (e-Rapor also kept teacher attitude notes there; ours
 *   live in nilai_sikap), one level (opsi_id MB 2, SB 5, BSH 3, SAB 4 — never BB 1) per pupil and
 *   aspek;
 * - the per-project "Catatan proses" is catatan_budaya_kerja with rencana_budaya_kerja_id set
 *   (wali-kelas/tables.ts), as in e-Rapor.
 * Deleting a project takes its aspek, scores and notes along (ON DELETE CASCADE).
 */

export const rencanaBudayaKerja = pgTable(
  'rencana_budaya_kerja',
  {
    rencanaBudayaKerjaId: uuid('rencana_budaya_kerja_id').primaryKey().defaultRandom(),
    sekolahId: sekolahRef(),
    rombonganBelajarId: uuid('rombongan_belajar_id')
      .notNull()
      .references(() => rombonganBelajar.rombonganBelajarId, { onDelete: 'cascade' }),
    /** The theme: a child pembelajaran (mapel 2000400x0) of the class's P5 pembelajaran. */
    pembelajaranId: uuid('pembelajaran_id')
      .notNull()
      .references(() => pembelajaran.pembelajaranId, { onDelete: 'cascade' }),
    nama: varchar('nama', { length: COLUMN_LENGTH.rencana_budaya_kerja.nama }).notNull(),
    deskripsi: text('deskripsi').notNull(),
    noUrut: smallint('no_urut').notNull(),
    ...timestamps,
  },
  (t) => [
    unique('rencana_budaya_kerja_rombel_no_urut').on(t.rombonganBelajarId, t.noUrut),
    index('rencana_budaya_kerja_pembelajaran_idx').on(t.pembelajaranId),
    check('rencana_budaya_kerja_no_urut_check', sql`${t.noUrut} between 1 and 99`),
    check(
      'rencana_budaya_kerja_deskripsi_check',
      sql`char_length(${t.deskripsi}) <= ${sql.raw(String(DESKRIPSI_PROJEK_MAX))}`,
    ),
  ],
);

export const aspekBudayaKerja = pgTable(
  'aspek_budaya_kerja',
  {
    aspekBudayaKerjaId: uuid('aspek_budaya_kerja_id').primaryKey().defaultRandom(),
    sekolahId: sekolahRef(),
    rencanaBudayaKerjaId: uuid('rencana_budaya_kerja_id')
      .notNull()
      .references(() => rencanaBudayaKerja.rencanaBudayaKerjaId, { onDelete: 'cascade' }),
    /** ref_p5_dimensi.no of the sub-element (through P5_KODE_DIMENSI_TO_NO). */
    budayaKerjaId: smallint('budaya_kerja_id').notNull(),
    /** ref_p5_sub_elemen.no: the chosen sub-element. */
    elemenId: smallint('elemen_id')
      .notNull()
      .references(() => refP5SubElemen.no),
    ...timestamps,
  },
  (t) => [unique('aspek_budaya_kerja_rencana_elemen').on(t.rencanaBudayaKerjaId, t.elemenId)],
);

export const nilaiBudayaKerja = pgTable(
  'nilai_budaya_kerja',
  {
    nilaiBudayaKerjaId: uuid('nilai_budaya_kerja_id').primaryKey().defaultRandom(),
    sekolahId: sekolahRef(),
    anggotaRombelId: uuid('anggota_rombel_id')
      .notNull()
      .references(() => anggotaRombel.anggotaRombelId, { onDelete: 'cascade' }),
    aspekBudayaKerjaId: uuid('aspek_budaya_kerja_id')
      .notNull()
      .references(() => aspekBudayaKerja.aspekBudayaKerjaId, { onDelete: 'cascade' }),
    /** ref_p5_opsi.opsi_id: MB 2, SB 5, BSH 3, SAB 4 (BB 1 is never given). */
    opsiId: smallint('opsi_id').notNull(),
    ...timestamps,
  },
  (t) => [
    unique('nilai_budaya_kerja_anggota_aspek').on(t.anggotaRombelId, t.aspekBudayaKerjaId),
    index('nilai_budaya_kerja_aspek_idx').on(t.aspekBudayaKerjaId),
    check('nilai_budaya_kerja_opsi_check', sql`${t.opsiId} in (2, 3, 4, 5)`),
  ],
);
