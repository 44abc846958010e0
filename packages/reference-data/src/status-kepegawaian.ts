import data from '../data/status_kepegawaian.json' with { type: 'json' };

/** `ref.status_kepegawaian` (1 PNS, 10 CPNS, 11 PPPK, 8 Guru Honor Sekolah, ...). */
export interface RefStatusKepegawaian {
  status_kepegawaian_id: number;
  nama: string;
  create_date: string;
  last_update: string;
  expired_date: string | null;
  last_sync: string;
}

export const statusKepegawaian: readonly RefStatusKepegawaian[] = data as RefStatusKepegawaian[];
