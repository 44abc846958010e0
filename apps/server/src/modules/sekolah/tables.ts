import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A school. Rows synced from Dapodik keep the Dapodik id in `sekolah_id_dapodik`. */
export const sekolah = pgTable('sekolah', {
  sekolahId: uuid('sekolah_id').primaryKey().defaultRandom(),
  npsn: varchar('npsn', { length: 8 }).notNull().unique(),
  nama: text('nama').notNull(),
  nss: varchar('nss', { length: 32 }),
  bentukPendidikanId: integer('bentuk_pendidikan_id'),
  statusSekolah: varchar('status_sekolah', { length: 16 }),
  alamat: text('alamat'),
  rt: varchar('rt', { length: 4 }),
  rw: varchar('rw', { length: 4 }),
  desaKelurahan: text('desa_kelurahan'),
  kecamatan: text('kecamatan'),
  kabupaten: text('kabupaten'),
  provinsi: text('provinsi'),
  kodeWilayah: varchar('kode_wilayah', { length: 16 }),
  kodePos: varchar('kode_pos', { length: 8 }),
  lintang: text('lintang'),
  bujur: text('bujur'),
  noTelp: varchar('no_telp', { length: 32 }),
  noFax: varchar('no_fax', { length: 32 }),
  email: text('email'),
  website: text('website'),
  sekolahIdDapodik: uuid('sekolah_id_dapodik').unique(),
  ...timestamps,
});

/** Academic year, keyed by its first calendar year (2024 = 2024/2025). Global per installation. */
export const tahunAjaran = pgTable('tahun_ajaran', {
  tahunAjaranId: integer('tahun_ajaran_id').primaryKey(),
  nama: varchar('nama', { length: 16 }).notNull(),
  periodeAktif: boolean('periode_aktif').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Semester '20241' = 2024/2025 Ganjil. Exactly one is active per installation. */
export const semester = pgTable(
  'semester',
  {
    semesterId: varchar('semester_id', { length: 5 }).primaryKey(),
    tahunAjaranId: integer('tahun_ajaran_id')
      .notNull()
      .references(() => tahunAjaran.tahunAjaranId),
    nama: varchar('nama', { length: 32 }).notNull(),
    semester: smallint('semester').notNull(),
    periodeAktif: boolean('periode_aktif').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('semester_semester_check', sql`${t.semester} in (1, 2)`),
    uniqueIndex('semester_one_active').on(t.periodeAktif).where(sql`${t.periodeAktif}`),
  ],
);

/** Key/value settings of a school, optionally per semester (reference §10 keys). */
export const settings = pgTable(
  'settings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sekolahId: uuid('sekolah_id')
      .notNull()
      .references(() => sekolah.sekolahId, { onDelete: 'cascade' }),
    semesterId: varchar('semester_id', { length: 5 }).references(() => semester.semesterId),
    key: varchar('key', { length: 100 }).notNull(),
    value: text('value'),
    ...timestamps,
  },
  (t) => [
    unique('settings_scope_key').on(t.sekolahId, t.semesterId, t.key).nullsNotDistinct(),
    index('settings_sekolah_idx').on(t.sekolahId),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** The school's logo (printed on report cards): in the database, so one backup holds everything. */
export const sekolahLogo = pgTable('sekolah_logo', {
  sekolahId: uuid('sekolah_id')
    .primaryKey()
    .references(() => sekolah.sekolahId, { onDelete: 'cascade' }),
  mimeType: varchar('mime_type', { length: 32 }).notNull(),
  data: bytea('data').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
