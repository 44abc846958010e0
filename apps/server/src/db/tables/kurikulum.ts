import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../columns';
import { users } from './pengguna';
import { pembelajaran } from './referensi';
import { sekolahRef } from './sekolah';

/*
 * The school's side of the curriculum: learning goals (TP) and which classes they are taught in,
 * and the school's own view of the national KD / CP rows.
 *
 * National KD and CP rows (ref_kompetensi_dasar, ref_capaian_pembelajaran, sekolah_id null) are
 * shared by every school of the installation: a school's alias or on/off switch is stored here,
 * per school, never on the national row. KD/CP a school writes itself go into the reference
 * tables with its sekolah_id (decision 007).
 */

/** A school's alias and on/off switch for a KD (national or its own). No row = the KD as published. */
export const kdSekolah = pgTable(
  'kd_sekolah',
  {
    sekolahId: sekolahRef(),
    /** ref_kompetensi_dasar (no FK: the national set may be re-imported). */
    kompetensiDasarId: uuid('kompetensi_dasar_id').notNull(),
    kompetensiDasarAlias: text('kompetensi_dasar_alias'),
    aktif: boolean('aktif').notNull().default(true),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.sekolahId, t.kompetensiDasarId] })],
);

/** A school's on/off switch for a CP. No row = active. */
export const cpSekolah = pgTable(
  'cp_sekolah',
  {
    sekolahId: sekolahRef(),
    /** ref_capaian_pembelajaran.cp_id (no FK). */
    cpId: integer('cp_id').notNull(),
    aktif: boolean('aktif').notNull().default(true),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.sekolahId, t.cpId] })],
);

/**
 * Tujuan pembelajaran: a learning goal under a CP (Kurikulum Merdeka) or a KD (K13). Owned by the
 * school, not bound to a semester: the same TPs serve next year's classes once mapped (tp_mapel).
 */
export const tujuanPembelajaran = pgTable(
  'tujuan_pembelajaran',
  {
    tpId: uuid('tp_id').primaryKey().defaultRandom(),
    sekolahId: sekolahRef(),
    cpId: integer('cp_id'),
    kdId: uuid('kd_id'),
    deskripsi: text('deskripsi').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    // The Excel upload upserts by (CP or KD, text): the same TP twice is one TP.
    unique('tp_sekolah_cp_kd_deskripsi').on(t.sekolahId, t.cpId, t.kdId, t.deskripsi).nullsNotDistinct(),
    index('tp_cp_idx').on(t.sekolahId, t.cpId),
    index('tp_kd_idx').on(t.sekolahId, t.kdId),
    check('tp_cp_or_kd', sql`(${t.cpId} is null) <> (${t.kdId} is null)`),
    check('tp_deskripsi_not_blank', sql`length(trim(${t.deskripsi})) > 0`),
  ],
);

/** Which pembelajaran (class + subject) a TP is taught and graded in. Only mapped TPs are graded. */
export const tpMapel = pgTable(
  'tp_mapel',
  {
    tpMapelId: uuid('tp_mapel_id').primaryKey().defaultRandom(),
    sekolahId: sekolahRef(),
    tpId: uuid('tp_id')
      .notNull()
      .references(() => tujuanPembelajaran.tpId, { onDelete: 'cascade' }),
    pembelajaranId: uuid('pembelajaran_id')
      .notNull()
      .references(() => pembelajaran.pembelajaranId, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    unique('tp_mapel_tp_pembelajaran').on(t.tpId, t.pembelajaranId),
    index('tp_mapel_pembelajaran_idx').on(t.pembelajaranId),
  ],
);
