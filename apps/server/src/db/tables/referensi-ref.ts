import { COLUMN_LENGTH } from '@erapor/contract/column-lengths';
import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { sekolah } from './sekolah';

/*
 * National reference tables (the published files in ../shared/reference). Every column is named
 * exactly as the field of the JSON file (or the header of the workbook) it comes from, and the
 * primary key is the file's natural key, so an importer can stream a file and upsert each row with
 * ON CONFLICT (<key>). Values are typed as what they mean (the files carry numbers as strings, e.g.
 * jenis_ptk_id "3": PostgreSQL casts them on insert). The files' own bookkeeping dates are kept as
 * published (mode 'string', no time zone) so a second import can tell that nothing changed.
 *
 * School tables never reference these with foreign keys: Dapodik may send codes before the
 * national files are imported (docs/decisions/007-school-data-schema.md).
 */

const ts = (name: string) => timestamp(name, { mode: 'string' });

/** create_date / last_update / expired_date / last_sync of the Dapodik reference files. */
const dapodikDates = {
  createDate: ts('create_date'),
  lastUpdate: ts('last_update'),
  /** Set = retired code; keep the row (old records still use it), filter on use. */
  expiredDate: ts('expired_date'),
  lastSync: ts('last_sync'),
};

/** created_at / updated_at / deleted_at of the e-Rapor-made files (ref_agama, gelar, ref_kelompok). */
const laravelDates = {
  createdAt: ts('created_at'),
  updatedAt: ts('updated_at'),
  deletedAt: ts('deleted_at'),
};

/** ref_agama.json */
export const refAgama = pgTable('ref_agama', {
  id: integer('id').primaryKey(),
  nama: varchar('nama', { length: COLUMN_LENGTH.ref_agama.nama }).notNull(),
  ...laravelDates,
});

/** pekerjaan.json */
export const refPekerjaan = pgTable('ref_pekerjaan', {
  pekerjaanId: integer('pekerjaan_id').primaryKey(),
  nama: varchar('nama', { length: COLUMN_LENGTH.ref_pekerjaan.nama }).notNull(),
  aWirausaha: smallint('a_wirausaha'),
  aPejabatPublik: smallint('a_pejabat_publik'),
  ...dapodikDates,
});

/** jenis_ptk.json (97 instruktur and 98 asesor are e-Rapor's own, created by the built-in set). */
export const refJenisPtk = pgTable('ref_jenis_ptk', {
  jenisPtkId: integer('jenis_ptk_id').primaryKey(),
  jenisPtk: varchar('jenis_ptk', { length: COLUMN_LENGTH.ref_jenis_ptk.jenis_ptk }).notNull(),
  guruKelas: smallint('guru_kelas'),
  guruMatpel: smallint('guru_matpel'),
  guruBk: smallint('guru_bk'),
  guruInklusi: smallint('guru_inklusi'),
  guruPengganti: smallint('guru_pengganti'),
  pengawasSatdik: smallint('pengawas_satdik'),
  pengawasPlb: smallint('pengawas_plb'),
  pengawasMatpel: smallint('pengawas_matpel'),
  pengawasBidang: smallint('pengawas_bidang'),
  tas: smallint('tas'),
  tendikLainnya: smallint('tendik_lainnya'),
  formal: smallint('formal'),
  ...dapodikDates,
});

/** status_kepegawaian.json */
export const refStatusKepegawaian = pgTable('ref_status_kepegawaian', {
  statusKepegawaianId: integer('status_kepegawaian_id').primaryKey(),
  nama: varchar('nama', { length: COLUMN_LENGTH.ref_status_kepegawaian.nama }).notNull(),
  ...dapodikDates,
});

/** jabatan_ptk.json */
export const refJabatanPtk = pgTable('ref_jabatan_ptk', {
  jabatanPtkId: integer('jabatan_ptk_id').primaryKey(),
  nama: varchar('nama', { length: COLUMN_LENGTH.ref_jabatan_ptk.nama }).notNull(),
  jabatanUtama: smallint('jabatan_utama'),
  tugasTambahanGuru: smallint('tugas_tambahan_guru'),
  jumlahJamDiakui: smallint('jumlah_jam_diakui'),
  harusReferUnitOrg: smallint('harus_refer_unit_org'),
  ...dapodikDates,
});

/**
 * gelar_akademik.json (Dapodik, 287 rows) and gelar.json (e-Rapor's copy, 263 rows): the same key
 * and fields, each file bringing its own bookkeeping dates. posisi_gelar 1 = before, 2 = after the name.
 */
export const refGelarAkademik = pgTable('ref_gelar_akademik', {
  gelarAkademikId: integer('gelar_akademik_id').primaryKey(),
  kode: varchar('kode', { length: COLUMN_LENGTH.ref_gelar_akademik.kode }).notNull(),
  nama: varchar('nama', { length: COLUMN_LENGTH.ref_gelar_akademik.nama }),
  posisiGelar: smallint('posisi_gelar').notNull(),
  ...dapodikDates,
  ...laravelDates,
});

/** level_wilayah.json */
export const refLevelWilayah = pgTable('ref_level_wilayah', {
  idLevelWilayah: smallint('id_level_wilayah').primaryKey(),
  levelWilayah: varchar('level_wilayah', { length: COLUMN_LENGTH.ref_level_wilayah.level_wilayah }).notNull(),
  ...dapodikDates,
});

/**
 * mst_wilayah_0..3.json. kode_wilayah is Dapodik's code padded to 8 characters ("026504  ") and is
 * kept padded: school rows carry the same padded code.
 */
export const refMstWilayah = pgTable(
  'ref_mst_wilayah',
  {
    kodeWilayah: varchar('kode_wilayah', { length: COLUMN_LENGTH.ref_mst_wilayah.kode_wilayah }).primaryKey(),
    nama: varchar('nama', { length: COLUMN_LENGTH.ref_mst_wilayah.nama }).notNull(),
    idLevelWilayah: smallint('id_level_wilayah').notNull(),
    mstKodeWilayah: varchar('mst_kode_wilayah', { length: COLUMN_LENGTH.ref_mst_wilayah.mst_kode_wilayah }),
    negaraId: varchar('negara_id', { length: COLUMN_LENGTH.ref_mst_wilayah.negara_id }),
    asalWilayah: varchar('asal_wilayah', { length: COLUMN_LENGTH.ref_mst_wilayah.asal_wilayah }),
    kodeBps: varchar('kode_bps', { length: COLUMN_LENGTH.ref_mst_wilayah.kode_bps }),
    kodeDagri: varchar('kode_dagri', { length: COLUMN_LENGTH.ref_mst_wilayah.kode_dagri }),
    kodeKeu: varchar('kode_keu', { length: COLUMN_LENGTH.ref_mst_wilayah.kode_keu }),
    idProv: varchar('id_prov', { length: COLUMN_LENGTH.ref_mst_wilayah.id_prov }),
    idKabkota: varchar('id_kabkota', { length: COLUMN_LENGTH.ref_mst_wilayah.id_kabkota }),
    idKec: varchar('id_kec', { length: COLUMN_LENGTH.ref_mst_wilayah.id_kec }),
    aDesa: smallint('a_desa'),
    aKelurahan: smallint('a_kelurahan'),
    a35: smallint('a_35'),
    aUrban: smallint('a_urban'),
    kategoriDesaId: smallint('kategori_desa_id'),
    ...dapodikDates,
  },
  (t) => [index('ref_mst_wilayah_parent_idx').on(t.mstKodeWilayah)],
);

/** negara.json */
export const refNegara = pgTable('ref_negara', {
  negaraId: varchar('negara_id', { length: COLUMN_LENGTH.ref_negara.negara_id }).primaryKey(),
  nama: varchar('nama', { length: COLUMN_LENGTH.ref_negara.nama }).notNull(),
  luarNegeri: smallint('luar_negeri'),
  ...dapodikDates,
});

/** jurusan.json. jurusan_induk: bidang > program keahlian > konsentrasi keahlian. */
export const refJurusan = pgTable(
  'ref_jurusan',
  {
    jurusanId: varchar('jurusan_id', { length: COLUMN_LENGTH.ref_jurusan.jurusan_id }).primaryKey(),
    namaJurusan: text('nama_jurusan').notNull(),
    untukSma: smallint('untuk_sma'),
    untukSmk: smallint('untuk_smk'),
    untukPt: smallint('untuk_pt'),
    untukSlb: smallint('untuk_slb'),
    untukSmklb: smallint('untuk_smklb'),
    jenjangPendidikanId: smallint('jenjang_pendidikan_id'),
    jurusanInduk: varchar('jurusan_induk', { length: COLUMN_LENGTH.ref_jurusan.jurusan_induk }),
    levelBidangId: varchar('level_bidang_id', { length: COLUMN_LENGTH.ref_jurusan.level_bidang_id }),
    ...dapodikDates,
  },
  (t) => [index('ref_jurusan_induk_idx').on(t.jurusanInduk)],
);

/** kurikulum.json. The curriculum kind is read from nama_kurikulum ("Merdeka", "REV", ...). */
export const refKurikulum = pgTable('ref_kurikulum', {
  kurikulumId: integer('kurikulum_id').primaryKey(),
  namaKurikulum: text('nama_kurikulum').notNull(),
  mulaiBerlaku: date('mulai_berlaku'),
  sistemSks: smallint('sistem_sks'),
  totalSks: smallint('total_sks'),
  jenjangPendidikanId: smallint('jenjang_pendidikan_id'),
  jurusanId: varchar('jurusan_id', { length: COLUMN_LENGTH.ref_kurikulum.jurusan_id }),
  ...dapodikDates,
});

/** mata_pelajaran.json (+ e-Rapor's own 800001000 Praktik Kerja Lapangan from the built-in set). */
export const refMataPelajaran = pgTable('ref_mata_pelajaran', {
  mataPelajaranId: integer('mata_pelajaran_id').primaryKey(),
  nama: text('nama').notNull(),
  pilihanSekolah: smallint('pilihan_sekolah'),
  pilihanBuku: smallint('pilihan_buku'),
  pilihanKepengawasan: smallint('pilihan_kepengawasan'),
  pilihanEvaluasi: smallint('pilihan_evaluasi'),
  jurusanId: varchar('jurusan_id', { length: COLUMN_LENGTH.ref_mata_pelajaran.jurusan_id }),
  ...dapodikDates,
});

/** mata_pelajaran_kurikulum/*.json (170 parts): the subjects of a curriculum per tingkat. */
export const refMataPelajaranKurikulum = pgTable(
  'ref_mata_pelajaran_kurikulum',
  {
    kurikulumId: integer('kurikulum_id').notNull(),
    mataPelajaranId: integer('mata_pelajaran_id').notNull(),
    tingkatPendidikanId: smallint('tingkat_pendidikan_id').notNull(),
    jumlahJam: smallint('jumlah_jam'),
    jumlahJamMaksimum: smallint('jumlah_jam_maksimum'),
    statusDiKurikulum: smallint('status_di_kurikulum'),
    wajib: smallint('wajib'),
    sks: smallint('sks'),
    aPeminatan: smallint('a_peminatan'),
    areaKompetensi: varchar('area_kompetensi', {
      length: COLUMN_LENGTH.ref_mata_pelajaran_kurikulum.area_kompetensi,
    }),
    gmpId: varchar('gmp_id', { length: COLUMN_LENGTH.ref_mata_pelajaran_kurikulum.gmp_id }),
    ...dapodikDates,
  },
  (t) => [
    primaryKey({
      name: 'ref_mata_pelajaran_kurikulum_pk',
      columns: [t.kurikulumId, t.mataPelajaranId, t.tingkatPendidikanId],
    }),
    index('ref_mapel_kurikulum_mapel_idx').on(t.mataPelajaranId),
  ],
);

/** kompetensi_dasar/*.json (169 parts): K13 KD. kompetensi_id 1 pengetahuan, 2 keterampilan, 3 PK. */
export const refKompetensiDasar = pgTable(
  'ref_kompetensi_dasar',
  {
    kompetensiDasarId: uuid('kompetensi_dasar_id').primaryKey(),
    idKompetensi: text('id_kompetensi').notNull(),
    kompetensiId: smallint('kompetensi_id').notNull(),
    mataPelajaranId: integer('mata_pelajaran_id').notNull(),
    kelas10: smallint('kelas_10'),
    kelas11: smallint('kelas_11'),
    kelas12: smallint('kelas_12'),
    kelas13: smallint('kelas_13'),
    idKompetensiNas: varchar('id_kompetensi_nas', {
      length: COLUMN_LENGTH.ref_kompetensi_dasar.id_kompetensi_nas,
    }),
    kompetensiDasar: text('kompetensi_dasar').notNull(),
    /** The teacher's wording, shown instead of kompetensi_dasar when set. */
    kompetensiDasarAlias: text('kompetensi_dasar_alias'),
    userId: uuid('user_id'),
    aktif: smallint('aktif').notNull().default(1),
    kurikulum: smallint('kurikulum').notNull(),
    ...laravelDates,
    lastSync: ts('last_sync'),
    /** Not in the files: null = national row; set = added by (or written for) one school. */
    sekolahId: uuid('sekolah_id').references(() => sekolah.sekolahId, { onDelete: 'cascade' }),
  },
  (t) => [index('ref_kd_mapel_idx').on(t.mataPelajaranId, t.kurikulum)],
);

/**
 * Capaian pembelajaran from xlsx/ref_cp.xlsx, ref_cp_2.xlsx, ref_cp_pkl.xlsx (columns = the
 * workbooks' headers; ref_cp_2 has no kelas/kurikulum/kompetensi_id). The workbooks carry no id:
 * the importer assigns cp_id. is_dir 1 = national, 0 = written by a school (or for the demo,
 * cp_id ≥ 1,000,000).
 */
export const refCapaianPembelajaran = pgTable(
  'ref_capaian_pembelajaran',
  {
    cpId: integer('cp_id').primaryKey(),
    mataPelajaranId: integer('mata_pelajaran_id').notNull(),
    kelas: smallint('kelas'),
    /** 'E' for class 10, 'F' for 11-13. */
    fase: varchar('fase', { length: COLUMN_LENGTH.ref_capaian_pembelajaran.fase }).notNull(),
    kurikulum: smallint('kurikulum'),
    kompetensiId: smallint('kompetensi_id'),
    elemen: text('elemen').notNull(),
    deskripsi: text('deskripsi').notNull(),
    aktif: smallint('aktif').notNull().default(1),
    isDir: smallint('is_dir').notNull().default(1),
    sekolahId: uuid('sekolah_id').references(() => sekolah.sekolahId, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ref_cp_mapel_fase_idx').on(t.mataPelajaranId, t.fase)],
);

/** p5.xlsx sheet `dimensi`: no, dimensi. */
export const refP5Dimensi = pgTable('ref_p5_dimensi', {
  no: smallint('no').primaryKey(),
  dimensi: text('dimensi').notNull(),
});

/**
 * p5.xlsx sheet `elemen`: no, kode_dimensi, elemen. Caution: the published kode_dimensi does not
 * follow ref_p5_dimensi.no (see P5_KODE_DIMENSI_TO_NO in @erapor/reference-data/p5).
 */
export const refP5Elemen = pgTable('ref_p5_elemen', {
  no: smallint('no').primaryKey(),
  kodeDimensi: smallint('kode_dimensi').notNull(),
  elemen: text('elemen').notNull(),
});

/** p5.xlsx sheet `sub_elemen`: no, kode_dimensi, `kede elemen` (published typo → kode_elemen), sub_elemen. */
export const refP5SubElemen = pgTable('ref_p5_sub_elemen', {
  no: smallint('no').primaryKey(),
  kodeDimensi: smallint('kode_dimensi').notNull(),
  /** = ref_p5_elemen.no */
  kodeElemen: smallint('kode_elemen').notNull(),
  subElemen: text('sub_elemen').notNull(),
});

/** The P5 achievement scale (e-Rapor's opsi_budaya_kerja: BB / MB / BSH / SB), from the built-in set. */
export const refP5Opsi = pgTable('ref_p5_opsi', {
  opsiId: smallint('opsi_id').primaryKey(),
  kode: varchar('kode', { length: COLUMN_LENGTH.ref_p5_opsi.kode }).notNull(),
  nama: varchar('nama', { length: COLUMN_LENGTH.ref_p5_opsi.nama }).notNull(),
  deskripsi: text('deskripsi'),
  warna: varchar('warna', { length: COLUMN_LENGTH.ref_p5_opsi.warna }),
});

/**
 * Assessment techniques. sekolah_id null = built-in (kompetensi 1/2 K13 techniques, 3 SMK PK, 4
 * Merdeka "Sumatif Lingkup Materi" / "Sumatif Akhir Semester"); upsert key (sekolah_id, kompetensi_id, nama).
 */
export const refTeknikPenilaian = pgTable(
  'ref_teknik_penilaian',
  {
    teknikPenilaianId: uuid('teknik_penilaian_id').primaryKey().defaultRandom(),
    sekolahId: uuid('sekolah_id').references(() => sekolah.sekolahId, { onDelete: 'cascade' }),
    kompetensiId: smallint('kompetensi_id').notNull(),
    nama: varchar('nama', { length: COLUMN_LENGTH.ref_teknik_penilaian.nama }).notNull(),
    bobot: smallint('bobot').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('ref_teknik_penilaian_key').on(t.sekolahId, t.kompetensiId, t.nama).nullsNotDistinct()],
);

/** ref_kelompok.json. 2022 groups: 16 "A. Kelompok Mata Pelajaran Umum", 17 "B. ... Kejuruan". */
export const refKelompok = pgTable('ref_kelompok', {
  id: integer('id').primaryKey(),
  namaKelompok: varchar('nama_kelompok', { length: COLUMN_LENGTH.ref_kelompok.nama_kelompok }).notNull(),
  /** 2006 / 2013 / 2017 / 2021 / 2022, or 0 = any. */
  kurikulum: smallint('kurikulum').notNull(),
  createdAt: ts('created_at'),
  updatedAt: ts('updated_at'),
});
