import { COLUMN_LENGTH } from '@erapor/contract/column-lengths';
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
import { timestamps } from '../columns';

/** A school. Rows synced from Dapodik keep the Dapodik id in `sekolah_id_dapodik`. */
export const sekolah = pgTable('sekolah', {
  sekolahId: uuid('sekolah_id').primaryKey().defaultRandom(),
  npsn: varchar('npsn', { length: COLUMN_LENGTH.sekolah.npsn }).notNull().unique(),
  nama: text('nama').notNull(),
  nss: varchar('nss', { length: COLUMN_LENGTH.sekolah.nss }),
  bentukPendidikanId: integer('bentuk_pendidikan_id'),
  statusSekolah: varchar('status_sekolah', { length: COLUMN_LENGTH.sekolah.status_sekolah }),
  alamat: text('alamat'),
  rt: varchar('rt', { length: COLUMN_LENGTH.sekolah.rt }),
  rw: varchar('rw', { length: COLUMN_LENGTH.sekolah.rw }),
  desaKelurahan: text('desa_kelurahan'),
  kecamatan: text('kecamatan'),
  kabupaten: text('kabupaten'),
  provinsi: text('provinsi'),
  kodeWilayah: varchar('kode_wilayah', { length: COLUMN_LENGTH.sekolah.kode_wilayah }),
  kodePos: varchar('kode_pos', { length: COLUMN_LENGTH.sekolah.kode_pos }),
  lintang: text('lintang'),
  bujur: text('bujur'),
  noTelp: varchar('no_telp', { length: COLUMN_LENGTH.sekolah.no_telp }),
  noFax: varchar('no_fax', { length: COLUMN_LENGTH.sekolah.no_fax }),
  email: text('email'),
  website: text('website'),
  sekolahIdDapodik: uuid('sekolah_id_dapodik').unique(),
  ...timestamps,
});

/** The `sekolah_id` column of a school's rows: deleted with its school (one definition for every tables file). */
export const sekolahRef = () =>
  uuid('sekolah_id')
    .notNull()
    .references(() => sekolah.sekolahId, { onDelete: 'cascade' });

/** Academic year, keyed by its first calendar year (2024 = 2024/2025). Global per installation. */
export const tahunAjaran = pgTable('tahun_ajaran', {
  tahunAjaranId: integer('tahun_ajaran_id').primaryKey(),
  nama: varchar('nama', { length: COLUMN_LENGTH.tahun_ajaran.nama }).notNull(),
  periodeAktif: boolean('periode_aktif').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Semester '20241' = 2024/2025 Ganjil. Exactly one is active per installation. */
export const semester = pgTable(
  'semester',
  {
    semesterId: varchar('semester_id', { length: COLUMN_LENGTH.semester.semester_id }).primaryKey(),
    tahunAjaranId: integer('tahun_ajaran_id')
      .notNull()
      .references(() => tahunAjaran.tahunAjaranId),
    nama: varchar('nama', { length: COLUMN_LENGTH.semester.nama }).notNull(),
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
    semesterId: varchar('semester_id', { length: COLUMN_LENGTH.settings.semester_id }).references(
      () => semester.semesterId,
    ),
    key: varchar('key', { length: COLUMN_LENGTH.settings.key }).notNull(),
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
  mimeType: varchar('mime_type', { length: COLUMN_LENGTH.sekolah_logo.mime_type }).notNull(),
  data: bytea('data').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
