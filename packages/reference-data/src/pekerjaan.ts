import data from '../data/pekerjaan.json' with { type: 'json' };

/** `ref.pekerjaan` (parents' occupations; `pekerjaan_id_ayah/ibu/wali` point here). */
export interface RefPekerjaan {
  pekerjaan_id: number;
  nama: string;
  a_wirausaha: string;
  a_pejabat_publik: string;
  create_date: string;
  last_update: string;
  expired_date: string | null;
  last_sync: string;
}

export const pekerjaan: readonly RefPekerjaan[] = data as RefPekerjaan[];
