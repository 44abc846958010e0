import { rapikanTeksTersimpan } from '@erapor/contract/teks';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  refAgama,
  refCapaianPembelajaran,
  refGelarAkademik,
  refJabatanPtk,
  refJenisPtk,
  refJurusan,
  refKelompok,
  refKompetensiDasar,
  refKurikulum,
  refLevelWilayah,
  refMataPelajaran,
  refMataPelajaranKurikulum,
  refMstWilayah,
  refNegara,
  refP5Dimensi,
  refP5Elemen,
  refP5SubElemen,
  refPekerjaan,
  refStatusKepegawaian,
} from '../../../db/tables/referensi-ref';
import { semester, tahunAjaran } from '../../../db/tables/sekolah';
import { FIRST_TAHUN_AJARAN } from '../../sekolah/service';
import type { SourceRow } from './readers';

/** What `map` makes of a source row: a row for the table, or a reason to leave it out (not an error). */
export type Mapped = SourceRow | { skip: string };

export const isSkip = (m: Mapped): m is { skip: string } =>
  typeof (m as { skip?: unknown }).skip === 'string' && Object.keys(m).length === 1;

/** A table the import writes, and how. */
export interface Target {
  table: PgTable;
  /** Source field → column, for fields named differently from the column. */
  map?: (row: SourceRow) => Mapped;
  /**
   * Only these columns are updated when the row exists (all the row's columns are inserted when it
   * does not). For files that repeat another file's rows with less authority.
   */
  updateOnly?: string[];
  /** The workbooks of capaian pembelajaran carry no id: one is found or allocated per row. */
  assignCpId?: boolean;
}

/** A file as published, relative to the reference directory, and where its rows go. */
export interface SourceFile {
  /** e.g. `json/ref_agama.json`, `json/kompetensi_dasar/*.json`, `xlsx/p5.xlsx`. */
  pattern: string;
  kind: 'json' | 'xlsx';
  /** JSON: the one target. */
  target?: Target;
  /** Workbooks: target per sheet name; a sheet not listed here is reported and skipped. */
  sheets?: Record<string, Target>;
  /** Workbooks whose every sheet goes to one target. */
  anySheet?: Target;
}

const rename =
  (renames: Record<string, string>, then?: (row: SourceRow) => Mapped) =>
  (row: SourceRow): Mapped => {
    const out: SourceRow = { ...row };
    for (const [from, to] of Object.entries(renames)) {
      if (from in out) {
        out[to] = out[from];
        delete out[from];
      }
    }
    return then ? then(out) : out;
  };

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/**
 * Semesters and academic years: e-Rapor's own period list starts at 2020/2021 (sekolah/service);
 * older national rows are skipped. `periode_aktif` is never taken from the file: the administrator
 * alone chooses the active period.
 */
function period(row: SourceRow): Mapped {
  const year = Number(row.tahun_ajaran_id);
  if (Number.isInteger(year) && year < FIRST_TAHUN_AJARAN) {
    return { skip: `sebelum ${FIRST_TAHUN_AJARAN}/${FIRST_TAHUN_AJARAN + 1}` };
  }
  const { periode_aktif: _ignored, ...rest } = row;
  return rest;
}

/** Capaian pembelajaran rows: the phase code trimmed ("F " is published); blank rows skipped. */
function cpRow(row: SourceRow): Mapped {
  const content = ['mata_pelajaran_id', 'fase', 'elemen', 'deskripsi'];
  if (content.every((c) => blank(row[c]))) return { skip: 'baris kosong' };
  const out = { ...row };
  if (typeof out.fase === 'string') out.fase = out.fase.trim();
  return out;
}

/**
 * P5 rows: their text as it is printed (`rapikanTeksTersimpan`, decision 056). The published p5.xlsx
 * lost the line breaks between some words ("yangkompleks"); they are split back here, so the
 * built-in set and a national file store the same clean text.
 */
const p5Text =
  (field: string) =>
  (row: SourceRow): Mapped => {
    const v = row[field];
    return typeof v === 'string' ? { ...row, [field]: rapikanTeksTersimpan(v) } : row;
  };

export const TARGETS = {
  agama: { table: refAgama },
  pekerjaan: { table: refPekerjaan },
  jenisPtk: { table: refJenisPtk },
  statusKepegawaian: { table: refStatusKepegawaian },
  jabatanPtk: { table: refJabatanPtk },
  gelarAkademik: { table: refGelarAkademik },
  /** gelar.json is e-Rapor's older copy of gelar_akademik.json: it adds its own dates only. */
  gelarErapor: { table: refGelarAkademik, updateOnly: ['created_at', 'updated_at', 'deleted_at'] },
  kelompok: { table: refKelompok },
  levelWilayah: { table: refLevelWilayah },
  mstWilayah: { table: refMstWilayah },
  negara: { table: refNegara },
  jurusan: { table: refJurusan },
  kurikulum: { table: refKurikulum },
  mataPelajaran: { table: refMataPelajaran },
  mataPelajaranKurikulum: { table: refMataPelajaranKurikulum },
  kompetensiDasar: { table: refKompetensiDasar },
  tahunAjaran: { table: tahunAjaran, map: period },
  semester: { table: semester, map: period },
  /** ref_cp_2.xlsx: `no` is the national cp_id (e-Rapor's RefCP command uses it so). */
  cpNasional: { table: refCapaianPembelajaran, map: rename({ no: 'cp_id' }, cpRow) },
  /** ref_cp.xlsx, ref_cp_pkl.xlsx: no id in the file. */
  cpTambahan: { table: refCapaianPembelajaran, map: cpRow, assignCpId: true },
  p5Dimensi: { table: refP5Dimensi, map: p5Text('dimensi') },
  p5Elemen: { table: refP5Elemen, map: p5Text('elemen') },
  p5SubElemen: { table: refP5SubElemen, map: rename({ 'kede elemen': 'kode_elemen' }, p5Text('sub_elemen')) },
} satisfies Record<string, Target>;

/**
 * The published directory, in import order: codes before the tables that use them, academic years
 * before semesters, the Dapodik title list before e-Rapor's copy of it.
 */
export const SOURCE_FILES: readonly SourceFile[] = [
  { pattern: 'json/ref_agama.json', kind: 'json', target: TARGETS.agama },
  { pattern: 'json/pekerjaan.json', kind: 'json', target: TARGETS.pekerjaan },
  { pattern: 'json/jenis_ptk.json', kind: 'json', target: TARGETS.jenisPtk },
  { pattern: 'json/status_kepegawaian.json', kind: 'json', target: TARGETS.statusKepegawaian },
  { pattern: 'json/jabatan_ptk.json', kind: 'json', target: TARGETS.jabatanPtk },
  { pattern: 'json/gelar_akademik.json', kind: 'json', target: TARGETS.gelarAkademik },
  { pattern: 'json/gelar.json', kind: 'json', target: TARGETS.gelarErapor },
  { pattern: 'json/ref_kelompok.json', kind: 'json', target: TARGETS.kelompok },
  { pattern: 'json/tahun_ajaran.json', kind: 'json', target: TARGETS.tahunAjaran },
  { pattern: 'json/semester.json', kind: 'json', target: TARGETS.semester },
  { pattern: 'json/level_wilayah.json', kind: 'json', target: TARGETS.levelWilayah },
  { pattern: 'json/mst_wilayah_*.json', kind: 'json', target: TARGETS.mstWilayah },
  { pattern: 'json/negara.json', kind: 'json', target: TARGETS.negara },
  { pattern: 'json/jurusan.json', kind: 'json', target: TARGETS.jurusan },
  { pattern: 'json/kurikulum.json', kind: 'json', target: TARGETS.kurikulum },
  { pattern: 'json/mata_pelajaran.json', kind: 'json', target: TARGETS.mataPelajaran },
  {
    pattern: 'json/mata_pelajaran_kurikulum/*.json',
    kind: 'json',
    target: TARGETS.mataPelajaranKurikulum,
  },
  { pattern: 'json/kompetensi_dasar/*.json', kind: 'json', target: TARGETS.kompetensiDasar },
  { pattern: 'xlsx/ref_cp_2.xlsx', kind: 'xlsx', anySheet: TARGETS.cpNasional },
  { pattern: 'xlsx/ref_cp.xlsx', kind: 'xlsx', anySheet: TARGETS.cpTambahan },
  { pattern: 'xlsx/ref_cp_pkl.xlsx', kind: 'xlsx', anySheet: TARGETS.cpTambahan },
  {
    pattern: 'xlsx/p5.xlsx',
    kind: 'xlsx',
    sheets: { dimensi: TARGETS.p5Dimensi, elemen: TARGETS.p5Elemen, sub_elemen: TARGETS.p5SubElemen },
  },
];
