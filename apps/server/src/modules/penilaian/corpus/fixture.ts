import type { TpColumn } from '@erapor/contract/penilaian/asesmen';
import type { TemplateInput } from '../excel';
import type { Pupil } from '../roster';

/*
 * The class the corpus templates were made for: fixed ids, so the committed files and the tests
 * that read them agree. Names carry what spreadsheets change (an apostrophe autocorrect curls, a
 * NISN with a leading zero a number format drops).
 */

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const PUPILS: Pupil[] = [
  { anggota_rombel_id: id(1), peserta_didik_id: id(101), nama: 'Adi Saputra', nisn: '0012345671' },
  { anggota_rombel_id: id(2), peserta_didik_id: id(102), nama: 'Bunga Citra Lestari', nisn: '0107437649' },
  { anggota_rombel_id: id(3), peserta_didik_id: id(103), nama: "Muhammad Ma'ruf", nisn: '0098765432' },
  { anggota_rombel_id: id(4), peserta_didik_id: id(104), nama: 'Nur Aini', nisn: null },
  { anggota_rombel_id: id(5), peserta_didik_id: id(105), nama: 'Syahril Nugraha', nisn: '0076543210' },
  { anggota_rombel_id: id(6), peserta_didik_id: id(106), nama: 'Yohana Sitorus', nisn: '0065432109' },
];

export const TP: TpColumn[] = [
  { tp_id: id(201), label: 'TP 1', deskripsi: 'Menjelaskan konsep jaringan komputer' },
  { tp_id: id(202), label: 'TP 2', deskripsi: 'Mengonfigurasi alamat IP' },
  { tp_id: id(203), label: 'TP 3', deskripsi: 'Menguji koneksi jaringan' },
] as TpColumn[];

export const PEMBELAJARAN_ID = id(301);
export const SEMESTER_ID = '20251';

/** Scores of the filled-in file: pupil index → [TP 1, TP 2, TP 3]. */
export const SCORES: number[][] = [
  [80, 85, 90],
  [70, 75, 78],
  [88, 92, 95],
  [60, 65, 70],
  [77, 81, 84],
  [90, 93, 97],
];
/** Sumatif akhir semester of the filled-in file: [non-tes, tes]. */
export const SAS: number[][] = [
  [80, 82],
  [70, 74],
  [90, 88],
  [65, 60],
  [79, 83],
  [95, 91],
];

export function templateInput(jenis: TemplateInput['jenis']): TemplateInput {
  return {
    jenis,
    pembelajaranId: PEMBELAJARAN_ID,
    rombonganBelajarId: id(401),
    mapel: 'Dasar-dasar Teknik Jaringan Komputer dan Telekomunikasi',
    kelas: 'X TKJ 1',
    tahunPelajaran: '2025/2026 Ganjil',
    semesterId: SEMESTER_ID,
    pupils: PUPILS,
    tp: TP,
    values: new Map(),
  };
}
