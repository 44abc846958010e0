/**
 * Local colour for addresses, schools of origin, universities and workplaces. The kecamatan codes
 * are real Dapodik codes from reference-data; the kelurahan names are real places in them; street
 * names, schools of origin and companies are invented.
 */

/** Kecamatan (Dapodik kode_wilayah, unpadded) → kelurahan/desa names and a post code. */
import { list } from './names.ts';

export const KELURAHAN: Record<string, { kodePos: string; kelurahan: readonly string[] }> = {
  // Kota Bekasi
  '026504': { kodePos: '17111', kelurahan: ['Margahayu', 'Bekasi Jaya', 'Duren Jaya', 'Aren Jaya'] },
  '026505': { kodePos: '17141', kelurahan: ['Kayuringin Jaya', 'Jakasetia', 'Pekayon Jaya', 'Marga Jaya'] },
  '026506': {
    kodePos: '17134',
    kelurahan: ['Bintara', 'Bintara Jaya', 'Kranji', 'Kota Baru', 'Jakasampurna'],
  },
  '026507': { kodePos: '17121', kelurahan: ['Harapan Jaya', 'Kaliabang Tengah', 'Perwira', 'Teluk Pucung'] },
  '026510': {
    kodePos: '17115',
    kelurahan: ['Bojong Rawalumbu', 'Bojong Menteng', 'Sepanjang Jaya', 'Pengasinan'],
  },
  '026511': { kodePos: '17158', kelurahan: ['Mustika Jaya', 'Mustika Sari', 'Padurenan', 'Cimuning'] },
  '026503': { kodePos: '17151', kelurahan: ['Bantargebang', 'Ciketing Udik', 'Cikiwul', 'Sumur Batu'] },
  '026502': { kodePos: '17423', kelurahan: ['Jatiasih', 'Jatikramat', 'Jatimekar', 'Jatirasa', 'Jatiluhur'] },
  '026501': { kodePos: '17411', kelurahan: ['Jatiwaringin', 'Jaticempaka', 'Jatibening', 'Jatimakmur'] },
  '026508': { kodePos: '17433', kelurahan: ['Jatisampurna', 'Jatikarya', 'Jatiranggon', 'Jatiraden'] },
  '026509': { kodePos: '17131', kelurahan: ['Medan Satria', 'Harapan Mulya', 'Kali Baru', 'Pejuang'] },
  '026512': { kodePos: '17414', kelurahan: ['Jatiwarna', 'Jatimurni', 'Jatimelati', 'Jatirahayu'] },
  // Kabupaten Bekasi
  '022216': { kodePos: '17510', kelurahan: ['Mekarsari', 'Setiadarma', 'Tridaya Sakti', 'Jatimulya'] },
  '022217': { kodePos: '17511', kelurahan: ['Srimahi', 'Karangsatria', 'Srijaya', 'Sriamur'] },
  '022207': { kodePos: '17520', kelurahan: ['Wanasari', 'Wanajaya', 'Sarimukti', 'Kertamukti'] },
  '022209': { kodePos: '17610', kelurahan: ['Babelan Kota', 'Kebalen', 'Bahagia', 'Kedungpengawas'] },
  '022210': { kodePos: '17214', kelurahan: ['Pantai Makmur', 'Segarajaya', 'Setia Asih', 'Samudrajaya'] },
  '022218': { kodePos: '17530', kelurahan: ['Telajung', 'Cikarageman', 'Gandamekar', 'Kalijaya'] },
};

/** Weighted: most pupils live in Kota Bekasi, near the school in Bekasi Timur. */
export const KECAMATAN_WEIGHTS: readonly (readonly [string, number])[] = [
  ['026504', 20],
  ['026505', 9],
  ['026506', 7],
  ['026507', 9],
  ['026510', 10],
  ['026511', 8],
  ['026503', 5],
  ['026502', 5],
  ['026501', 3],
  ['026508', 2],
  ['026509', 4],
  ['026512', 2],
  ['022216', 7],
  ['022217', 4],
  ['022207', 2],
  ['022209', 2],
  ['022210', 1],
  ['022218', 1],
];

export const JALAN = list(`
    Jl. Melati, Jl. Kenanga, Jl. Mawar, Jl. Cempaka, Jl. Flamboyan, Jl. Anggrek, Jl. Nusantara,
    Jl. Pendidikan, Jl. Merdeka, Jl. Pahlawan, Jl. Kemuning, Jl. Teratai, Jl. Delima, Jl. Rambutan,
    Jl. Manggis, Jl. Durian, Jl. Sawo, Jl. Kali Malang, Jl. Raya Siliwangi, Jl. Swadaya,
    Jl. Bhakti, Jl. Taman Sari, Jl. Pelita, Jl. Harapan, Jl. Cendana, Jl. Nangka,
    Jl. Masjid Al-Ikhlas, Jl. Haji Naim, Jl. Haji Djole, Jl. Bambu Kuning, Jl. Mandor Demong,
    Jl. Karya Bakti
  `);
export const GANG = list(`
    Gg. Mushola, Gg. Damai, Gg. Haji Saan, Gg. Kelapa, Gg. Buntu, Gg. Rukun, Gg. Sentosa
  `);
export const PERUMAHAN = list(`
    Perum Bumi Bekasi Baru, Perum Taman Wisma Asri, Perum Villa Mutiara, Perum Griya Asri,
    Perum Pondok Ungu Permai, Perum Taman Narogong Indah, Perum Bekasi Timur Permai,
    Perum Duta Harapan, Perum Graha Prima, Perum Mega Regency
  `);

/** Schools of origin (invented numbering; "SMP Negeri N Kota Bekasi" is the usual pattern). */
export function sekolahAsal(n: number, kind: number): string {
  switch (kind % 6) {
    case 0:
    case 1:
    case 2:
      return `SMP Negeri ${n} Kota Bekasi`;
    case 3:
      return `SMP Negeri ${(n % 9) + 1} Kabupaten Bekasi`;
    case 4:
      return `MTs Negeri ${(n % 4) + 1} Kota Bekasi`;
    default:
      return `SMP ${['Islam Terpadu Al-Hikmah', 'PGRI 2', 'Bina Bangsa', 'Kristen Pelita', 'Tunas Harapan', 'Muhammadiyah 7'][n % 6]} Bekasi`;
  }
}

/** Universities (public institutions) with the programmes a teacher of each pool would have studied. */
export interface Studi {
  prodi: string;
  bidang: string;
  gelarS1: number;
  gelarS2: number;
  kampus: readonly string[];
  fakultas: string;
  kependidikan: number;
}

const LPTK = list(`
    Universitas Negeri Jakarta, Universitas Pendidikan Indonesia, Universitas Negeri Yogyakarta,
    Universitas Negeri Semarang, Universitas Negeri Malang, Universitas Negeri Padang,
    Universitas Negeri Medan
  `);
const UMUM = list(`
    Universitas Indonesia, Universitas Gunadarma, Universitas Islam 45 Bekasi,
    Universitas Bhayangkara Jakarta Raya, Universitas Mercu Buana, Institut Teknologi Bandung,
    Universitas Padjadjaran
  `);

// gelar_akademik_id from reference-data: 20 S.Pd, 48 M.Pd, 18 S.Kom, 46 M.Kom, 17 S.T, 45 M.T, 3 S.E.,
// 25 M.M., 58 S.Pd.I, 21 S.Ag, 49 M.Ag, 69 S.Th., 16 S.Si, 5 S.Sos, 19 S.Sn, 1 S.S., 26 M.Si, 65 A.Md
export const STUDI: Record<string, Studi> = {
  PAI: {
    prodi: 'Pendidikan Agama Islam',
    bidang: 'Pendidikan Agama Islam',
    gelarS1: 58,
    gelarS2: 49,
    kampus: ['UIN Syarif Hidayatullah Jakarta', 'UIN Sunan Gunung Djati Bandung', 'Institut PTIQ Jakarta'],
    fakultas: 'Fakultas Ilmu Tarbiyah dan Keguruan',
    kependidikan: 1,
  },
  PAK: {
    prodi: 'Pendidikan Agama Kristen',
    bidang: 'Pendidikan Agama Kristen',
    gelarS1: 69,
    gelarS2: 48,
    kampus: ['Sekolah Tinggi Teologi Jakarta', 'Universitas Kristen Indonesia', 'Universitas HKBP Nommensen'],
    fakultas: 'Fakultas Teologi',
    kependidikan: 1,
  },
  PAKAT: {
    prodi: 'Pendidikan Keagamaan Katolik',
    bidang: 'Pendidikan Agama Katolik',
    gelarS1: 20,
    gelarS2: 48,
    kampus: ['Universitas Katolik Widya Mandira', 'Universitas Sanata Dharma'],
    fakultas: 'Fakultas Keguruan dan Ilmu Pendidikan',
    kependidikan: 1,
  },
  PAH: {
    prodi: 'Pendidikan Agama Hindu',
    bidang: 'Pendidikan Agama Hindu',
    gelarS1: 20,
    gelarS2: 48,
    kampus: [
      'Universitas Hindu Negeri I Gusti Bagus Sugriwa Denpasar',
      'Sekolah Tinggi Agama Hindu Dharma Nusantara Jakarta',
    ],
    fakultas: 'Fakultas Dharma Acarya',
    kependidikan: 1,
  },
  PAB: {
    prodi: 'Pendidikan Keagamaan Buddha',
    bidang: 'Pendidikan Agama Buddha',
    gelarS1: 20,
    gelarS2: 48,
    kampus: ['Sekolah Tinggi Agama Buddha Nalanda', 'Sekolah Tinggi Agama Buddha Jinarakkhita'],
    fakultas: 'Jurusan Dharma Acariya',
    kependidikan: 1,
  },
  PKN: {
    prodi: 'Pendidikan Pancasila dan Kewarganegaraan',
    bidang: 'PPKn',
    gelarS1: 20,
    gelarS2: 48,
    kampus: LPTK,
    fakultas: 'Fakultas Ilmu Sosial',
    kependidikan: 1,
  },
  SEJ: {
    prodi: 'Pendidikan Sejarah',
    bidang: 'Sejarah',
    gelarS1: 20,
    gelarS2: 48,
    kampus: LPTK,
    fakultas: 'Fakultas Ilmu Sosial',
    kependidikan: 1,
  },
  BIND: {
    prodi: 'Pendidikan Bahasa dan Sastra Indonesia',
    bidang: 'Bahasa Indonesia',
    gelarS1: 20,
    gelarS2: 48,
    kampus: LPTK,
    fakultas: 'Fakultas Bahasa dan Seni',
    kependidikan: 1,
  },
  BING: {
    prodi: 'Pendidikan Bahasa Inggris',
    bidang: 'Bahasa Inggris',
    gelarS1: 20,
    gelarS2: 48,
    kampus: LPTK,
    fakultas: 'Fakultas Bahasa dan Seni',
    kependidikan: 1,
  },
  MTK: {
    prodi: 'Pendidikan Matematika',
    bidang: 'Matematika',
    gelarS1: 20,
    gelarS2: 48,
    kampus: LPTK,
    fakultas: 'Fakultas Matematika dan Ilmu Pengetahuan Alam',
    kependidikan: 1,
  },
  PJOK: {
    prodi: 'Pendidikan Jasmani, Kesehatan dan Rekreasi',
    bidang: 'Pendidikan Jasmani',
    gelarS1: 20,
    gelarS2: 48,
    kampus: LPTK,
    fakultas: 'Fakultas Ilmu Keolahragaan',
    kependidikan: 1,
  },
  SENI: {
    prodi: 'Pendidikan Seni Musik',
    bidang: 'Seni Budaya',
    gelarS1: 20,
    gelarS2: 48,
    kampus: LPTK,
    fakultas: 'Fakultas Bahasa dan Seni',
    kependidikan: 1,
  },
  BDAE: {
    prodi: 'Pendidikan Bahasa dan Sastra Sunda',
    bidang: 'Bahasa Sunda',
    gelarS1: 20,
    gelarS2: 48,
    kampus: ['Universitas Pendidikan Indonesia', 'Universitas Padjadjaran'],
    fakultas: 'Fakultas Pendidikan Bahasa dan Sastra',
    kependidikan: 1,
  },
  INF: {
    prodi: 'Pendidikan Teknik Informatika dan Komputer',
    bidang: 'Informatika',
    gelarS1: 20,
    gelarS2: 46,
    kampus: LPTK,
    fakultas: 'Fakultas Teknik',
    kependidikan: 1,
  },
  IPAS: {
    prodi: 'Pendidikan Fisika',
    bidang: 'Ilmu Pengetahuan Alam',
    gelarS1: 20,
    gelarS2: 48,
    kampus: LPTK,
    fakultas: 'Fakultas Matematika dan Ilmu Pengetahuan Alam',
    kependidikan: 1,
  },
  PROD_TJKT: {
    prodi: 'Teknik Informatika',
    bidang: 'Teknik Komputer dan Jaringan',
    gelarS1: 17,
    gelarS2: 45,
    kampus: UMUM,
    fakultas: 'Fakultas Teknik',
    kependidikan: 0,
  },
  PROD_PPLG: {
    prodi: 'Ilmu Komputer',
    bidang: 'Rekayasa Perangkat Lunak',
    gelarS1: 18,
    gelarS2: 46,
    kampus: UMUM,
    fakultas: 'Fakultas Ilmu Komputer',
    kependidikan: 0,
  },
  PROD_AKL: {
    prodi: 'Akuntansi',
    bidang: 'Akuntansi',
    gelarS1: 3,
    gelarS2: 25,
    kampus: UMUM,
    fakultas: 'Fakultas Ekonomi dan Bisnis',
    kependidikan: 0,
  },
  PROD_MPLB: {
    prodi: 'Pendidikan Administrasi Perkantoran',
    bidang: 'Administrasi Perkantoran',
    gelarS1: 20,
    gelarS2: 25,
    kampus: LPTK,
    fakultas: 'Fakultas Ekonomi',
    kependidikan: 1,
  },
  TENDIK: {
    prodi: 'Administrasi Bisnis',
    bidang: 'Administrasi',
    gelarS1: 5,
    gelarS2: 26,
    kampus: UMUM,
    fakultas: 'Fakultas Ilmu Sosial dan Ilmu Politik',
    kependidikan: 0,
  },
};

/** Workplaces for PKL, by programme. All invented. */
export const DUDI_NAMES: Record<string, readonly { nama: string; bidang: string; bidangId: string }[]> = {
  TJKT: [
    { nama: 'PT Jaringan Cakrawala Nusantara', bidang: 'Penyedia Jasa Internet', bidangId: 'J' },
    { nama: 'CV Mitra Komputindo Bekasi', bidang: 'Servis dan Penjualan Komputer', bidangId: 'G' },
    { nama: 'PT Solusi Data Patriot', bidang: 'Pusat Data', bidangId: 'J' },
    { nama: 'PT Satria Fiber Media', bidang: 'Instalasi Jaringan Serat Optik', bidangId: 'F' },
    { nama: 'CV Teknik Net Mandiri', bidang: 'Instalasi Jaringan Komputer', bidangId: 'J' },
    { nama: 'PT Telekomunikasi Lintas Timur', bidang: 'Telekomunikasi', bidangId: 'J' },
    { nama: 'Dinas Komunikasi dan Informatika Kota Demo', bidang: 'Instansi Pemerintah', bidangId: 'O' },
    { nama: 'PT Sinar Digital Infrastruktur', bidang: 'Teknologi Informasi', bidangId: 'J' },
    { nama: 'CV Bintang Media Komputer', bidang: 'Servis dan Penjualan Komputer', bidangId: 'G' },
    { nama: 'PT Nusa Konektivitas Prima', bidang: 'Penyedia Jasa Internet', bidangId: 'J' },
    { nama: 'PT Arta Sistem Integrasi', bidang: 'Integrator Sistem', bidangId: 'J' },
  ],
  PPLG: [
    { nama: 'PT Kode Kreasi Indonesia', bidang: 'Pengembangan Perangkat Lunak', bidangId: 'J' },
    { nama: 'CV Aplikasi Cerdas Mandiri', bidang: 'Pengembangan Aplikasi', bidangId: 'J' },
    { nama: 'PT Gim Kreatif Nusantara', bidang: 'Pengembangan Gim', bidangId: 'J' },
    { nama: 'PT Awan Data Solusi', bidang: 'Layanan Komputasi Awan', bidangId: 'J' },
    { nama: 'CV Web Karya Bekasi', bidang: 'Pembuatan Situs Web', bidangId: 'J' },
    { nama: 'PT Inovasi Sistem Pendidikan', bidang: 'Teknologi Pendidikan', bidangId: 'J' },
    { nama: 'PT Riset Digital Patriot', bidang: 'Konsultan Teknologi Informasi', bidangId: 'M' },
    { nama: 'CV Logika Piranti Lunak', bidang: 'Pengembangan Perangkat Lunak', bidangId: 'J' },
    { nama: 'PT Mitra Aplikasi Bisnis', bidang: 'Perangkat Lunak Bisnis', bidangId: 'J' },
    { nama: 'PT Cipta Layanan Digital', bidang: 'Pengembangan Aplikasi', bidangId: 'J' },
  ],
  AKL: [
    { nama: 'KAP Hadi Wibowo dan Rekan', bidang: 'Kantor Akuntan Publik', bidangId: 'M' },
    { nama: 'Koperasi Simpan Pinjam Sejahtera Bersama', bidang: 'Koperasi', bidangId: 'K' },
    { nama: 'PT Bank Perkreditan Rakyat Dana Patriot', bidang: 'Perbankan', bidangId: 'K' },
    { nama: 'KJA Lestari dan Rekan', bidang: 'Konsultan Pajak', bidangId: 'M' },
    { nama: 'PT Sumber Niaga Makmur', bidang: 'Perdagangan Besar', bidangId: 'G' },
    { nama: 'Badan Pengelolaan Keuangan Daerah Kota Demo', bidang: 'Instansi Pemerintah', bidangId: 'O' },
    { nama: 'PT Asuransi Mitra Keluarga', bidang: 'Asuransi', bidangId: 'K' },
    { nama: 'CV Pembukuan Tertib Usaha', bidang: 'Jasa Pembukuan', bidangId: 'M' },
    { nama: 'PT Ritel Harian Nusantara', bidang: 'Perdagangan Eceran', bidangId: 'G' },
    { nama: 'Koperasi Karyawan Industri Bekasi', bidang: 'Koperasi', bidangId: 'K' },
  ],
  MPLB: [
    { nama: 'PT Layanan Administrasi Prima', bidang: 'Jasa Administrasi Kantor', bidangId: 'N' },
    { nama: 'Kantor Kecamatan Demo Timur', bidang: 'Instansi Pemerintah', bidangId: 'O' },
    { nama: 'PT Logistik Cepat Patriot', bidang: 'Pergudangan dan Logistik', bidangId: 'H' },
    { nama: 'Rumah Sakit Umum Harapan Sehat', bidang: 'Layanan Kesehatan', bidangId: 'Q' },
    { nama: 'PT Kawasan Industri Sentosa', bidang: 'Pengelola Kawasan Industri', bidangId: 'L' },
    { nama: 'Hotel Griya Nusantara', bidang: 'Perhotelan', bidangId: 'I' },
    { nama: 'PT Mitra Sumber Daya Insani', bidang: 'Penyalur Tenaga Kerja', bidangId: 'N' },
    { nama: 'Kantor Notaris Ratna Sari', bidang: 'Jasa Hukum', bidangId: 'M' },
    { nama: 'PT Ekspedisi Lintas Jawa', bidang: 'Pengiriman Barang', bidangId: 'H' },
  ],
};

export const EKSKUL = list(`
    Pramuka, Futsal, Robotik, Paskibra, Palang Merah Remaja, Rohani Islam, Bola Voli, Pencak Silat,
    Paduan Suara, English Club, Seni Tari Tradisional, Bola Basket, Jurnalistik, Karate
  `);
