/**
 * The length of every varchar column, by SQL table and column name: the one number both the
 * Drizzle column (`varchar(name, { length: COLUMN_LENGTH.table.column })`) and the request schema
 * (`.max(COLUMN_LENGTH.table.column)`, tagged with `forColumn`) read, so a text the schema lets
 * through always fits its column (issue #25: over-long text answered 500). Changing a number here
 * changes both sides and needs a migration; column-lengths.test.ts (server) compares every entry,
 * every tagged schema field and every Drizzle column with information_schema (decision 053).
 */
import type { z } from 'zod';

/** semester.semester_id ("20251") and every column that refers to it. */
const SEMESTER_ID = 5;

export const COLUMN_LENGTH = {
  anggota_akt_pd: {
    nipd: 32,
  },
  anggota_rombel: {
    semester_id: SEMESTER_ID,
  },
  catatan_wali: {
    type: 20,
  },
  dudi: {
    bidang_usaha_id: 16,
    rt: 4,
    rw: 4,
    kode_wilayah: 8,
    kode_pos: 8,
    nomor_telepon: 32,
    nomor_fax: 32,
    npwp: 32,
  },
  ekstrakurikuler: {
    semester_id: SEMESTER_ID,
    nama_ekskul: 100,
    nomor_kontak: 32,
  },
  guru: {
    nuptk: 32,
    nip: 32,
    nik: 16,
    jenis_kelamin: 1,
    rt: 4,
    rw: 4,
    kode_wilayah: 8,
    kode_pos: 8,
    no_hp: 32,
    niy: 32,
  },
  jobs: {
    kind: 64,
    status: 16,
  },
  jurusan_sp: {
    jurusan_id: 25,
  },
  kenaikan_kelas: {
    nama_kelas: 100,
  },
  kirim_data_watermark: {
    table_name: 64,
  },
  kirim_nilai_item: {
    semester_id: SEMESTER_ID,
    jenis: 8,
    item_key: 120,
    sent_hash: 64,
    status: 16,
  },
  mou: {
    npwp_dudi: 32,
    telp_kantor: 32,
    fax: 32,
    telp_cp: 32,
  },
  nilai_sikap: {
    semester_id: SEMESTER_ID,
  },
  nilai_sumatif: {
    jenis: 8,
  },
  password_resets: {
    token_hash: 64,
  },
  pd_keluar: {
    semester_id: SEMESTER_ID,
  },
  pembelajaran: {
    semester_id: SEMESTER_ID,
  },
  peserta_didik: {
    no_induk: 32,
    nisn: 10,
    nik: 16,
    jenis_kelamin: 1,
    status: 50,
    rt: 4,
    rw: 4,
    kode_pos: 8,
    kode_wilayah: 8,
    no_telp: 32,
    no_hp: 32,
    diterima_kelas: 100,
    telp_wali: 32,
  },
  praktik_kerja_lapangan: {
    semester_id: SEMESTER_ID,
    instruktur: 100,
    nip: 32,
  },
  ptk_keluar: {
    semester_id: SEMESTER_ID,
  },
  ref_agama: {
    nama: 100,
  },
  ref_capaian_pembelajaran: {
    fase: 1,
  },
  ref_gelar_akademik: {
    kode: 32,
    nama: 100,
  },
  ref_jabatan_ptk: {
    nama: 100,
  },
  ref_jenis_ptk: {
    jenis_ptk: 100,
  },
  ref_jurusan: {
    jurusan_id: 25,
    jurusan_induk: 25,
    level_bidang_id: 8,
  },
  ref_kelompok: {
    nama_kelompok: 100,
  },
  ref_kompetensi_dasar: {
    id_kompetensi_nas: 32,
  },
  ref_kurikulum: {
    jurusan_id: 25,
  },
  ref_level_wilayah: {
    level_wilayah: 50,
  },
  ref_mata_pelajaran: {
    jurusan_id: 25,
  },
  ref_mata_pelajaran_kurikulum: {
    area_kompetensi: 8,
    gmp_id: 36,
  },
  ref_mst_wilayah: {
    kode_wilayah: 8,
    nama: 100,
    mst_kode_wilayah: 8,
    negara_id: 2,
    asal_wilayah: 8,
    kode_bps: 16,
    kode_dagri: 16,
    kode_keu: 16,
    id_prov: 16,
    id_kabkota: 16,
    id_kec: 16,
  },
  ref_negara: {
    negara_id: 2,
    nama: 100,
  },
  ref_p5_opsi: {
    kode: 8,
    nama: 100,
    warna: 32,
  },
  ref_paket_ukk: {
    jurusan_id: 25,
    kode_kompetensi: 25,
    nomor_paket: 20,
  },
  ref_pekerjaan: {
    nama: 100,
  },
  ref_status_kepegawaian: {
    nama: 100,
  },
  ref_teknik_penilaian: {
    nama: 100,
  },
  refresh_tokens: {
    token_hash: 64,
    semester_id: SEMESTER_ID,
  },
  rencana_budaya_kerja: {
    nama: 255,
  },
  rencana_ukk: {
    semester_id: SEMESTER_ID,
    pola_ukk: 12,
  },
  riwayat_nilai: {
    semester_id: SEMESTER_ID,
    peran: 160,
    jenis: 32,
    kunci: 100,
    sumber: 16,
  },
  role_user: {
    role: 32,
    semester_id: SEMESTER_ID,
    source: 16,
  },
  rombongan_belajar: {
    semester_id: SEMESTER_ID,
    nama: 100,
    jurusan_id: 25,
    nama_ruang: 100,
  },
  sekolah: {
    npsn: 8,
    nss: 32,
    status_sekolah: 16,
    rt: 4,
    rw: 4,
    kode_wilayah: 16,
    kode_pos: 8,
    no_telp: 32,
    no_fax: 32,
  },
  sekolah_logo: {
    mime_type: 32,
  },
  semester: {
    semester_id: SEMESTER_ID,
    nama: 32,
  },
  settings: {
    semester_id: SEMESTER_ID,
    key: 100,
  },
  sinkronisasi_run: {
    semester_id: SEMESTER_ID,
    status: 16,
  },
  tahun_ajaran: {
    nama: 16,
  },
  template_sertifikat_ukk: {
    logo: 10,
    background_mime: 20,
    penandatangan_nip: 32,
    predikat_scheme: 5,
  },
  unit_ukk: {
    kode_unit: 50,
  },
  user_photo: {
    mime_type: 32,
  },
  users: {
    email: 254,
    username: 100,
    photo: 64,
    last_login_ip: 64,
  },
  usulan_biodata: {
    status: 10,
  },
} as const;

export type ColumnTable = keyof typeof COLUMN_LENGTH;
export type ColumnName<T extends ColumnTable> = keyof (typeof COLUMN_LENGTH)[T] & string;

/** `table.column` of a varchar column, as the schema tag and the drift test name it. */
export type ColumnRef = { [T in ColumnTable]: `${T}.${ColumnName<T>}` }[ColumnTable];

/** The length of `table.column` (the same number as `COLUMN_LENGTH[table][column]`). */
export function columnLength<T extends ColumnTable>(table: T, column: ColumnName<T>): number {
  return (COLUMN_LENGTH[table] as Record<string, number>)[column] as number;
}

/**
 * Marks a string schema as stored in `table.column`: its `.max` must be that column's length,
 * which the server's drift test checks through this tag (zod metadata, kept in toJSONSchema).
 */
export function forColumn<S extends z.ZodType, T extends ColumnTable>(
  schema: S,
  table: T,
  column: ColumnName<T>,
): S {
  return schema.meta({ column: `${table}.${column}` }) as S;
}
