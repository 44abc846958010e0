import data from '../data/ref_agama.json' with { type: 'json' };

/** `ref.agama` as e-Rapor publishes it (`ref_agama.json`). `id` is the Dapodik `agama_id`. */
export interface RefAgama {
  id: number;
  nama: string;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
}

export const agama: readonly RefAgama[] = data as RefAgama[];
