import { COLUMN_LENGTH } from '@erapor/contract/column-lengths';
import { index, integer, jsonb, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { sekolah } from './sekolah';

/**
 * A background job (reference import, Dapodik sync, bulk printing...): one row per run, kept after
 * it ends so its result can still be read. `progress`/`total` are in the job's own unit (files,
 * rows); `result` is the job's final report.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sekolahId: uuid('sekolah_id').references(() => sekolah.sekolahId, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: COLUMN_LENGTH.jobs.kind }).notNull(),
    /** queued → running → done | failed */
    status: varchar('status', { length: COLUMN_LENGTH.jobs.status }).notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    total: integer('total'),
    message: text('message'),
    result: jsonb('result'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('jobs_kind_status_idx').on(t.kind, t.status), index('jobs_sekolah_idx').on(t.sekolahId)],
);
