import type { RaporKelas, SiswaRapor } from './data';

/** The school of the renderer tests; a logo data URL draws one. */
export const sekolahFixture = (logo: string | null = null): RaporKelas['sekolah'] => ({
  nama: 'SMK Negeri 9 Contoh',
  npsn: '20212345',
  nss: null,
  alamat: 'Jl. Merdeka No. 1',
  kodePos: '40111',
  noTelp: null,
  desaKelurahan: null,
  kecamatan: null,
  kabupaten: 'Kab. Bandung',
  provinsi: 'Jawa Barat',
  website: null,
  email: null,
  logo,
});

/** A Merdeka class XI for renderer tests; `over` changes the class, a logo data URL draws one. */
export const raporKelasFixture = (
  over: Partial<RaporKelas['kelas']> = {},
  semesterId = '20261',
  logo: string | null = null,
): RaporKelas => ({
  sekolah: sekolahFixture(logo),
  semester: {
    id: semesterId,
    tahunPelajaran: '2026/2027',
    nama: '1 (Ganjil)',
    genap: semesterId.endsWith('2'),
  },
  kelas: { id: 'k', nama: 'XI TKJ 1', tingkat: 11, merdeka: true, fase: 'F', kelulusan: false, ...over },
  tempat: 'Bandung',
  tanggal: '18 Desember 2026',
  wali: { nama: 'Sri Wahyuni, S.Kom.', nomor: 'NIP. -' },
  kepalaSekolah: { nama: 'Dr. Budi Santoso, M.Pd.', nomor: 'NIP. 197001012000031001', awalan: null },
  jabatan: 'Kepala Sekolah',
  siswa: [],
});

/** A pupil with nothing printed but the name, numbers and absences; `over` adds the rest. */
export const siswaRaporFixture = (over: Partial<SiswaRapor> = {}): SiswaRapor => ({
  anggotaRombelId: 'a',
  nama: 'Ahmad Fauzi',
  nis: '2324001',
  nisn: '0081234567',
  tempatLahir: null,
  tanggalLahir: null,
  jenisKelamin: null,
  agama: null,
  statusDalamKeluarga: null,
  anakKe: null,
  alamat: null,
  telepon: null,
  sekolahAsal: null,
  diterimaKelas: null,
  diterima: null,
  namaAyah: null,
  namaIbu: null,
  kerjaAyah: null,
  kerjaIbu: null,
  namaWali: null,
  alamatWali: null,
  telpWali: null,
  kerjaWali: null,
  kelompok: [],
  tanpaNilai: 0,
  tanpaCapaian: 0,
  ekskul: [],
  absensi: { sakit: 3, izin: 0, alpa: 1 },
  catatanWali: null,
  kokurikuler: null,
  sikap: [],
  kenaikan: null,
  pkl: [],
  ...over,
});
