import data from '../data/gelar_akademik.json' with { type: 'json' };

/** `ref.gelar_akademik`. `posisi_gelar` "1" = in front of the name, "2" = behind it. */
export interface RefGelarAkademik {
  gelar_akademik_id: number;
  kode: string;
  nama: string;
  posisi_gelar: string;
  create_date: string;
  last_update: string;
  expired_date: string | null;
  last_sync: string;
}

export const gelarAkademik: readonly RefGelarAkademik[] = data as RefGelarAkademik[];
