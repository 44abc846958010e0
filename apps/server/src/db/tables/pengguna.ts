import { COLUMN_LENGTH } from '@erapor/contract/column-lengths';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { sekolah, semester } from './sekolah';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A login. An operator account has neither guru_id nor peserta_didik_id (and is administrator);
 * a staff account has guru_id, a pupil account peserta_didik_id. Emails are stored lower-case.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('user_id').primaryKey().defaultRandom(),
    sekolahId: uuid('sekolah_id')
      .notNull()
      .references(() => sekolah.sekolahId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: varchar('email', { length: COLUMN_LENGTH.users.email }).notNull().unique(),
    username: varchar('username', { length: COLUMN_LENGTH.users.username }).unique(),
    passwordHash: text('password_hash').notNull(),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    guruId: uuid('guru_id'),
    pesertaDidikId: uuid('peserta_didik_id'),
    /** Version stamp of the stored photo (user_photo row); null = no photo. */
    photo: varchar('photo', { length: COLUMN_LENGTH.users.photo }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastLoginIp: varchar('last_login_ip', { length: COLUMN_LENGTH.users.last_login_ip }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('users_sekolah_idx').on(t.sekolahId),
    index('users_guru_idx').on(t.guruId),
    index('users_peserta_didik_idx').on(t.pesertaDidikId),
  ],
);

/** Roles are granted per semester (the reference's Laratrust "team"). */
export const roleUser = pgTable(
  'role_user',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: varchar('role', { length: COLUMN_LENGTH.role_user.role }).notNull(),
    semesterId: varchar('semester_id', { length: COLUMN_LENGTH.role_user.semester_id })
      .notNull()
      .references(() => semester.semesterId),
    sekolahId: uuid('sekolah_id')
      .notNull()
      .references(() => sekolah.sekolahId, { onDelete: 'cascade' }),
    source: varchar('source', { length: COLUMN_LENGTH.role_user.source }).notNull().default('manual'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('role_user_unique').on(t.userId, t.role, t.semesterId),
    index('role_user_user_semester_idx').on(t.userId, t.semesterId),
    index('role_user_sekolah_semester_idx').on(t.sekolahId, t.semesterId),
    check('role_user_source_check', sql`${t.source} in ('manual', 'generated')`),
  ],
);

/** Profile photos live in the database: one backup, both engines, no shared file store needed. */
export const userPhoto = pgTable('user_photo', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sekolahId: uuid('sekolah_id')
    .notNull()
    .references(() => sekolah.sekolahId, { onDelete: 'cascade' }),
  mimeType: varchar('mime_type', { length: COLUMN_LENGTH.user_photo.mime_type }).notNull(),
  data: bytea('data').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
