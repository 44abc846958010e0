import data from '../data/kurikulum.json' with { type: 'json' };

/**
 * `ref.kurikulum`: every "SMK Merdeka ..." curriculum plus the K13 SMK curricula the demo uses.
 * The curriculum family is read from the name ("Merdeka" → Kurikulum Merdeka, "REV" → K13 revisi).
 */
export interface RefKurikulum {
  kurikulum_id: number;
  nama_kurikulum: string;
  mulai_berlaku: string;
  sistem_sks: string;
  total_sks: string;
  jenjang_pendidikan_id: string;
  jurusan_id: string | null;
  create_date: string;
  last_update: string;
  expired_date: string | null;
  last_sync: string;
}

export const kurikulum: readonly RefKurikulum[] = data as RefKurikulum[];

export const kurikulumById: ReadonlyMap<number, RefKurikulum> = new Map(
  kurikulum.map((k) => [k.kurikulum_id, k]),
);
