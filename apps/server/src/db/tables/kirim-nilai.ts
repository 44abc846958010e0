import { COLUMN_LENGTH } from '@erapor/contract/column-lengths';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { sekolah, semester } from './sekolah';

/**
 * What Kirim Nilai ke Dapodik sent (decision 017): one row per mata evaluasi (item_key
 * `matev:<pembelajaran_id>`) and per grade (`nilai:<pembelajaran_id>:<anggota_rombel_id>`), with the
 * stable Dapodik id used (id_evaluasi / nilai_id), the hash of the payload last accepted by Dapodik,
 * the status and the reason. A re-run posts only items that are not `sent` or whose payload changed.
 */
export const kirimNilaiItem = pgTable(
  'kirim_nilai_item',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sekolahId: uuid('sekolah_id')
      .notNull()
      .references(() => sekolah.sekolahId, { onDelete: 'cascade' }),
    semesterId: varchar('semester_id', { length: COLUMN_LENGTH.kirim_nilai_item.semester_id })
      .notNull()
      .references(() => semester.semesterId),
    rombonganBelajarId: uuid('rombongan_belajar_id').notNull(),
    pembelajaranId: uuid('pembelajaran_id').notNull(),
    /** null for a mata evaluasi. */
    anggotaRombelId: uuid('anggota_rombel_id'),
    /** 'matev' | 'nilai' */
    jenis: varchar('jenis', { length: COLUMN_LENGTH.kirim_nilai_item.jenis }).notNull(),
    itemKey: varchar('item_key', { length: COLUMN_LENGTH.kirim_nilai_item.item_key }).notNull(),
    /** id_evaluasi (matev) or nilai_id (nilai): never regenerated for the same item. */
    dapodikId: uuid('dapodik_id').notNull(),
    /** The payload to (re)send, without timestamps and updater. */
    payload: jsonb('payload'),
    /** Hash of the payload Dapodik last accepted (null: never accepted). */
    sentHash: varchar('sent_hash', { length: COLUMN_LENGTH.kirim_nilai_item.sent_hash }),
    /** pending | sent | failed | skipped */
    status: varchar('status', { length: COLUMN_LENGTH.kirim_nilai_item.status }).notNull().default('pending'),
    message: text('message'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('kirim_nilai_item_key').on(t.sekolahId, t.itemKey),
    index('kirim_nilai_item_rombel_idx').on(t.rombonganBelajarId, t.jenis),
  ],
);
