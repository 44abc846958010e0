import data from '../data/jurusan.json' with { type: 'json' };

/**
 * `ref.jurusan`, SMK programmes in use: bidang (level_bidang_id "10") > program keahlian ("11") >
 * konsentrasi keahlian ("12"), linked by `jurusan_induk`.
 */
export interface RefJurusan {
  jurusan_id: string;
  nama_jurusan: string;
  untuk_sma: string;
  untuk_smk: string;
  untuk_pt: string;
  untuk_slb: string;
  untuk_smklb: string;
  jenjang_pendidikan_id: string | null;
  jurusan_induk: string | null;
  level_bidang_id: string;
  create_date: string;
  last_update: string;
  expired_date: string | null;
  last_sync: string;
}

export const jurusan: readonly RefJurusan[] = data as RefJurusan[];

export const jurusanById: ReadonlyMap<string, RefJurusan> = new Map(jurusan.map((j) => [j.jurusan_id, j]));
