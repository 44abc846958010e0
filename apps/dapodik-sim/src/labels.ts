/**
 * Display strings the Web Service sends next to codes (`x_id` + `x_id_str`), read from the project's
 * reference data. Codes the reference does not hold get null, as a fresh Dapodik would show nothing.
 */
import { agama } from '@erapor/reference-data/agama';
import { jabatanPtk } from '@erapor/reference-data/jabatan-ptk';
import { jenisPtk } from '@erapor/reference-data/jenis-ptk';
import { jurusanById } from '@erapor/reference-data/jurusan';
import { kurikulumById } from '@erapor/reference-data/kurikulum';
import { mataPelajaranById } from '@erapor/reference-data/mata-pelajaran';
import { pekerjaan } from '@erapor/reference-data/pekerjaan';
import { statusKepegawaian } from '@erapor/reference-data/status-kepegawaian';

const byNumber = <T>(rows: readonly T[], id: (r: T) => number | string, name: (r: T) => string) => {
  const map = new Map(rows.map((r) => [Number(id(r)), name(r).trim()]));
  return (code: number | null | undefined): string | null =>
    code === null || code === undefined ? null : (map.get(code) ?? null);
};

export const agamaStr = byNumber(
  agama,
  (r) => r.id,
  (r) => r.nama,
);
export const pekerjaanStr = byNumber(
  pekerjaan,
  (r) => r.pekerjaan_id,
  (r) => r.nama,
);
export const jenisPtkStr = byNumber(
  jenisPtk,
  (r) => r.jenis_ptk_id,
  (r) => r.jenis_ptk,
);
export const jabatanPtkStr = byNumber(
  jabatanPtk,
  (r) => r.jabatan_ptk_id,
  (r) => r.nama,
);
export const statusKepegawaianStr = byNumber(
  statusKepegawaian,
  (r) => r.status_kepegawaian_id,
  (r) => r.nama,
);

export const kurikulumStr = (id: number) => kurikulumById.get(id)?.nama_kurikulum.trim() ?? null;
export const jurusanStr = (id: string | null) =>
  id ? (jurusanById.get(id)?.nama_jurusan.trim() ?? null) : null;
export const mapelStr = (id: number) => mataPelajaranById.get(id)?.nama.trim() ?? null;

export const JENIS_ROMBEL_STR: Readonly<Record<number, string>> = {
  1: 'Kelas',
  16: 'Kelas Matpel Pilihan',
  51: 'Ekstrakurikuler',
};

/** The generator's codes (packages/demo-school README: 1 Siswa baru, 2 Pindahan). */
export const JENIS_PENDAFTARAN_STR: Readonly<Record<number, string>> = { 1: 'Siswa baru', 2: 'Pindahan' };

/** Codes of ref.jenis_keluar as the generator assumes them; 1 (Lulus) is used by new-semester. */
export const JENIS_KELUAR_STR: Readonly<Record<number, string>> = {
  1: 'Lulus',
  2: 'Mutasi',
  3: 'Dikeluarkan',
  4: 'Mengundurkan diri',
  5: 'Putus Sekolah',
  6: 'Wafat',
  7: 'Hilang',
};

export const STATUS_SEKOLAH_STR: Readonly<Record<number, string>> = { 1: 'Negeri', 2: 'Swasta' };

export const tingkatStr = (tingkat: number) => `Kelas ${tingkat}`;
