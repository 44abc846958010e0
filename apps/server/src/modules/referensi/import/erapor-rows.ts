import { createHash } from 'node:crypto';
import { mataPelajaranErapor } from '@erapor/reference-data/mata-pelajaran';
import { refJenisPtk, refP5Opsi, refTeknikPenilaian } from '../../../db/tables/referensi-ref';
import type { SourceRow } from './readers';
import { TARGETS, type Target } from './sources';

/** A stable UUID from a name (same input, same id), so seeded rows upsert instead of duplicating. */
export function nameUuid(name: string): string {
  const h = createHash('sha1').update(`erapor-smk:${name}`).digest('hex');
  const variant = ((Number.parseInt(h[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const jenisPtkFlags = Object.fromEntries(
  [
    'guru_kelas',
    'guru_matpel',
    'guru_bk',
    'guru_inklusi',
    'guru_pengganti',
    'pengawas_satdik',
    'pengawas_plb',
    'pengawas_matpel',
    'pengawas_bidang',
    'tas',
    'tendik_lainnya',
    'formal',
  ].map((k) => [k, 0]),
);

/** The achievement scale of P5 (reference-domain §4): UIs and prints leave out opsi 1. */
const P5_OPSI: SourceRow[] = [
  {
    opsi_id: 1,
    kode: 'BB',
    nama: 'Belum Berkembang',
    deskripsi: 'Peserta didik masih membutuhkan bimbingan dalam mengembangkan kemampuan',
    warna: 'yellow',
  },
  {
    opsi_id: 2,
    kode: 'MB',
    nama: 'Mulai Berkembang',
    deskripsi: 'Peserta didik mulai mengembangkan kemampuan namun masih belum ajek',
    warna: 'yellow',
  },
  {
    opsi_id: 5,
    kode: 'SB',
    nama: 'Sedang Berkembang',
    deskripsi: 'Peserta didik mulai mengembangkan kemampuan',
    warna: 'blue',
  },
  {
    opsi_id: 3,
    kode: 'BSH',
    nama: 'Berkembang Sesuai Harapan',
    deskripsi: 'Peserta didik telah mengembangkan kemampuan hingga berada dalam tahap ajek',
    warna: 'red',
  },
  {
    opsi_id: 4,
    kode: 'SAB',
    nama: 'Sangat Berkembang',
    deskripsi: 'Peserta didik mengembangkan kemampuannya melampaui harapan',
    warna: 'green',
  },
];

/** Built-in assessment techniques per kompetensi_id (reference-domain §1.4). */
const TEKNIK: [kompetensiId: number, nama: string, bobot: number][] = [
  [1, 'Tes Tertulis', 1],
  [1, 'Tes Lisan', 1],
  [1, 'Penugasan', 1],
  [2, 'Portofolio', 1],
  [2, 'Kinerja', 1],
  [2, 'Proyek', 1],
  [3, 'Sumatif (SMK PK)', 1],
  [3, 'Formatif (SMK PK)', 0],
  [4, 'Sumatif Lingkup Materi', 1],
  [4, 'Sumatif Akhir Semester', 1],
];

/**
 * Rows e-Rapor adds to the national reference itself (they are in no published file): PTK kinds
 * 97 Instruktur and 98 Asesor, the subject 800001000 Praktik Kerja Lapangan, the P5 scale and the
 * assessment techniques. Loaded with the built-in set and after every directory import.
 */
export function eraporRows(): { label: string; target: Target; rows: SourceRow[] }[] {
  return [
    {
      label: 'jenis_ptk 97/98',
      target: { table: refJenisPtk },
      rows: [
        { jenis_ptk_id: 97, jenis_ptk: 'Instruktur', ...jenisPtkFlags },
        { jenis_ptk_id: 98, jenis_ptk: 'Asesor', ...jenisPtkFlags },
      ],
    },
    {
      label: 'mata_pelajaran e-Rapor',
      target: TARGETS.mataPelajaran,
      rows: mataPelajaranErapor.map((m) => ({ ...m }) as SourceRow),
    },
    { label: 'opsi P5', target: { table: refP5Opsi }, rows: P5_OPSI },
    {
      label: 'teknik penilaian',
      target: { table: refTeknikPenilaian },
      rows: TEKNIK.map(([kompetensiId, nama, bobot]) => ({
        teknik_penilaian_id: nameUuid(`teknik:${kompetensiId}:${nama}`),
        sekolah_id: null,
        kompetensi_id: kompetensiId,
        nama,
        bobot,
      })),
    },
  ];
}
