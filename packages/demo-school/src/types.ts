/**
 * Record shapes of the generated school. Field names follow reference-dapodik §2: the Dapodik
 * database columns as the central sync server delivers them (§2.2: `nama_ibu_kandung`,
 * `pekerjaan_id_ayah`, `registrasi_peserta_didik`, `tugas_tambahan`, `rwy_pend_formal[].Soft_delete`,
 * `ID_kelas_ekskul`, dudi → mou[] → akt_pd[] → anggota_akt_pd[]/bimbing_pd[]), with the Web Service
 * nesting for classes (§2.1: rombongan_belajar with anggota_rombel[] and pembelajaran[]).
 *
 * Numeric codes are numbers here (kurikulum_id, mata_pelajaran_id, jenis_rombel, tingkat, agama_id,
 * jenis_ptk_id...); the real wire often sends them as strings — adding such quirks is the job of
 * whoever serves this data (e.g. the Dapodik simulator), not of the generator. Dates are 'YYYY-MM-DD'.
 */
import type { MstWilayah } from '@erapor/reference-data/wilayah';

export type Uuid = string;
export type JenisKelamin = 'L' | 'P';
export type ProfileName = 'smk-standard' | 'tiny';

/** A wilayah row with its parent chain, as attached to sekolah in §2.2 (`parrent_recursive`, sic). */
export interface WilayahNode extends MstWilayah {
  parrent_recursive: WilayahNode | null;
}

export interface JurusanSp {
  jurusan_sp_id: Uuid;
  sekolah_id: Uuid;
  jurusan_id: string;
  nama_jurusan_sp: string;
}

export interface Sekolah {
  sekolah_id: Uuid;
  npsn: string;
  nss: string;
  nama: string;
  bentuk_pendidikan_id: number;
  status_sekolah: number;
  alamat_jalan: string;
  rt: number;
  rw: number;
  dusun: string | null;
  desa_kelurahan: string;
  kecamatan: string;
  kabupaten_kota: string;
  provinsi: string;
  kode_wilayah: string;
  kode_pos: string;
  lintang: number;
  bujur: number;
  nomor_telepon: string;
  nomor_fax: string | null;
  email: string;
  website: string;
  is_sks: boolean;
  /** ptk_id of the head teacher (§2.2 nests the whole PTK as `kepala_sekolah`). */
  kepala_sekolah_ptk_id: Uuid;
  wilayah: WilayahNode;
  jurusan_sp: JurusanSp[];
}

export interface RwyPendFormal {
  riwayat_pendidikan_formal_id: Uuid;
  ptk_id: Uuid;
  satuan_pendidikan_formal: string;
  fakultas: string | null;
  kependidikan: number;
  tahun_masuk: number;
  tahun_lulus: number;
  nim: string;
  status_kuliah: string;
  semester: number;
  ipk: number;
  prodi: string;
  bidang_studi_id_str: string;
  jenjang_pendidikan_id_str: string;
  gelar_akademik_id: number;
  gelar_akademik_id_str: string;
  /** Capitalised in Dapodik's rwy_pend_formal (§2.2). */
  Soft_delete: number;
}

export interface PtkTerdaftar {
  ptk_terdaftar_id: Uuid;
  jenis_ptk_id: number;
  tahun_ajaran_id: number;
  tanggal_surat_tugas: string;
  ptk_induk: number;
}

export interface Ptk {
  ptk_id: Uuid;
  nama: string;
  nuptk: string | null;
  nip: string | null;
  nik: string;
  jenis_kelamin: JenisKelamin;
  tempat_lahir: string;
  tanggal_lahir: string;
  agama_id: number;
  status_kepegawaian_id: number;
  pangkat_golongan_terakhir: string | null;
  pendidikan_terakhir: string;
  bidang_studi_terakhir: string;
  alamat_jalan: string;
  rt: number;
  rw: number;
  desa_kelurahan: string;
  kode_wilayah: string;
  kode_pos: string;
  no_hp: string;
  email: string | null;
  ptk_terdaftar: PtkTerdaftar;
  tugas_tambahan: { jabatan_ptk_id: number } | null;
  rwy_pend_formal: RwyPendFormal[];
}

export interface RegistrasiPesertaDidik {
  registrasi_id: Uuid;
  peserta_didik_id: Uuid;
  jenis_pendaftaran_id: number;
  nipd: string;
  tanggal_masuk_sekolah: string;
  sekolah_asal: string;
  /** Pupils who left: 2 Mutasi, 4 Mengundurkan diri, 5 Putus Sekolah; null while active. */
  jenis_keluar_id: number | null;
  tanggal_keluar: string | null;
  keterangan: string | null;
}

export interface AnggotaRombel {
  anggota_rombel_id: Uuid;
  rombongan_belajar_id: Uuid;
  peserta_didik_id: Uuid;
  jenis_pendaftaran_id: number;
}

export interface PesertaDidik {
  peserta_didik_id: Uuid;
  nama: string;
  nisn: string;
  nik: string | null;
  jenis_kelamin: JenisKelamin;
  tempat_lahir: string;
  tanggal_lahir: string;
  agama_id: number;
  anak_keberapa: number;
  alamat_jalan: string;
  rt: number;
  rw: number;
  nama_dusun: string | null;
  desa_kelurahan: string;
  kode_pos: string;
  kode_wilayah: string;
  lintang: number;
  bujur: number;
  nomor_telepon_rumah: string | null;
  nomor_telepon_seluler: string | null;
  email: string | null;
  nama_ayah: string;
  nama_ibu_kandung: string;
  nama_wali: string | null;
  pekerjaan_id_ayah: number;
  pekerjaan_id_ibu: number;
  pekerjaan_id_wali: number | null;
  tinggi_badan: number;
  berat_badan: number;
  kebutuhan_khusus: string;
  registrasi_peserta_didik: RegistrasiPesertaDidik;
  diterima_dikelas: { rombongan_belajar: { nama: string } } | null;
  /** The regular (jenis 1) membership of this semester. */
  anggota_rombel: AnggotaRombel;
}

export interface Pembelajaran {
  pembelajaran_id: Uuid;
  rombongan_belajar_id: Uuid;
  semester_id: string;
  mata_pelajaran_id: number;
  nama_mata_pelajaran: string;
  ptk_terdaftar_id: Uuid;
  ptk_id: Uuid;
  /** Parent pembelajaran for sub-subjects and P5 themes; null at top level. */
  induk_pembelajaran_id: Uuid | null;
  jam_mengajar_per_minggu: number;
  status_di_kurikulum: number;
}

export interface RombonganBelajar {
  rombongan_belajar_id: Uuid;
  sekolah_id: Uuid;
  semester_id: string;
  nama: string;
  tingkat_pendidikan_id: number;
  /** 1 reguler, 16 matpel pilihan, 51 ekstrakurikuler. */
  jenis_rombel: number;
  kurikulum_id: number;
  jurusan_sp_id: Uuid | null;
  /** Wali kelas (jenis 1 and 16) or pembina (jenis 51). */
  ptk_id: Uuid;
  id_ruang: Uuid;
  nm_ruang: string;
  moving_class: number;
  /** 0/1. Exactly one row of the smk-standard profile spells it `Soft_delete` instead (seeded quirk). */
  soft_delete?: number;
  Soft_delete?: number;
  anggota_rombel: AnggotaRombel[];
  pembelajaran: Pembelajaran[];
}

export interface Ekstrakurikuler {
  /** Capital "ID" as the central server sends it (§2.2). */
  ID_kelas_ekskul: Uuid;
  nm_ekskul: string;
  rombongan_belajar_id: Uuid;
  /** = the ekskul rombel's ptk_id. */
  pembina_ptk_id: Uuid;
  nm_ruang: string;
}

export interface AnggotaAktPd {
  id_ang_akt_pd: Uuid;
  id_akt_pd: Uuid;
  nm_pd: string;
  nipd: string;
  /** Role in the activity; 1 ketua, 3 anggota (our assumption of the Dapodik code). */
  jns_peran_pd: number;
  registrasi_peserta_didik: { peserta_didik_id: Uuid; registrasi_id: Uuid };
}

export interface BimbingPd {
  id_bimb_pd: Uuid;
  id_akt_pd: Uuid;
  ptk_id: Uuid;
  urutan_pembimbing: number;
}

export interface AktPd {
  id_akt_pd: Uuid;
  mou_id: Uuid;
  id_jns_akt_pd: number;
  judul_akt_pd: string;
  sk_tugas: string;
  tgl_sk_tugas: string;
  ket_akt: string;
  a_komunal: number;
  anggota_akt_pd: AnggotaAktPd[];
  bimbing_pd: BimbingPd[];
}

export interface Mou {
  mou_id: Uuid;
  id_jns_ks: number;
  dudi_id: Uuid;
  sekolah_id: Uuid;
  nomor_mou: string;
  judul_mou: string;
  tanggal_mulai: string;
  tanggal_selesai: string;
  nama_dudi: string;
  npwp_dudi: string;
  nama_bidang_usaha: string;
  telp_kantor: string;
  fax: string | null;
  contact_person: string;
  telp_cp: string;
  jabatan_cp: string;
  akt_pd: AktPd[];
}

export interface Dudi {
  dudi_id: Uuid;
  nama: string;
  bidang_usaha_id: string;
  nama_bidang_usaha: string;
  alamat_jalan: string;
  rt: number;
  rw: number;
  nama_dusun: string | null;
  desa_kelurahan: string;
  kode_wilayah: string;
  kode_pos: string;
  lintang: number;
  bujur: number;
  nomor_telepon: string;
  nomor_fax: string | null;
  email: string;
  website: string | null;
  npwp: string;
  mou: Mou[];
}

export interface Pengguna {
  pengguna_id: Uuid;
  sekolah_id: Uuid;
  /** Login e-mail. */
  username: string;
  nama: string;
  peran_id_str: string;
  alamat: string | null;
  no_telepon: string | null;
  no_hp: string | null;
  ptk_id: Uuid | null;
  peserta_didik_id: Uuid | null;
}

/** Shape of e-Rapor's `ref.capaian_pembelajaran` (is_dir 0: written for the demo, not national). */
export interface CapaianPembelajaran {
  cp_id: number;
  mata_pelajaran_id: number;
  fase: 'E' | 'F';
  elemen: string;
  deskripsi: string;
  aktif: number;
  is_dir: number;
}

/** Shape of e-Rapor's `ref.kompetensi_dasar` for the K13 class (written for the demo). */
export interface KompetensiDasar {
  kompetensi_dasar_id: Uuid;
  id_kompetensi: string;
  kompetensi_id: number;
  mata_pelajaran_id: number;
  kelas_10: number;
  kelas_11: number;
  kelas_12: number;
  kelas_13: number;
  kompetensi_dasar: string;
  kurikulum: number;
  aktif: number;
}

export type DemoAccountKey =
  | 'admin'
  | 'guru'
  | 'wali'
  | 'kaprog'
  | 'waka'
  | 'ekskul'
  | 'pkl'
  | 'p5'
  | 'siswa';

export interface DemoAccount {
  email: string;
  /** Display name with academic titles, as e-Rapor prints it. */
  nama: string;
  /** Roles this person should get in the generated semester (contract role names). */
  roles: string[];
  pengguna_id: Uuid | null;
  ptk_id: Uuid | null;
  peserta_didik_id: Uuid | null;
}

export interface DemoAccounts extends Record<DemoAccountKey, DemoAccount> {}

/** Ids of the related records, so tests and seeds need not search. */
export interface DemoRelations {
  /** wali@: homeroom of this grade-10 Merdeka class, and teaches in it. */
  waliRombelId: Uuid;
  /** guru@: the K13 class and its pembelajaran taught by guru@. */
  k13RombelId: Uuid;
  guruK13PembelajaranId: Uuid;
  /** kaprog@: the programme headed. */
  kaprogJurusanSpId: Uuid;
  /** ekskul@: the extracurricular supervised. */
  ekskulId: Uuid;
  /** pkl@: PKL pembelajaran taught and the akt_pd groups supervised. */
  pklPembelajaranId: Uuid;
  pklAktPdIds: Uuid[];
  /** p5@: the Merdeka class (grade 10, else 11) whose P5 they coordinate (past semesters: history.ts). */
  p5RombelId: Uuid;
}

/** Where the seeded anomalies are (empty/null in profiles without edge cases). */
export interface EdgeCases {
  /** Two pupils sharing one NISN. */
  duplicateNisn: Uuid[];
  nikNull: Uuid | null;
  /** Pupils whose names carry an apostrophe / diacritics. */
  specialNames: Uuid[];
  /** A wali kelas (ptk) with e-mail null, and the class. */
  waliWithoutEmail: { ptk_id: Uuid; rombongan_belajar_id: Uuid } | null;
  emptyRombel: Uuid | null;
  /** A pembelajaran whose ptk is in ptk_keluar. */
  pembelajaranGuruKeluar: Uuid | null;
  /** A pupil whose kode_wilayah is not in the reference data. */
  unknownKodeWilayah: Uuid | null;
  /** The rombel row that spells `Soft_delete`. */
  capitalSoftDelete: Uuid | null;
  /** The soft-deleted rombel and the pupils who left from it. */
  softDeletedRombel: Uuid | null;
  leaversOfSoftDeletedRombel: Uuid[];
}

export interface DemoSchool {
  meta: {
    generator: string;
    profile: ProfileName;
    seed: number;
    semester_id: string;
    tahun_ajaran_id: number;
    npsn: string;
  };
  sekolah: Sekolah;
  /** Every wilayah row the school uses (reference rows plus the generated desa/kelurahan). */
  wilayah: MstWilayah[];
  /** Active staff of the semester. */
  ptk: Ptk[];
  /** Staff who left (still referenced by an old pembelajaran). */
  ptk_keluar: Ptk[];
  /** jenis 1, 16 and 51, including one soft-deleted class. */
  rombongan_belajar: RombonganBelajar[];
  peserta_didik: PesertaDidik[];
  peserta_didik_keluar: PesertaDidik[];
  ekstrakurikuler: Ekstrakurikuler[];
  dudi: Dudi[];
  pengguna: Pengguna[];
  capaian_pembelajaran: CapaianPembelajaran[];
  kompetensi_dasar: KompetensiDasar[];
  demoAccounts: DemoAccounts;
  relations: DemoRelations;
  edgeCases: EdgeCases;
}
