import data from '../data/ref_kelompok.json' with { type: 'json' };

/** `ref.kelompok` (subject groups; Kurikulum Merdeka uses 16 "A. Kelompok Mata Pelajaran Umum" and 17 "B. ... Kejuruan"). */
export interface RefKelompok {
  id: number;
  nama_kelompok: string;
  kurikulum: number;
  created_at: string;
  updated_at: string;
}

export const kelompok: readonly RefKelompok[] = data as RefKelompok[];
