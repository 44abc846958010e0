/**
 * Demo-school records → the rows of the local Dapodik Web Service (field names of reference-dapodik
 * §2.1: `nama_ibu`, `pekerjaan_ayah_id`, `x_id` + `x_id_str`, nested anggota_rombel[]/pembelajaran[]).
 * With quirks on, the wire typing follows the real service: numeric codes as strings except
 * kurikulum_id, mata_pelajaran_id, agama_id and bentuk_pendidikan_id; decimals as strings; missing
 * text as "" rather than null.
 */
import { createHash } from 'node:crypto';
import type { Pengguna, PesertaDidik, Ptk, RombonganBelajar, Sekolah } from '@erapor/demo-school/types';
import { mataPelajaranById } from '@erapor/reference-data/mata-pelajaran';
import {
  agamaStr,
  JENIS_PENDAFTARAN_STR,
  JENIS_ROMBEL_STR,
  jabatanPtkStr,
  jenisPtkStr,
  jurusanStr,
  kurikulumStr,
  mapelStr,
  pekerjaanStr,
  STATUS_SEKOLAH_STR,
  statusKepegawaianStr,
  tingkatStr,
} from '../labels.ts';

export interface Wire {
  quirks: boolean;
}

type Code = number | string | null;
/** A numeric code as the wire sends it. */
const code = (w: Wire, v: number | null | undefined): Code =>
  v === null || v === undefined ? null : w.quirks ? String(v) : v;
/** Missing text: "" on the real service, null when quirks are off. */
const text = (w: Wire, v: string | null | undefined): string | null => v ?? (w.quirks ? '' : null);
const decimal = (w: Wire, v: number): number | string => (w.quirks ? String(v) : v);

export function sekolahRow(w: Wire, s: Sekolah) {
  return {
    sekolah_id: s.sekolah_id,
    nama: s.nama,
    nss: s.nss,
    npsn: s.npsn,
    bentuk_pendidikan_id: s.bentuk_pendidikan_id,
    bentuk_pendidikan_id_str: s.bentuk_pendidikan_id === 15 ? 'SMK' : null,
    status_sekolah: code(w, s.status_sekolah),
    status_sekolah_str: STATUS_SEKOLAH_STR[s.status_sekolah] ?? null,
    alamat_jalan: s.alamat_jalan,
    rt: code(w, s.rt),
    rw: code(w, s.rw),
    dusun: text(w, s.dusun),
    desa_kelurahan: s.desa_kelurahan,
    kecamatan: s.kecamatan,
    kabupaten_kota: s.kabupaten_kota,
    provinsi: s.provinsi,
    kode_wilayah: s.kode_wilayah,
    kode_pos: s.kode_pos,
    lintang: decimal(w, s.lintang),
    bujur: decimal(w, s.bujur),
    nomor_telepon: s.nomor_telepon,
    nomor_fax: text(w, s.nomor_fax),
    email: s.email,
    website: s.website,
    is_sks: s.is_sks,
  };
}

export function gtkRow(w: Wire, p: Ptk) {
  const t = p.ptk_terdaftar;
  const jabatan = p.tugas_tambahan?.jabatan_ptk_id ?? null;
  return {
    tahun_ajaran_id: code(w, t.tahun_ajaran_id),
    ptk_terdaftar_id: t.ptk_terdaftar_id,
    ptk_id: p.ptk_id,
    ptk_induk: code(w, t.ptk_induk),
    tanggal_surat_tugas: t.tanggal_surat_tugas,
    nama: p.nama,
    jenis_kelamin: p.jenis_kelamin,
    tempat_lahir: p.tempat_lahir,
    tanggal_lahir: p.tanggal_lahir,
    agama_id: p.agama_id,
    agama_id_str: agamaStr(p.agama_id),
    nuptk: text(w, p.nuptk),
    nik: p.nik,
    nip: text(w, p.nip),
    jenis_ptk_id: code(w, t.jenis_ptk_id),
    jenis_ptk_id_str: jenisPtkStr(t.jenis_ptk_id),
    jabatan_ptk_id: code(w, jabatan),
    jabatan_ptk_id_str: jabatanPtkStr(jabatan),
    status_kepegawaian_id: code(w, p.status_kepegawaian_id),
    status_kepegawaian_id_str: statusKepegawaianStr(p.status_kepegawaian_id),
    pendidikan_terakhir: p.pendidikan_terakhir,
    bidang_studi_terakhir: p.bidang_studi_terakhir,
    pangkat_golongan_terakhir: text(w, p.pangkat_golongan_terakhir),
    email: text(w, p.email),
    rwy_pend_formal: p.rwy_pend_formal
      .filter((r) => r.Soft_delete !== 1)
      .map((r) => ({
        riwayat_pendidikan_formal_id: r.riwayat_pendidikan_formal_id,
        satuan_pendidikan_formal: r.satuan_pendidikan_formal,
        fakultas: text(w, r.fakultas),
        kependidikan: code(w, r.kependidikan),
        tahun_masuk: code(w, r.tahun_masuk),
        tahun_lulus: code(w, r.tahun_lulus),
        nim: r.nim,
        status_kuliah: r.status_kuliah,
        semester: code(w, r.semester),
        ipk: decimal(w, r.ipk),
        prodi: r.prodi,
        id_reg_pd: null,
        bidang_studi_id_str: r.bidang_studi_id_str,
        jenjang_pendidikan_id_str: r.jenjang_pendidikan_id_str,
        gelar_akademik_id_str: r.gelar_akademik_id_str,
      })),
    rwy_kepangkatan: [],
  };
}

/** An active pupil with the fields of the current regular class (`rombel` null if it is gone). */
export function pesertaDidikRow(w: Wire, pd: PesertaDidik, rombel: RombonganBelajar | null) {
  const reg = pd.registrasi_peserta_didik;
  return {
    registrasi_id: reg.registrasi_id,
    jenis_pendaftaran_id: code(w, reg.jenis_pendaftaran_id),
    jenis_pendaftaran_id_str: JENIS_PENDAFTARAN_STR[reg.jenis_pendaftaran_id] ?? null,
    nipd: reg.nipd,
    tanggal_masuk_sekolah: reg.tanggal_masuk_sekolah,
    sekolah_asal: reg.sekolah_asal,
    peserta_didik_id: pd.peserta_didik_id,
    nama: pd.nama,
    nisn: pd.nisn,
    nik: text(w, pd.nik),
    jenis_kelamin: pd.jenis_kelamin,
    tempat_lahir: pd.tempat_lahir,
    tanggal_lahir: pd.tanggal_lahir,
    agama_id: pd.agama_id,
    agama_id_str: agamaStr(pd.agama_id),
    alamat_jalan: pd.alamat_jalan,
    rt: code(w, pd.rt),
    rw: code(w, pd.rw),
    nama_dusun: text(w, pd.nama_dusun),
    desa_kelurahan: pd.desa_kelurahan,
    kode_wilayah: pd.kode_wilayah,
    kode_pos: pd.kode_pos,
    lintang: decimal(w, pd.lintang),
    bujur: decimal(w, pd.bujur),
    nomor_telepon_rumah: text(w, pd.nomor_telepon_rumah),
    nomor_telepon_seluler: text(w, pd.nomor_telepon_seluler),
    nama_ayah: pd.nama_ayah,
    pekerjaan_ayah_id: code(w, pd.pekerjaan_id_ayah),
    pekerjaan_ayah_id_str: pekerjaanStr(pd.pekerjaan_id_ayah),
    nama_ibu: pd.nama_ibu_kandung,
    pekerjaan_ibu_id: code(w, pd.pekerjaan_id_ibu),
    pekerjaan_ibu_id_str: pekerjaanStr(pd.pekerjaan_id_ibu),
    nama_wali: text(w, pd.nama_wali),
    pekerjaan_wali_id: code(w, pd.pekerjaan_id_wali),
    pekerjaan_wali_id_str: pekerjaanStr(pd.pekerjaan_id_wali),
    anak_keberapa: code(w, pd.anak_keberapa),
    tinggi_badan: code(w, pd.tinggi_badan),
    berat_badan: code(w, pd.berat_badan),
    email: text(w, pd.email),
    kebutuhan_khusus: pd.kebutuhan_khusus,
    semester_id: rombel?.semester_id ?? null,
    anggota_rombel_id: pd.anggota_rombel.anggota_rombel_id,
    rombongan_belajar_id: pd.anggota_rombel.rombongan_belajar_id,
    tingkat_pendidikan_id: code(w, rombel?.tingkat_pendidikan_id),
    nama_rombel: rombel?.nama ?? null,
    kurikulum_id: rombel?.kurikulum_id ?? null,
    kurikulum_id_str: rombel ? kurikulumStr(rombel.kurikulum_id) : null,
  };
}

export function rombelRow(
  w: Wire,
  r: RombonganBelajar,
  ptkNama: (ptkId: string) => string | null,
  jurusanOf: (jurusanSpId: string | null) => string | null,
) {
  const jurusanId = jurusanOf(r.jurusan_sp_id);
  return {
    rombongan_belajar_id: r.rombongan_belajar_id,
    nama: r.nama,
    tingkat_pendidikan_id: code(w, r.tingkat_pendidikan_id),
    tingkat_pendidikan_id_str: tingkatStr(r.tingkat_pendidikan_id),
    semester_id: r.semester_id,
    jenis_rombel: code(w, r.jenis_rombel),
    jenis_rombel_str: JENIS_ROMBEL_STR[r.jenis_rombel] ?? null,
    kurikulum_id: r.kurikulum_id,
    kurikulum_id_str: kurikulumStr(r.kurikulum_id),
    id_ruang: r.id_ruang,
    id_ruang_str: r.nm_ruang,
    moving_class: code(w, r.moving_class),
    ptk_id: r.ptk_id,
    ptk_id_str: ptkNama(r.ptk_id),
    jurusan_id: jurusanId,
    jurusan_id_str: jurusanStr(jurusanId),
    anggota_rombel: r.anggota_rombel.map((a) => ({
      anggota_rombel_id: a.anggota_rombel_id,
      peserta_didik_id: a.peserta_didik_id,
      jenis_pendaftaran_id: code(w, a.jenis_pendaftaran_id),
      jenis_pendaftaran_id_str: JENIS_PENDAFTARAN_STR[a.jenis_pendaftaran_id] ?? null,
    })),
    pembelajaran: r.pembelajaran.map((p) => ({
      pembelajaran_id: p.pembelajaran_id,
      mata_pelajaran_id: p.mata_pelajaran_id,
      mata_pelajaran_id_str: mapelStr(p.mata_pelajaran_id),
      ptk_terdaftar_id: p.ptk_terdaftar_id,
      ptk_id: p.ptk_id,
      nama_mata_pelajaran: p.nama_mata_pelajaran,
      induk_pembelajaran_id: p.induk_pembelajaran_id,
      jam_mengajar_per_minggu: code(w, p.jam_mengajar_per_minggu),
      status_di_kurikulum: code(w, p.status_di_kurikulum),
      // Dapodik's names for these codes are not in the project's reference data.
      status_di_kurikulum_str: null,
    })),
  };
}

/**
 * Dapodik returns each account's password hash (reference-dapodik §2.1). The simulator sends a fake,
 * bcrypt-shaped one derived from the id, so a client can prove it never stores it.
 */
export function fakePasswordHash(penggunaId: string): string {
  const digest = (salt: string) =>
    createHash('sha256')
      .update(`${salt}:${penggunaId}`)
      .digest('base64')
      .replace(/\+/g, '.')
      .replace(/=+$/, '');
  return `$2y$10$${(digest('a') + digest('b')).slice(0, 53)}`;
}

export function penggunaRow(w: Wire, u: Pengguna) {
  return {
    pengguna_id: u.pengguna_id,
    sekolah_id: u.sekolah_id,
    username: u.username,
    nama: u.nama,
    peran_id_str: u.peran_id_str,
    password: fakePasswordHash(u.pengguna_id),
    alamat: text(w, u.alamat),
    no_telepon: text(w, u.no_telepon),
    no_hp: text(w, u.no_hp),
    ptk_id: u.ptk_id,
    peserta_didik_id: u.peserta_didik_id,
  };
}

export function mataPelajaranRow(id: number) {
  const m = mataPelajaranById.get(id);
  return {
    mata_pelajaran_id: id,
    nama: m?.nama.trim() ?? null,
    jurusan_id: m?.jurusan_id ?? null,
    pilihan_sekolah: m?.pilihan_sekolah ?? null,
    pilihan_buku: m?.pilihan_buku ?? null,
    pilihan_kepengawasan: m?.pilihan_kepengawasan ?? null,
    pilihan_evaluasi: m?.pilihan_evaluasi ?? null,
    expired_date: m?.expired_date ?? null,
  };
}
