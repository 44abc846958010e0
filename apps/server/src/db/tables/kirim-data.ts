import { COLUMN_LENGTH } from '@erapor/contract/column-lengths';
import { integer, pgTable, primaryKey, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { sekolah } from './sekolah';

/**
 * Kirim Data e-Rapor (decision 017): per school and table, the last row the central server confirmed,
 * as (updated_at, primary key) in the order rows are sent. Moved only after `{status: true}`.
 */
export const kirimDataWatermark = pgTable(
  'kirim_data_watermark',
  {
    sekolahId: uuid('sekolah_id')
      .notNull()
      .references(() => sekolah.sekolahId, { onDelete: 'cascade' }),
    tableName: varchar('table_name', { length: COLUMN_LENGTH.kirim_data_watermark.table_name }).notNull(),
    /** updated_at of the last confirmed row (null: nothing sent yet). */
    lastUpdatedAt: timestamp('last_updated_at', { withTimezone: true, precision: 6 }),
    /** Its primary key (text), breaking ties of equal updated_at. */
    lastRowId: text('last_row_id'),
    sentTotal: integer('sent_total').notNull().default(0),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sekolahId, t.tableName] })],
);
