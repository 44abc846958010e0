import { COLUMN_LENGTH } from '@erapor/contract/column-lengths';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../columns';
import { sekolahRef, semester } from './sekolah';

/*
 * The school's own data: staff, pupils, classes, teaching assignments, extracurriculars, DUDI/PKL.
 *
 * - Every row carries sekolah_id; rows that belong to one semester (rombel, anggota_rombel,
 *   pembelajaran, ekstrakurikuler, pd_keluar, ptk_keluar) also semester_id.
 * - Rows that come from Dapodik keep the Dapodik UUID in the unique `<pk>_dapodik` column, so a
 *   re-sync upserts ON CONFLICT (<pk>_dapodik) and never duplicates. As in e-Rapor the primary key
 *   is normally that same UUID; rows created locally (instruktur, asesor) have a random key and a
 *   null Dapodik id.
 * - Codes of the national reference (agama_id, jenis_ptk_id, mata_pelajaran_id, kurikulum_id,
 *   jurusan_id, kode_wilayah, ...) have no foreign keys: Dapodik may send a code before the
 *   reference files are imported (docs/decisions/007-school-data-schema.md).
 * - deleted_at: rows Dapodik marks as deleted, or that disappeared from a sync, are soft-deleted
 *   (grades hang off them), and revived when they come back.
 */

const deletedAt = timestamp('deleted_at', { withTimezone: true });
const semesterRef = () =>
  varchar('semester_id', { length: COLUMN_LENGTH.semester.semester_id })
    .notNull()
    .references(() => semester.semesterId);

/** A programme (konsentrasi keahlian) the school offers. */
export const jurusanSp = pgTable(
  'jurusan_sp',
  {
    jurusanSpId: uuid('jurusan_sp_id').primaryKey().defaultRandom(),
    jurusanSpIdDapodik: uuid('jurusan_sp_id_dapodik').unique(),
    sekolahId: sekolahRef(),
    /** ref_jurusan code (no FK). */
    jurusanId: varchar('jurusan_id', { length: COLUMN_LENGTH.jurusan_sp.jurusan_id }).notNull(),
    namaJurusanSp: text('nama_jurusan_sp').notNull(),
    deletedAt,
    ...timestamps,
  },
  (t) => [index('jurusan_sp_sekolah_idx').on(t.sekolahId)],
);

/** Dunia usaha / dunia industri: PKL partners (and the employer of an asesor). */
export const dudi = pgTable(
  'dudi',
  {
    dudiId: uuid('dudi_id').primaryKey().defaultRandom(),
    dudiIdDapodik: uuid('dudi_id_dapodik').unique(),
    sekolahId: sekolahRef(),
    nama: text('nama').notNull(),
    bidangUsahaId: varchar('bidang_usaha_id', { length: COLUMN_LENGTH.dudi.bidang_usaha_id }),
    namaBidangUsaha: text('nama_bidang_usaha'),
    alamatJalan: text('alamat_jalan'),
    rt: varchar('rt', { length: COLUMN_LENGTH.dudi.rt }),
    rw: varchar('rw', { length: COLUMN_LENGTH.dudi.rw }),
    namaDusun: text('nama_dusun'),
    desaKelurahan: text('desa_kelurahan'),
    kodeWilayah: varchar('kode_wilayah', { length: COLUMN_LENGTH.dudi.kode_wilayah }),
    kodePos: varchar('kode_pos', { length: COLUMN_LENGTH.dudi.kode_pos }),
    lintang: text('lintang'),
    bujur: text('bujur'),
    nomorTelepon: varchar('nomor_telepon', { length: COLUMN_LENGTH.dudi.nomor_telepon }),
    nomorFax: varchar('nomor_fax', { length: COLUMN_LENGTH.dudi.nomor_fax }),
    email: text('email'),
    website: text('website'),
    npwp: varchar('npwp', { length: COLUMN_LENGTH.dudi.npwp }),
    ...timestamps,
  },
  (t) => [index('dudi_sekolah_nama_idx').on(t.sekolahId, t.nama)],
);

/**
 * PTK: guru and tendik from Dapodik, instruktur (jenis_ptk_id 97) and asesor (98, with dudi_id)
 * created in e-Rapor. Which list a row appears in follows jenis_ptk_id (contract's PTK groups).
 */
export const guru = pgTable(
  'guru',
  {
    guruId: uuid('guru_id').primaryKey().defaultRandom(),
    guruIdDapodik: uuid('guru_id_dapodik').unique(),
    sekolahId: sekolahRef(),
    nama: text('nama').notNull(),
    nuptk: varchar('nuptk', { length: COLUMN_LENGTH.guru.nuptk }),
    nip: varchar('nip', { length: COLUMN_LENGTH.guru.nip }),
    /** Nomor Induk Yayasan: private schools' staff number; Dapodik has none, so the school's own. */
    niy: varchar('niy', { length: COLUMN_LENGTH.guru.niy }),
    nik: varchar('nik', { length: COLUMN_LENGTH.guru.nik }),
    jenisKelamin: varchar('jenis_kelamin', { length: COLUMN_LENGTH.guru.jenis_kelamin }),
    tempatLahir: text('tempat_lahir'),
    tanggalLahir: date('tanggal_lahir'),
    jenisPtkId: smallint('jenis_ptk_id').notNull(),
    agamaId: smallint('agama_id'),
    statusKepegawaianId: smallint('status_kepegawaian_id'),
    /** Tugas tambahan (e.g. 38 Kepala Program Keahlian, 46 Wakasek Kurikulum). */
    jabatanPtkId: smallint('jabatan_ptk_id'),
    alamat: text('alamat'),
    rt: varchar('rt', { length: COLUMN_LENGTH.guru.rt }),
    rw: varchar('rw', { length: COLUMN_LENGTH.guru.rw }),
    desaKelurahan: text('desa_kelurahan'),
    kecamatan: text('kecamatan'),
    kodeWilayah: varchar('kode_wilayah', { length: COLUMN_LENGTH.guru.kode_wilayah }),
    kodePos: varchar('kode_pos', { length: COLUMN_LENGTH.guru.kode_pos }),
    noHp: varchar('no_hp', { length: COLUMN_LENGTH.guru.no_hp }),
    email: text('email'),
    /** Asesor (jenis 98): the DUDI they come from. */
    dudiId: uuid('dudi_id').references(() => dudi.dudiId, { onDelete: 'set null' }),
    isDapodik: boolean('is_dapodik').notNull().default(false),
    deletedAt,
    ...timestamps,
  },
  (t) => [
    index('guru_sekolah_jenis_nama_idx').on(t.sekolahId, t.jenisPtkId, t.nama),
    index('guru_sekolah_nama_idx').on(t.sekolahId, t.nama),
    index('guru_nuptk_idx').on(t.nuptk),
    index('guru_dudi_idx').on(t.dudiId),
  ],
);

/** Academic titles of a PTK (ref_gelar_akademik; posisi_gelar says before/after the name). */
export const gelarPtk = pgTable(
  'gelar_ptk',
  {
    gelarPtkId: uuid('gelar_ptk_id').primaryKey().defaultRandom(),
    /** Dapodik riwayat_pendidikan_formal_id. */
    gelarPtkIdDapodik: uuid('gelar_ptk_id_dapodik').unique(),
    sekolahId: sekolahRef(),
    guruId: uuid('guru_id')
      .notNull()
      .references(() => guru.guruId, { onDelete: 'cascade' }),
    gelarAkademikId: integer('gelar_akademik_id').notNull(),
    noUrut: smallint('no_urut').notNull().default(1),
    deletedAt,
    ...timestamps,
  },
  (t) => [index('gelar_ptk_guru_idx').on(t.guruId)],
);

/** Staff who left in a semester: excluded from lists and user generation of that semester. */
export const ptkKeluar = pgTable(
  'ptk_keluar',
  {
    ptkKeluarId: uuid('ptk_keluar_id').primaryKey().defaultRandom(),
    sekolahId: sekolahRef(),
    semesterId: semesterRef(),
    guruId: uuid('guru_id')
      .notNull()
      .references(() => guru.guruId, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [unique('ptk_keluar_guru_semester').on(t.guruId, t.semesterId)],
);

/**
 * A pupil. Columns follow e-Rapor (mapped from Dapodik: no_induk ← nipd, nama_ibu ← nama_ibu_kandung,
 * kerja_* ← pekerjaan_id_*, ...). Editable in e-Rapor: status, anak_ke, diterima_kelas, email and
 * the wali (guardian) fields. NISN is unique within a school.
 */
export const pesertaDidik = pgTable(
  'peserta_didik',
  {
    pesertaDidikId: uuid('peserta_didik_id').primaryKey().defaultRandom(),
    pesertaDidikIdDapodik: uuid('peserta_didik_id_dapodik').unique(),
    sekolahId: sekolahRef(),
    nama: text('nama').notNull(),
    /** NIS / nipd. */
    noInduk: varchar('no_induk', { length: COLUMN_LENGTH.peserta_didik.no_induk }),
    nisn: varchar('nisn', { length: COLUMN_LENGTH.peserta_didik.nisn }),
    nik: varchar('nik', { length: COLUMN_LENGTH.peserta_didik.nik }),
    jenisKelamin: varchar('jenis_kelamin', { length: COLUMN_LENGTH.peserta_didik.jenis_kelamin }),
    tempatLahir: text('tempat_lahir'),
    tanggalLahir: date('tanggal_lahir'),
    agamaId: smallint('agama_id'),
    /** Status dalam keluarga ("Anak Kandung", ...). */
    status: varchar('status', { length: COLUMN_LENGTH.peserta_didik.status }),
    anakKe: smallint('anak_ke'),
    alamat: text('alamat'),
    rt: varchar('rt', { length: COLUMN_LENGTH.peserta_didik.rt }),
    rw: varchar('rw', { length: COLUMN_LENGTH.peserta_didik.rw }),
    namaDusun: text('nama_dusun'),
    desaKelurahan: text('desa_kelurahan'),
    kecamatan: text('kecamatan'),
    kodePos: varchar('kode_pos', { length: COLUMN_LENGTH.peserta_didik.kode_pos }),
    kodeWilayah: varchar('kode_wilayah', { length: COLUMN_LENGTH.peserta_didik.kode_wilayah }),
    noTelp: varchar('no_telp', { length: COLUMN_LENGTH.peserta_didik.no_telp }),
    noHp: varchar('no_hp', { length: COLUMN_LENGTH.peserta_didik.no_hp }),
    email: text('email'),
    sekolahAsal: text('sekolah_asal'),
    /** Name of the class the pupil was admitted to. */
    diterimaKelas: varchar('diterima_kelas', { length: COLUMN_LENGTH.peserta_didik.diterima_kelas }),
    /** Date of admission. */
    diterima: date('diterima'),
    namaAyah: text('nama_ayah'),
    namaIbu: text('nama_ibu'),
    kerjaAyah: smallint('kerja_ayah'),
    kerjaIbu: smallint('kerja_ibu'),
    namaWali: text('nama_wali'),
    alamatWali: text('alamat_wali'),
    telpWali: varchar('telp_wali', { length: COLUMN_LENGTH.peserta_didik.telp_wali }),
    kerjaWali: smallint('kerja_wali'),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    unique('peserta_didik_sekolah_nisn').on(t.sekolahId, t.nisn),
    index('peserta_didik_sekolah_nama_idx').on(t.sekolahId, t.nama),
    index('peserta_didik_sekolah_no_induk_idx').on(t.sekolahId, t.noInduk),
  ],
);

/** Pupils who left (mutasi, mengundurkan diri, ...), registered in the semester they left. */
export const pdKeluar = pgTable(
  'pd_keluar',
  {
    pdKeluarId: uuid('pd_keluar_id').primaryKey().defaultRandom(),
    sekolahId: sekolahRef(),
    semesterId: semesterRef(),
    pesertaDidikId: uuid('peserta_didik_id')
      .notNull()
      .unique('pd_keluar_peserta_didik')
      .references(() => pesertaDidik.pesertaDidikId, { onDelete: 'cascade' }),
    jenisKeluarId: smallint('jenis_keluar_id'),
    tanggalKeluar: date('tanggal_keluar'),
    keterangan: text('keterangan'),
    ...timestamps,
  },
  (t) => [index('pd_keluar_sekolah_semester_idx').on(t.sekolahId, t.semesterId)],
);

/**
 * Rombongan belajar of a semester. jenis_rombel 1 reguler, 16 matpel pilihan, 51 ekstrakurikuler.
 * guru_id is the wali kelas (1, 16) or the pembina (51).
 */
export const rombonganBelajar = pgTable(
  'rombongan_belajar',
  {
    rombonganBelajarId: uuid('rombongan_belajar_id').primaryKey().defaultRandom(),
    rombonganBelajarIdDapodik: uuid('rombongan_belajar_id_dapodik').unique(),
    sekolahId: sekolahRef(),
    semesterId: semesterRef(),
    nama: varchar('nama', { length: COLUMN_LENGTH.rombongan_belajar.nama }).notNull(),
    tingkat: smallint('tingkat').notNull(),
    jenisRombel: smallint('jenis_rombel').notNull(),
    /** ref_jurusan code of the programme (no FK). */
    jurusanId: varchar('jurusan_id', { length: COLUMN_LENGTH.rombongan_belajar.jurusan_id }),
    jurusanSpId: uuid('jurusan_sp_id').references(() => jurusanSp.jurusanSpId, { onDelete: 'set null' }),
    /** ref_kurikulum (no FK); "Merdeka" in its name = Kurikulum Merdeka. */
    kurikulumId: integer('kurikulum_id'),
    guruId: uuid('guru_id').references(() => guru.guruId, { onDelete: 'set null' }),
    /** Homeroom's lock of the class's grades. */
    kunciNilai: boolean('kunci_nilai').notNull().default(false),
    namaRuang: varchar('nama_ruang', { length: COLUMN_LENGTH.rombongan_belajar.nama_ruang }),
    deletedAt,
    ...timestamps,
  },
  (t) => [
    index('rombel_sekolah_semester_jenis_idx').on(
      t.sekolahId,
      t.semesterId,
      t.jenisRombel,
      t.tingkat,
      t.nama,
    ),
    index('rombel_guru_idx').on(t.guruId, t.semesterId),
    index('rombel_jurusan_sp_idx').on(t.jurusanSpId),
  ],
);

/** Membership of a pupil in a rombel: nearly every grade hangs off anggota_rombel_id. */
export const anggotaRombel = pgTable(
  'anggota_rombel',
  {
    anggotaRombelId: uuid('anggota_rombel_id').primaryKey().defaultRandom(),
    anggotaRombelIdDapodik: uuid('anggota_rombel_id_dapodik').unique(),
    sekolahId: sekolahRef(),
    semesterId: semesterRef(),
    rombonganBelajarId: uuid('rombongan_belajar_id')
      .notNull()
      .references(() => rombonganBelajar.rombonganBelajarId, { onDelete: 'cascade' }),
    pesertaDidikId: uuid('peserta_didik_id')
      .notNull()
      .references(() => pesertaDidik.pesertaDidikId, { onDelete: 'cascade' }),
    jenisPendaftaranId: smallint('jenis_pendaftaran_id'),
    deletedAt,
    ...timestamps,
  },
  (t) => [
    unique('anggota_rombel_rombel_pd').on(t.rombonganBelajarId, t.pesertaDidikId),
    index('anggota_rombel_pd_semester_idx').on(t.pesertaDidikId, t.semesterId),
  ],
);

/**
 * A teaching assignment: subject in a rombel. guru_id is the registered teacher (Dapodik),
 * guru_pengajar_id the one who actually teaches (set in e-Rapor). Active for grading and printing
 * only once kelompok_id and no_urut are set. induk_pembelajaran_id: parent of a sub-subject or P5 theme.
 */
export const pembelajaran = pgTable(
  'pembelajaran',
  {
    pembelajaranId: uuid('pembelajaran_id').primaryKey().defaultRandom(),
    pembelajaranIdDapodik: uuid('pembelajaran_id_dapodik').unique(),
    sekolahId: sekolahRef(),
    semesterId: semesterRef(),
    rombonganBelajarId: uuid('rombongan_belajar_id')
      .notNull()
      .references(() => rombonganBelajar.rombonganBelajarId, { onDelete: 'cascade' }),
    guruId: uuid('guru_id').references(() => guru.guruId, { onDelete: 'set null' }),
    guruPengajarId: uuid('guru_pengajar_id').references(() => guru.guruId, { onDelete: 'set null' }),
    /** ref_mata_pelajaran (no FK). */
    mataPelajaranId: integer('mata_pelajaran_id').notNull(),
    namaMataPelajaran: text('nama_mata_pelajaran').notNull(),
    /** ref_kelompok id. */
    kelompokId: integer('kelompok_id'),
    noUrut: smallint('no_urut'),
    kkm: smallint('kkm'),
    indukPembelajaranId: uuid('induk_pembelajaran_id').references(
      (): AnyPgColumn => pembelajaran.pembelajaranId,
      {
        onDelete: 'cascade',
      },
    ),
    /** Weights of Sumatif Lingkup Materi and Sumatif Akhir Semester in the final grade. */
    bobotSumatifMateri: smallint('bobot_sumatif_materi').notNull().default(1),
    bobotSumatifAkhir: smallint('bobot_sumatif_akhir').notNull().default(1),
    jamMengajarPerMinggu: smallint('jam_mengajar_per_minggu'),
    isDapodik: boolean('is_dapodik').notNull().default(false),
    deletedAt,
    ...timestamps,
  },
  (t) => [
    index('pembelajaran_rombel_idx').on(t.rombonganBelajarId),
    index('pembelajaran_guru_idx').on(t.guruId, t.semesterId),
    index('pembelajaran_guru_pengajar_idx').on(t.guruPengajarId, t.semesterId),
    index('pembelajaran_sekolah_semester_mapel_idx').on(t.sekolahId, t.semesterId, t.mataPelajaranId),
    index('pembelajaran_induk_idx').on(t.indukPembelajaranId),
    check('pembelajaran_bobot_check', sql`${t.bobotSumatifMateri} >= 0 and ${t.bobotSumatifAkhir} >= 0`),
  ],
);

/** An extracurricular of a semester; its members are the anggota_rombel of its jenis-51 rombel. */
export const ekstrakurikuler = pgTable(
  'ekstrakurikuler',
  {
    ekstrakurikulerId: uuid('ekstrakurikuler_id').primaryKey().defaultRandom(),
    /** Dapodik ID_kelas_ekskul. */
    ekstrakurikulerIdDapodik: uuid('ekstrakurikuler_id_dapodik').unique(),
    sekolahId: sekolahRef(),
    semesterId: semesterRef(),
    namaEkskul: varchar('nama_ekskul', { length: COLUMN_LENGTH.ekstrakurikuler.nama_ekskul }).notNull(),
    /** Pembina. */
    guruId: uuid('guru_id').references(() => guru.guruId, { onDelete: 'set null' }),
    namaKetua: text('nama_ketua'),
    nomorKontak: varchar('nomor_kontak', { length: COLUMN_LENGTH.ekstrakurikuler.nomor_kontak }),
    alamatEkskul: text('alamat_ekskul'),
    rombonganBelajarId: uuid('rombongan_belajar_id')
      .unique('ekstrakurikuler_rombel')
      .references(() => rombonganBelajar.rombonganBelajarId, { onDelete: 'cascade' }),
    isDapodik: boolean('is_dapodik').notNull().default(false),
    deletedAt,
    ...timestamps,
  },
  (t) => [
    index('ekstrakurikuler_sekolah_semester_idx').on(t.sekolahId, t.semesterId, t.namaEkskul),
    index('ekstrakurikuler_guru_idx').on(t.guruId, t.semesterId),
  ],
);

/** A cooperation agreement with a DUDI. */
export const mou = pgTable(
  'mou',
  {
    mouId: uuid('mou_id').primaryKey().defaultRandom(),
    mouIdDapodik: uuid('mou_id_dapodik').unique(),
    sekolahId: sekolahRef(),
    dudiId: uuid('dudi_id')
      .notNull()
      .references(() => dudi.dudiId, { onDelete: 'cascade' }),
    idJnsKs: smallint('id_jns_ks'),
    nomorMou: text('nomor_mou'),
    judulMou: text('judul_mou'),
    tanggalMulai: date('tanggal_mulai'),
    tanggalSelesai: date('tanggal_selesai'),
    namaDudi: text('nama_dudi'),
    npwpDudi: varchar('npwp_dudi', { length: COLUMN_LENGTH.mou.npwp_dudi }),
    namaBidangUsaha: text('nama_bidang_usaha'),
    telpKantor: varchar('telp_kantor', { length: COLUMN_LENGTH.mou.telp_kantor }),
    fax: varchar('fax', { length: COLUMN_LENGTH.mou.fax }),
    contactPerson: text('contact_person'),
    telpCp: varchar('telp_cp', { length: COLUMN_LENGTH.mou.telp_cp }),
    jabatanCp: text('jabatan_cp'),
    ...timestamps,
  },
  (t) => [index('mou_dudi_idx').on(t.dudiId)],
);

/** A PKL activity ("PKS") under an MoU. */
export const aktPd = pgTable(
  'akt_pd',
  {
    aktPdId: uuid('akt_pd_id').primaryKey().defaultRandom(),
    /** Dapodik id_akt_pd. */
    aktPdIdDapodik: uuid('akt_pd_id_dapodik').unique(),
    sekolahId: sekolahRef(),
    mouId: uuid('mou_id')
      .notNull()
      .references(() => mou.mouId, { onDelete: 'cascade' }),
    idJnsAktPd: smallint('id_jns_akt_pd'),
    judulAktPd: text('judul_akt_pd').notNull(),
    skTugas: text('sk_tugas'),
    tglSkTugas: date('tgl_sk_tugas'),
    ketAkt: text('ket_akt'),
    aKomunal: smallint('a_komunal'),
    ...timestamps,
  },
  (t) => [index('akt_pd_mou_idx').on(t.mouId)],
);

/** Pupils in a PKL activity. */
export const anggotaAktPd = pgTable(
  'anggota_akt_pd',
  {
    anggotaAktPdId: uuid('anggota_akt_pd_id').primaryKey().defaultRandom(),
    /** Dapodik id_ang_akt_pd. */
    anggotaAktPdIdDapodik: uuid('anggota_akt_pd_id_dapodik').unique(),
    sekolahId: sekolahRef(),
    aktPdId: uuid('akt_pd_id')
      .notNull()
      .references(() => aktPd.aktPdId, { onDelete: 'cascade' }),
    pesertaDidikId: uuid('peserta_didik_id')
      .notNull()
      .references(() => pesertaDidik.pesertaDidikId, { onDelete: 'cascade' }),
    nmPd: text('nm_pd'),
    nipd: varchar('nipd', { length: COLUMN_LENGTH.anggota_akt_pd.nipd }),
    jnsPeranPd: smallint('jns_peran_pd'),
    ...timestamps,
  },
  (t) => [
    unique('anggota_akt_pd_akt_pd_pd').on(t.aktPdId, t.pesertaDidikId),
    index('anggota_akt_pd_pd_idx').on(t.pesertaDidikId),
  ],
);

/** Supervising teachers of a PKL activity. */
export const bimbingPd = pgTable(
  'bimbing_pd',
  {
    bimbingPdId: uuid('bimbing_pd_id').primaryKey().defaultRandom(),
    /** Dapodik id_bimb_pd. */
    bimbingPdIdDapodik: uuid('bimbing_pd_id_dapodik').unique(),
    sekolahId: sekolahRef(),
    aktPdId: uuid('akt_pd_id')
      .notNull()
      .references(() => aktPd.aktPdId, { onDelete: 'cascade' }),
    guruId: uuid('guru_id')
      .notNull()
      .references(() => guru.guruId, { onDelete: 'cascade' }),
    urutanPembimbing: smallint('urutan_pembimbing').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    unique('bimbing_pd_akt_pd_guru').on(t.aktPdId, t.guruId),
    index('bimbing_pd_guru_idx').on(t.guruId),
  ],
);
