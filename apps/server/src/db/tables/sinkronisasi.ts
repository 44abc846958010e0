import { COLUMN_LENGTH } from '@erapor/contract/column-lengths';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { sekolah, semester } from './sekolah';

/**
 * One pull sync from Dapodik (reference-dapodik §7.4 `sync_run`): the kinds asked for, the live
 * per-kind report (persisted at every kind boundary, so a refresh resumes the view) and the end.
 * At most one queued/running run per school and semester: the partial unique index makes a second
 * start fail even from another server process.
 */
export const sinkronisasiRun = pgTable(
  'sinkronisasi_run',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sekolahId: uuid('sekolah_id')
      .notNull()
      .references(() => sekolah.sekolahId, { onDelete: 'cascade' }),
    semesterId: varchar('semester_id', { length: COLUMN_LENGTH.sinkronisasi_run.semester_id })
      .notNull()
      .references(() => semester.semesterId),
    /** queued → running → done | failed | cancelled */
    status: varchar('status', { length: COLUMN_LENGTH.sinkronisasi_run.status }).notNull().default('queued'),
    /** SyncKindResult[] in sync order. */
    report: jsonb('report').notNull(),
    message: text('message'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sinkronisasi_run_one_active')
      .on(t.sekolahId, t.semesterId)
      .where(sql`${t.status} in ('queued', 'running')`),
    index('sinkronisasi_run_sekolah_idx').on(t.sekolahId, t.semesterId, t.createdAt),
  ],
);
