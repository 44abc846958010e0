import type { JenisTemplate } from '@erapor/contract/penilaian/asesmen';

/*
 * Where things are in the grade templates (reference-domain §9), shared by the writer (excel.ts)
 * and the reader (excel-upload.ts). The writer puts them exactly here; the reader looks for them
 * by their headings and hidden keys, so a teacher's inserted row or column does not break a file.
 */

/** The very hidden sheet that says what a file is. */
export const META_SHEET = 'erapor';
export const META_MARK = 'e-Rapor SMK template nilai';

/** SLM / SAS: hidden column keys, headings, first pupil; the identity columns. */
export const KEY_ROW = 8;
export const HEAD_ROW = 9;
export const FIRST_ROW = 10;
export const FIRST_VALUE_COL = 5;
export const HEADINGS = ['No', 'PD_ID', 'Nama', 'NISN'] as const;

/** Nilai akhir: one row per pupil and TP. */
export const NA_HEAD_ROW = 12;
export const NA_FIRST_ROW = 13;
export const NA_HEADINGS = [
  'NO',
  'PD_ID',
  'NAMA',
  'NISN',
  'NILAI AKHIR',
  'TP_ID',
  'KETERCAPAIAN KOMPETENSI',
  'DESKRIPSI TP',
] as const;

export const SHEET_NAME: Record<JenisTemplate, string> = {
  'lingkup-materi': 'Sumatif Lingkup Materi',
  'akhir-semester': 'Sumatif Akhir Semester',
  'nilai-akhir': 'Nilai Akhir',
};
