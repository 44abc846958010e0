import data from '../data/mata_pelajaran_kurikulum.json' with { type: 'json' };

/**
 * `ref.mata_pelajaran_kurikulum` rows of the curricula the demo school uses (see README). Merdeka SMK
 * lists only tingkat 10 (program keahlian curricula) and 11 (konsentrasi curricula); grade 12 follows 11.
 */
export interface RefMataPelajaranKurikulum {
  kurikulum_id: number;
  mata_pelajaran_id: number;
  tingkat_pendidikan_id: string;
  jumlah_jam: string;
  jumlah_jam_maksimum: string;
  status_di_kurikulum: string;
  wajib: string;
  sks: string;
  a_peminatan: string;
  area_kompetensi: string;
  gmp_id: string | null;
  create_date: string;
  last_update: string;
  expired_date: string | null;
  last_sync: string;
}

export const mataPelajaranKurikulum: readonly RefMataPelajaranKurikulum[] =
  data as RefMataPelajaranKurikulum[];
