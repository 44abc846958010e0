import { COLUMN_LENGTH } from '@erapor/contract/column-lengths';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './pengguna';
import { pesertaDidik } from './referensi';
import { sekolah } from './sekolah';

/*
 * A pupil's proposed corrections to their Biodata (issue #15; docs/decisions/046-biodata-teman-sekelas.md).
 * The proposal is kept apart from peserta_didik: nothing printed changes until the wali kelas or the
 * administrator approves it, and only then are the values written to peserta_didik.
 */

/** One proposal: the changed fields (contract BIODATA_FIELDS) with the value recorded then and the new one. */
export const usulanBiodata = pgTable(
  'usulan_biodata',
  {
    usulanBiodataId: uuid('usulan_biodata_id').primaryKey().defaultRandom(),
    sekolahId: uuid('sekolah_id')
      .notNull()
      .references(() => sekolah.sekolahId, { onDelete: 'cascade' }),
    pesertaDidikId: uuid('peserta_didik_id')
      .notNull()
      .references(() => pesertaDidik.pesertaDidikId, { onDelete: 'cascade' }),
    /** [{ field, lama, baru }] in the form's order. */
    perubahan: jsonb('perubahan').notNull(),
    /** diajukan → disetujui | ditolak. */
    status: varchar('status', { length: COLUMN_LENGTH.usulan_biodata.status }).notNull().default('diajukan'),
    diajukanOleh: uuid('diajukan_oleh').references(() => users.id, { onDelete: 'set null' }),
    diputuskanOleh: uuid('diputuskan_oleh').references(() => users.id, { onDelete: 'set null' }),
    diputuskanAt: timestamp('diputuskan_at', { withTimezone: true }),
    alasan: text('alasan'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('usulan_biodata_status', sql`${t.status} in ('diajukan', 'disetujui', 'ditolak')`),
    // At most one pending proposal per pupil: a new "Perbaharui" replaces it.
    uniqueIndex('usulan_biodata_pending').on(t.pesertaDidikId).where(sql`${t.status} = 'diajukan'`),
    index('usulan_biodata_sekolah_status_idx').on(t.sekolahId, t.status),
  ],
);
